import { readConfig, type Env } from '../../env';
import { sourceReport } from '../sources/sources';
import type { SourceReport } from '../sources/source-report';
import { greetingName } from '../../shared/lead-rules';
import { getBookingStore } from '../../store/bookings/open';
import type { LeadKind } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { waitingCount } from '../../notify/conversations/waiting';
import { reportWeek } from './week';

/** Leads still `new` counted a page at a time, up to this many pages per kind; past it the count says "more than". */
const NEW_PAGES = 5;
const PAGE = 200;
/** Calls of the coming week listed: far more than a coach's week holds. */
const CALLS = 100;
/** The kinds an owner follows up (a newsletter subscriber needs no call). */
const FOLLOWED: LeadKind[] = ['quiz', 'enquiry'];

/** A call of the coming week as the report names it: the first name the attendee gave and the start (ISO). */
export interface ReportCall {
  first: string;
  at: string;
}

/** What the Monday report tells, counts and first names only. */
export interface WeeklyReport {
  week: ReturnType<typeof reportWeek>;
  /** The Sources page's report for the finished week, and for the week before it (the same function, dates). */
  last: SourceReport;
  prior: SourceReport;
  /** Whether revenue has a row: payments are set up, or money moved in either week. */
  revenue: boolean;
  /** Quiz responses and enquiries still `new` now; `capped` when there are more than were counted. */
  stillNew: { count: number; capped: boolean };
  /** Calls still on in the week that starts this Monday, soonest first. */
  calls: ReportCall[];
  /** Conversations waiting for an answer past REPLY_DUE_HOURS now. */
  waiting: number;
}

/** The Sources page's `days=7` report as it read on the last day before `endMs` (a Sunday): that Monday-to-Sunday week. */
const weekEnding = (env: Env, endMs: number) => sourceReport(env, 7, undefined, endMs - 1);

/** Counts the leads of the followed kinds still `new`, a page at a time. */
async function stillNew(env: Env): Promise<WeeklyReport['stillNew']> {
  const store = getLeadStore(env);
  let count = 0;
  let capped = false;
  for (const kind of FOLLOWED) {
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page === NEW_PAGES) {
        capped = true;
        break;
      }
      const result = await store.list({ kind, status: 'new', limit: PAGE, ...(cursor && { cursor }) });
      count += result.leads.length;
      if (!result.next) break;
      cursor = result.next;
    }
  }
  return { count, capped };
}

/**
 * The report for the week `now` falls in: last week's funnel per source and campaign beside the week before
 * (the Sources page's own figures for those days), the leads still new, this week's calls and the waiting
 * conversations as they stand at `now`.
 */
export async function weeklyReport(env: Env, now: Date): Promise<WeeklyReport> {
  const week = reportWeek(now);
  const [last, prior, open, calls, waiting] = await Promise.all([
    weekEnding(env, week.end),
    weekEnding(env, week.start),
    stillNew(env),
    getBookingStore(env).upcoming(new Date(week.end).toISOString(), new Date(week.nextMonday).toISOString(), CALLS),
    waitingCount(env, now),
  ]);
  const moved = last.total.revenuePaise !== 0 || prior.total.revenuePaise !== 0;
  return {
    week,
    last,
    prior,
    revenue: moved || readConfig(env).payments.provider !== undefined,
    stillNew: open,
    // The first name only: a booking's name is whatever the attendee typed, often in full.
    calls: calls.map((b) => ({ first: greetingName(b.name), at: b.startAt })),
    waiting,
  };
}
