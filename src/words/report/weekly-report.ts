/** What the owners' Monday report email says (src/desk/report/). Counts and first names only. */
import { TIME_ZONE } from '../site';

const OFFSET = TIME_ZONE.utcOffsetMinutes * 60_000;
const count = new Intl.NumberFormat('en-IN');
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', timeZone: 'UTC' });
const callDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`);
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** "23–29 Nov", or "30 Nov – 6 Dec" across two months (days already the owners' own). */
export function weekRange(from: string, to: string): string {
  if (from.slice(0, 7) === to.slice(0, 7)) return `${dayOnly.format(utcDay(from))}–${dayMonth.format(utcDay(to))}`;
  return `${dayMonth.format(utcDay(from))} – ${dayMonth.format(utcDay(to))}`;
}

export const weeklyReportWords = {
  subject: (leads: number, calls: number, range: string) =>
    `Your week: ${plural(leads, 'lead', 'leads')}, ${plural(calls, 'call', 'calls')} (${range})`,
  heading: (range: string) => `Your week, ${range}`,
  greeting: (name: string) => (name ? `Good morning, ${name}.` : 'Good morning.'),
  intro: (range: string, beforeRange: string) =>
    `What ${range} brought, with ${beforeRange} beside it, counted as the desk's Sources page counts.`,
  number: (n: number) => count.format(n),
  funnel: {
    heading: 'From visit to client',
    lastWeek: 'Last week',
    weekBefore: 'Week before',
    step: 'Step',
    visits: 'Visits',
    quizOpened: 'Quiz started',
    quizFinished: 'Quiz finished',
    leads: { quiz: 'Quiz responses', enquiry: 'Enquiries', newsletter: 'Newsletter sign-ups' },
    calls: 'Calls booked',
    attended: 'Calls attended',
    clients: 'Clients',
    revenue: 'Revenue',
    /** The bar chart's legend: last week's bar, then the week before's thinner one. */
    legend: 'Bars: last week (teal) and the week before (grey), against the largest step.',
  },
  sources: {
    heading: 'Per source',
    source: 'Source',
    leads: 'Leads',
    calls: 'Calls',
    clients: 'Clients',
    /** "4 (was 2)": last week's count and the week before's. */
    was: (now: number, before: number) => `${count.format(now)} (was ${count.format(before)})`,
    campaign: (name: string) => `· ${name}`,
    none: 'No visits or leads from any source in either week.',
    more: (n: number) => `${plural(n, 'more row', 'more rows')} on the Sources page.`,
  },
  now: {
    heading: 'This week',
    stillNew: 'Leads still new',
    stillNewCapped: (n: number) => `more than ${count.format(n)}`,
    waiting: 'Conversations waiting for an answer',
    calls: 'Calls booked this week',
    noCalls: 'No calls booked this week yet.',
    /** "Mon, 30 Nov, 10:00 — Asha" (the owners' time). */
    call: (at: string, first: string) => {
      const local = Date.parse(at) + OFFSET;
      const time = new Date(local).toISOString().slice(11, 16);
      return `${callDay.format(local)}, ${time} — ${first || 'Someone'}`;
    },
  },
  open: 'Open Sources for these days',
  inbox: 'Open the inbox',
  footer:
    'Each owner gets this email on Monday at 08:00. It holds counts and first names only. WEEKLY_REPORT=off stops it.',
};
