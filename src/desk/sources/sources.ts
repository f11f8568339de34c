import type { Env } from '../../env';
import { TIME_ZONE } from '../../words/site';
import { sourceOf } from '../../shared/visit-source';
import { dayOf } from '../../store/sources/counters';
import { getBookingStore } from '../../store/bookings/open';
import { getLeadStore } from '../../store/leads/open';
import { LEAD_KINDS } from '../../store/leads/lead';
import { visitDays, visitPauses } from '../../store/sources/visits';
import type { LeadRecord } from '../../store/leads/listing';
import { publishedContent } from '../../store/site-content/published-content';
import { periodMoney } from './money/period-money';
import { programRevenue } from './money/revenue';
import { periodShowUps } from './show-up/period-show-ups';
import { getGuideStore } from '../../store/guides/open';
import type { SourcePeriod, SourceReport } from './source-report';
import { type PeriodLead, quizInsight, sourceRows, weeklyPoints } from './source-rows';

const DAY = 86_400_000;
/** Leads read per kind and period, a page at a time: far above what a period brings; the rest is not counted. */
const LEAD_PAGES = 25;
const PAGE = 200;
/** Bookings read for the period. */
const BOOKINGS_LIMIT = 2000;

/** The instant (ISO) an owners' day starts. */
const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - TIME_ZONE.utcOffsetMinutes * 60_000);

/**
 * A period of `days` days ending today, in the owners' time zone: its first and last day (YYYY-MM-DD) and the
 * instants (ISO) it starts and ends. Sources and Numbers count over the same days.
 */
export function periodOf(days: number, now = Date.now()) {
  const to = dayOf(now);
  const from = dayOf(now - (days - 1) * DAY);
  return { from, to, start: startOf(from).toISOString(), end: new Date(startOf(to).getTime() + DAY).toISOString() };
}

/** Every lead of `kind` that arrived from `from` (ISO) on, newest first, up to the cap. */
export async function leadsFrom(env: Env, kind: (typeof LEAD_KINDS)[number], from: string): Promise<LeadRecord[]> {
  const store = getLeadStore(env);
  const found: LeadRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < LEAD_PAGES; page++) {
    const result = await store.list({ kind, from, limit: PAGE, ...(cursor && { cursor }) });
    found.push(...result.leads);
    if (!result.next) break;
    cursor = result.next;
  }
  return found;
}

/**
 * The period's leads by their first-touch source and campaign, each with the calls it booked (bookings first
 * heard of in the period and linked to it; a rescheduled call counts once) and whether it became a client.
 */
async function periodLeads(env: Env, from: string, until: string): Promise<PeriodLead[]> {
  const [records, bookings] = await Promise.all([
    Promise.all(LEAD_KINDS.map((kind) => leadsFrom(env, kind, from))).then((all) => all.flat()),
    getBookingStore(env).receivedBetween(from, until, BOOKINGS_LIMIT),
  ]);
  const calls = new Map<string, number>();
  for (const b of bookings) {
    if (b.replaces || !b.lead) continue;
    const key = `${b.lead.kind}:${b.lead.id}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  }
  return records.map((lead) => {
    const { source, campaign } = sourceOf(lead.attribution);
    return {
      kind: lead.kind,
      source,
      campaign,
      day: dayOf(Date.parse(lead.createdAt)),
      calls: calls.get(`${lead.kind}:${lead.id}`) ?? 0,
      client: lead.desk.status === 'client',
      ...(lead.kind === 'quiz' && { answers: lead.answers, recommended: lead.recommended }),
    };
  });
}

/**
 * The Sources page's report for the last `days` days (today included, in the owners' time zone): visits from the
 * server's counts, leads by their stored first-touch attribution, calls and clients by their lead, calls attended
 * and missed by their start and their lead, free guides by the source their request kept. With `source`,
 * the quiz insight is that source's alone.
 */
export async function sourceReport(
  env: Env,
  days: SourcePeriod,
  source?: string,
  now = Date.now(),
): Promise<SourceReport> {
  const { from, to, start, end } = periodOf(days, now);
  const [counted, listed, pauses, money, showUps, { content }, guideCounts] = await Promise.all([
    visitDays(env.DB, from),
    periodLeads(env, start, end),
    visitPauses(env.DB, from),
    periodMoney(env, start, end),
    periodShowUps(env, start, end),
    publishedContent(env.FEEDS),
    getGuideStore(env).counts(start, end),
  ]);
  const guideTitles = new Map(content.guides.map((g) => [g.slug, g.title]));
  // Only the period's days: a count dated later (a clock set back) is not this period's.
  const visits = counted.filter((v) => v.day <= to);
  const leads = listed.filter((l) => l.day >= from && l.day <= to);
  const { rows, total } = sourceRows(visits, leads, money, showUps);
  const only = <T extends { source: string }>(list: T[]) => (source ? list.filter((x) => x.source === source) : list);
  return {
    days,
    from,
    to,
    rows,
    total,
    // Asked for one source, the chart is that source's; else the top sources'.
    weekly: weeklyPoints(only(rows), visits, leads, from, to),
    quizSource: source ?? null,
    quiz: quizInsight(only(visits), only(leads)),
    programs: programRevenue(money, new Map(content.programs.map((p) => [p.slug, p.title]))),
    paused: pauses.filter((p) => p.day <= to),
    guides: guideCounts.map((g) => ({ ...g, title: guideTitles.get(g.guide) ?? g.guide })),
  };
}
