import { deskSources as copy } from '../content/desk-sources';
import { LEAD_KINDS } from '../store/lead';
import { csvCell } from './export';
import type { SourceReport, SourceRow } from './source-report';

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
];

/**
 * The Sources table as CSV (RFC 4180: CRLF line ends, quoted where needed): a header row, each source followed by
 * its campaigns, then the total. Every cell goes through the export's `csvCell`, so a source or campaign a visitor
 * typed into a link (`=HYPERLINK(…)`) is text a spreadsheet shows and never runs.
 */
export function sourcesCsv(report: SourceReport): string {
  const line = (cells: (string | number)[]) => `${cells.map((c) => csvCell(String(c))).join(',')}\r\n`;
  return (
    line(COLUMNS.map((c) => c.header)) +
    [...report.rows, report.total].map((row) => line(COLUMNS.map((c) => c.value(row)))).join('')
  );
}
