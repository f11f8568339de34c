import { deskSources as copy } from './words';
import { LEAD_KINDS } from '../../store/leads/lead';
import { csvCell } from '../export';
import type { SourceReport, SourceRow } from './source-report';
import { emptyRow } from './source-rows';
import { deskRevenue } from './money/words';
import { showUpRate } from './show-up/show-up';
import { deskShowUp } from './show-up/words';

/** Paise as rupees with two decimals (`4999.00`): a number a spreadsheet sums, never a formatted text. */
const rupeesCell = (paise: number) => (paise / 100).toFixed(2);

/** One column of the Sources CSV: its header and its value in a row, in the table's order. */
const COLUMNS: { header: string; value(row: SourceRow): string | number }[] = [
  { header: copy.csvHeaders.source, value: (r) => r.source },
  { header: copy.csvHeaders.campaign, value: (r) => r.campaign ?? '' },
  { header: copy.csvHeaders.visits, value: (r) => r.visits },
  { header: copy.csvHeaders.quizOpened, value: (r) => r.quizOpened },
  { header: copy.csvHeaders.quizFinished, value: (r) => r.quizFinished },
  ...LEAD_KINDS.map((kind) => ({ header: copy.csvHeaders.leads(kind), value: (r: SourceRow) => r.leads[kind] })),
  { header: copy.csvHeaders.calls, value: (r) => r.calls },
  { header: copy.csvHeaders.clients, value: (r) => r.clients },
  { header: deskShowUp.csvHeaders.attended, value: (r) => r.attended },
  { header: deskShowUp.csvHeaders.noShows, value: (r) => r.noShows },
  // A whole percent, empty when no call was marked: a number a spreadsheet reads, never "—".
  { header: deskShowUp.csvHeaders.rate, value: (r) => showUpRate(r) ?? '' },
  { header: deskRevenue.csvHeader, value: (r) => rupeesCell(r.revenuePaise) },
];

/** `row` less each of `parts`, count by count. */
function remainder(row: SourceRow, parts: SourceRow[]): SourceRow {
  const left = emptyRow(row.source, '');
  const minus = (pick: (r: SourceRow) => number) => pick(row) - parts.reduce((n, p) => n + pick(p), 0);
  left.visits = minus((r) => r.visits);
  left.quizOpened = minus((r) => r.quizOpened);
  left.quizFinished = minus((r) => r.quizFinished);
  for (const kind of LEAD_KINDS) left.leads[kind] = minus((r) => r.leads[kind]);
  left.calls = minus((r) => r.calls);
  left.clients = minus((r) => r.clients);
  left.attended = minus((r) => r.attended);
  left.noShows = minus((r) => r.noShows);
  left.revenuePaise = minus((r) => r.revenuePaise);
  return left;
}

const isEmpty = (r: SourceRow) =>
  r.visits === 0 &&
  r.quizOpened === 0 &&
  r.quizFinished === 0 &&
  r.calls === 0 &&
  r.clients === 0 &&
  r.attended === 0 &&
  r.noShows === 0 &&
  r.revenuePaise === 0 &&
  LEAD_KINDS.every((kind) => r.leads[kind] === 0);

/**
 * The report's rows as one row per source and campaign, each visit and lead in exactly one: a source's visits and
 * leads without a campaign (campaign empty), then each of its campaigns. A source's own row in the table is all its
 * campaigns together, so it is not a row here: a spreadsheet's SUM over a column is the period's total.
 */
export function csvRows(report: SourceReport): SourceRow[] {
  return report.rows
    .filter((row) => row.campaign === null)
    .flatMap((source) => {
      const campaigns = report.rows.filter((r) => r.source === source.source && r.campaign !== null);
      const rest = remainder(source, campaigns);
      return [...(isEmpty(rest) && campaigns.length > 0 ? [] : [rest]), ...campaigns];
    });
}

const line = (cells: (string | number)[]) => `${cells.map((c) => csvCell(String(c))).join(',')}\r\n`;
const table = (rows: SourceRow[]) =>
  line(COLUMNS.map((c) => c.header)) + rows.map((row) => line(COLUMNS.map((c) => c.value(row)))).join('');

/**
 * The Sources funnel as CSV (RFC 4180: CRLF line ends, quoted where needed): a header row, then one row per source
 * and campaign (csvRows), and no total among them, so that summing a column counts each visit once; the total is
 * its own file (sourcesTotalCsv). Every cell goes through the export's `csvCell`, so a source or campaign a visitor
 * typed into a link (`=HYPERLINK(…)`) is text a spreadsheet shows and never runs.
 */
export function sourcesCsv(report: SourceReport): string {
  return table(csvRows(report));
}

/** The period's total, all sources together, in the same columns: the separate file the page links beside the rows. */
export function sourcesTotalCsv(report: SourceReport): string {
  return table([report.total]);
}
