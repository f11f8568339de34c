import { Hono } from 'hono';
import { InboxPage } from '../../desk/views/inbox';
import { UpcomingCalls } from '../../desk/views/calls';
import { upcomingCalls } from '../../desk/bookings';
import { DeadLeadsPage } from '../../desk/views/dead-leads';
import { desk as copy } from '../../content/desk';
import { deadLeads } from '../../store/dead-leads';
import { exportCsv } from '../../desk/export';
import { ListParams, parse, toQuery } from '../../desk/params';
import { getLeadStore } from '../../store/port';
import { renderDeskPage, type DeskEnv } from './page';
import { inboxReplies } from './conversation-parts';
import { waitingCount } from '../../notify/waiting';
import { deskReplies } from '../../content/desk-replies';

const PAGE_SIZE = 50;

/** The desk's lists of leads: the inbox (filtered, a page at a time), the dead leads and the CSV export. */
export const inbox = new Hono<DeskEnv>();

inbox.get('/', async (c) => {
  const params = parse(ListParams, c.req.query());
  const page = await getLeadStore(c.env).list(toQuery(params, PAGE_SIZE));
  const replies = await inboxReplies(c.env, c.var.owner.email);
  // Where the hourly digest sends the owners: it says how many conversations wait for an answer (the digest's
  // approved WhatsApp template has a fixed set of parameters, so the count is told here).
  const waiting = await waitingCount(c.env);
  const banners =
    waiting > 0
      ? [{ tone: 'warning' as const, text: deskReplies.waitingBanner(waiting), href: '/desk/conversations' }]
      : [];
  // The calls come first on the inbox itself: not on a search, a filter or an older page.
  const { cursor, ...filters } = params;
  const first = !cursor && Object.values(filters).every((v) => !v);
  const calls = first ? <UpcomingCalls {...await upcomingCalls(c.env, new Date())} /> : null;
  return renderDeskPage(
    c,
    copy.kindsPlural[params.kind ?? 'all'],
    'inbox',
    params,
    <InboxPage
      leads={page.leads}
      params={params}
      next={page.next}
      replies={replies.strip}
      unread={replies.unread}
      calls={calls}
    />,
    200,
    banners,
  );
});

inbox.get('/dead', async (c) => {
  const leads = await deadLeads(c.env.DB);
  return renderDeskPage(c, copy.dead.title, 'inbox', {}, <DeadLeadsPage leads={leads} />);
});

inbox.get('/export.csv', (c) => {
  const params = parse(ListParams, c.req.query());
  return exportCsv(getLeadStore(c.env), params);
});
