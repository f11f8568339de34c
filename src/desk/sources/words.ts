/** What the desk says on the Sources page: where visits, leads, calls and clients come from. */
import { TIME_ZONE } from '../../words/site';

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "22 Nov" for 2026-11-22 (the day is already the owners' own). */
const shortDay = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));

/** "14:05" for an instant (ISO), in the owners' time zone. */
const clockTime = (iso: string) =>
  new Date(Date.parse(iso) + TIME_ZONE.utcOffsetMinutes * 60_000).toISOString().slice(11, 16);
const count = new Intl.NumberFormat('en-IN');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const deskSources = {
  nav: 'Sources',
  title: 'Sources',
  intro:
    'Where visitors come from, and how many of them take the quiz, leave their details, book a call and become clients. Visits are counted on the server, without cookies; leads by where their first visit came from.',
  period: (from: string, to: string) => `${shortDay(from)} to ${shortDay(to)}`,
  periodLabel: 'Period',
  days: (n: number) => `${n} days`,
  csv: 'Download CSV',
  /** The total's own file: the rows' CSV holds no total, so a spreadsheet's sum over a column counts each visit once. */
  csvTotal: 'Download the total (CSV)',
  csvHint: 'The CSV has one row per source and campaign; the total is a file of its own.',
  /**
   * A day of the period on which counting visits paused: the site's ceiling of new visitors a day
   * (VISITS_DAILY_LIMIT) was reached, as when something floods the site.
   */
  paused: (day: string, since: string, ceiling: number, today: boolean) =>
    today
      ? `Counting visits paused today at ${clockTime(since)}: ${count.format(ceiling)} new visitors were counted, the most a day allows, as happens when something floods the site. Later visits today are not counted; counting starts again tomorrow.`
      : `Counting visits paused on ${shortDay(day)} at ${clockTime(since)}: ${count.format(ceiling)} new visitors were counted, the most a day allows. Later visits that day are not counted.`,
  empty:
    'No visits and no leads in this period yet. Visits appear here once someone opens the site, leads once someone sends a form.',
  /** The table's columns, in the funnel's order; leads by kind use the desk's kind labels. */
  columns: {
    source: 'Source',
    visits: 'Visits',
    quizOpened: 'Quiz opened',
    quizFinished: 'Quiz finished',
    leads: (kind: string) => `${kind} leads`,
    calls: 'Calls booked',
    clients: 'Clients',
  },
  tableHeading: 'From visit to client, per source',
  tableCaption: 'Visits, leads, calls and clients per source, each with its rate of the step before.',
  /** The name of the table's box (it scrolls sideways when the screen is narrower than the table). */
  tableBox: 'Table of visits, leads, calls and clients per source',
  total: 'All sources',
  campaign: (name: string) => `Campaign: ${name}`,
  /** A source's link to the page filtered to it. */
  showQuiz: (source: string) => `${source}: its quiz answers`,
  /** Between two steps: "12 % of visits" (the number and its sign never split); a step after nothing shows "—". */
  rate: (percent: string, of: string) => `${percent} of ${of}`,
  percent: (value: number) => (value > 0 && value < 1 ? '<1\u00a0%' : `${Math.round(value)}\u00a0%`),
  noRate: '—',
  noRateLabel: 'no rate: the step before is zero',
  rateOf: {
    visits: 'visits',
    quizOpened: 'opened',
    quizFinished: 'finished',
    leads: 'leads',
    calls: 'calls',
  },
  chart: {
    heading: 'Visits and leads per week',
    name: (sources: number) =>
      sources === 1
        ? 'Visits and leads per week for the top source'
        : `Visits and leads per week for the top ${plural(sources, 'source', 'sources')}, one small chart each`,
    /** The chart of the one source the page is narrowed to. */
    nameFor: (source: string) => `Visits and leads per week from ${source}`,
    panelName: (source: string, visits: number, leads: number, weeks: number) =>
      `${source}: ${plural(visits, 'visit', 'visits')} and ${plural(leads, 'lead', 'leads')} over ${plural(weeks, 'week', 'weeks')}`,
    summary: (source: string, visits: number, leads: number, busiest: string | null) =>
      `${source}: ${plural(visits, 'visit', 'visits')}, ${plural(leads, 'lead', 'leads')}` +
      (busiest ? `; the busiest week began ${shortDay(busiest)}.` : '.'),
    legendVisits: 'Visits (line)',
    legendLeads: 'Leads (bars)',
    visits: 'Visits',
    leads: 'Leads',
    week: (monday: string) => shortDay(monday),
    weeksAxis: 'Weeks, from Monday',
    none: 'No weeks to draw yet.',
  },
  quiz: {
    heading: 'The quiz',
    headingFor: (source: string) => `The quiz, visitors from ${source}`,
    all: 'Show all sources',
    intro: 'Counts only: which answers people chose, where they stopped and what the quiz recommended.',
    answers: 'Answers',
    share: (count: number, percent: string) => `${count} (${percent})`,
    steps: 'Where people stop',
    stepColumn: 'Step',
    step: (n: number) => (n === 1 ? 'Step 1 (opened the quiz)' : `Step ${n}`),
    reached: 'Reached',
    stopped: 'Stopped here',
    stoppedValue: (count: number, percent: string) => `${count} (${percent})`,
    programs: 'Programs recommended',
    none: 'Nobody took the quiz in this period.',
    /** The quiz was opened, but nobody sent it: no answers are known (they are kept only with a quiz response). */
    noAnswers: 'Nobody sent the quiz in this period, so no answers are known yet.',
    noPrograms: 'No program was recommended in this period.',
  },
  errors: {
    days: 'Choose 7, 30 or 90 days.',
    source: 'A source is 1 to 40 lower-case letters, digits, dots, dashes or underscores.',
    to: 'Give the last day as a date: YYYY-MM-DD.',
  },
  csvFileName: (days: number) => `sources-${days}d.csv`,
  csvTotalFileName: (days: number) => `sources-total-${days}d.csv`,
  /** The CSV's header row; leads by kind follow the quiz columns. */
  csvHeaders: {
    source: 'source',
    campaign: 'campaign',
    visits: 'visits',
    quizOpened: 'quiz opened',
    quizFinished: 'quiz finished',
    leads: (kind: string) => `leads ${kind}`,
    calls: 'calls booked',
    clients: 'clients',
  },
} as const;
