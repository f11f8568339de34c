import { Hono } from 'hono';
import { InboxPage } from './inbox';
import { UpcomingCalls } from './calls';
import { upcomingCalls } from '../bookings/bookings';
import { DeadLeadsPage } from './dead-leads';
import { desk as copy } from '../../words/desk';
import { deadLeads } from '../../store/leads/dead-leads';
import { exportCsv } from '../export';
import { ListParams, parse, toQuery } from '../params';
import { getLeadStore } from '../../store/leads/open';
import { renderDeskPage, type DeskEnv } from '../page';
import { inboxReplies } from '../conversations/conversation-parts';
import { waitingCount } from '../../notify/conversations/waiting';
import { deskReplies } from '../replies/words';
import { readPart } from '../part';
import { PartUnreadable } from '../store-down';
import { HowItWent, unmarkedCalls } from '../bookings/how-it-went';
import { ownerNames } from '../bookings/outcome';
import { duePart } from './next/due-part';
import { inboxOwners, ownerFilter } from './owner/owners';

const PAGE_SIZE = 50;

/** The desk's lists of leads: the inbox (filtered, a page at a time), the dead leads and the CSV export. */
export const inbox = new Hono<DeskEnv>();

inbox.get('/', async (c) => {
  const params = parse(ListParams, c.req.query());
  const page = await getLeadStore(c.env).list(toQuery(params, PAGE_SIZE, ownerFilter(c, params.owner)));
  // The conversations, the answers and the calls are parts of their own: one that cannot be read says so alone.
  const path = new URL(c.req.url).pathname;
  const read = await readPart('replies', () => inboxReplies(c.env, c.var.owner.email), path);
  const replies = read.ok
    ? read.value
    : { strip: <PartUnreadable what="replies" />, unread: new Map<string, number>() };
  // Where the hourly digest sends the owners: it says how many conversations wait for an answer (the digest's
  // approved WhatsApp template has a fixed set of parameters, so the count is told here).
  const waiting = await readPart('waiting', () => waitingCount(c.env), path);
  const banners =
    waiting.ok && waiting.value > 0
      ? [{ tone: 'warning' as const, text: deskReplies.waitingBanner(waiting.value), href: '/desk/conversations' }]
      : [];
  // The calls come first on the inbox itself: not on a search, a filter or an older page.
  const { cursor, ...filters } = params;
  const first = !cursor && Object.values(filters).every((v) => !v);
  const now = new Date();
  const upcoming = first ? await readPart('calls', () => upcomingCalls(c.env, now), path) : null;
  // Calls whose end passed a day ago and that nobody marked: asked about under the upcoming ones.
  const unmarked = first ? await readPart('calls', () => unmarkedCalls(c.env, now), path) : null;
  const marks = { now, who: ownerNames(c.env), from: 'inbox' as const };
  const calls = !upcoming ? null : upcoming.ok ? (
    <>
      <UpcomingCalls {...upcoming.value} />
      {unmarked?.ok ? <HowItWent calls={unmarked.value} marks={marks} /> : null}
    </>
  ) : (
    <PartUnreadable what="calls" />
  );
  // The leads to come back to (overdue, due today, no call yet) come next, on the inbox itself too.
  const due = first ? await duePart(c, now, marks.who, path) : null;
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
      due={due}
      owners={inboxOwners(c)}
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
  return exportCsv(getLeadStore(c.env), params, ownerFilter(c, params.owner));
});
