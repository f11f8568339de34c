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
import { inboxReplies } from './conversations';

const PAGE_SIZE = 50;

/** The desk's lists of leads: the inbox (filtered, a page at a time), the dead leads and the CSV export. */
export const inbox = new Hono<DeskEnv>();

inbox.get('/', async (c) => {
  const params = parse(ListParams, c.req.query());
  const page = await getLeadStore(c.env).list(toQuery(params, PAGE_SIZE));
  const replies = await inboxReplies(c.env);
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
