import type { SourceRow } from '../sources/source-report';
import { rupees } from '../../payments/money';
import { LEAD_KINDS } from '../../store/leads/lead';
import { weekRange, weeklyReportWords as words } from '../../words/report/weekly-report';
import type { WeeklyReport } from './report-data';

/** Source rows the email lists; the rest are on the Sources page. */
const SOURCE_ROWS = 8;

/** One step of the funnel: its figures as shown, and the counts its bars are drawn from (none for money). */
export interface FunnelLine {
  label: string;
  last: string;
  before: string;
  bars?: { last: number; before: number };
}

export interface SourceLine {
  label: string;
  campaign: boolean;
  leads: string;
  calls: string;
  clients: string;
}

/** The Monday report in words, ready for its HTML and its plain text. */
export interface ReportView {
  subject: string;
  heading: string;
  greeting: string;
  intro: string;
  funnel: FunnelLine[];
  /** The largest count of either week: every bar is a share of it. */
  top: number;
  sources: SourceLine[];
  moreSources: number;
  now: { label: string; value: string }[];
  calls: string[];
  links: { sources: string; inbox: string };
}

const allLeads = (r: SourceRow) => LEAD_KINDS.reduce((n, kind) => n + r.leads[kind], 0);
const rowKey = (r: SourceRow) => `${r.source}\u0000${r.campaign ?? ''}`;

/** Last week's source rows in the page's order, then any the week before had that last week did not. */
function sourceLines(report: WeeklyReport): { lines: SourceLine[]; more: number } {
  const prior = new Map(report.prior.rows.map((r) => [rowKey(r), r]));
  const seen = new Set(report.last.rows.map(rowKey));
  const rows = [...report.last.rows, ...report.prior.rows.filter((r) => !seen.has(rowKey(r)))];
  const lines = rows.slice(0, SOURCE_ROWS).map((r) => {
    const b = prior.get(rowKey(r));
    const pair = (f: (x: SourceRow) => number) => words.sources.was(seen.has(rowKey(r)) ? f(r) : 0, b ? f(b) : 0);
    return {
      label: r.campaign === null ? r.source : words.sources.campaign(r.campaign),
      campaign: r.campaign !== null,
      leads: pair(allLeads),
      calls: pair((x) => x.calls),
      clients: pair((x) => x.clients),
    };
  });
  return { lines, more: Math.max(0, rows.length - SOURCE_ROWS) };
}

/** The report as an owner (named `ownerName`) reads it, with links into the desk at `siteUrl`. */
export function reportView(report: WeeklyReport, ownerName: string, siteUrl: string): ReportView {
  const { last, prior, week } = report;
  const [a, b] = [last.total, prior.total];
  const f = words.funnel;
  const counted: [string, (r: SourceRow) => number][] = [
    [f.visits, (r) => r.visits],
    [f.quizOpened, (r) => r.quizOpened],
    [f.quizFinished, (r) => r.quizFinished],
    ...LEAD_KINDS.map((kind): [string, (r: SourceRow) => number] => [f.leads[kind], (r) => r.leads[kind]]),
    [f.calls, (r) => r.calls],
    [f.attended, (r) => r.attended],
    [f.clients, (r) => r.clients],
  ];
  const funnel: FunnelLine[] = counted.map(([label, of]) => ({
    label,
    last: words.number(of(a)),
    before: words.number(of(b)),
    bars: { last: of(a), before: of(b) },
  }));
  if (report.revenue) funnel.push({ label: f.revenue, last: rupees(a.revenuePaise), before: rupees(b.revenuePaise) });
  const range = weekRange(week.from, week.to);
  const { lines, more } = sourceLines(report);
  const n = words.now;
  return {
    subject: words.subject(allLeads(a), a.calls, range),
    heading: words.heading(range),
    greeting: words.greeting(ownerName),
    intro: words.intro(range, weekRange(week.before, prior.to)),
    funnel,
    top: Math.max(1, ...funnel.flatMap((l) => (l.bars ? [l.bars.last, l.bars.before] : []))),
    sources: lines,
    moreSources: more,
    now: [
      {
        label: n.stillNew,
        value: report.stillNew.capped ? n.stillNewCapped(report.stillNew.count) : words.number(report.stillNew.count),
      },
      { label: n.waiting, value: words.number(report.waiting) },
      { label: n.calls, value: words.number(report.calls.length) },
    ],
    calls: report.calls.map((c) => n.call(c.at, c.first)),
    links: {
      sources: `${siteUrl}/desk/sources?${new URLSearchParams({ days: '7', to: week.to }).toString()}`,
      inbox: `${siteUrl}/desk`,
    },
  };
}
