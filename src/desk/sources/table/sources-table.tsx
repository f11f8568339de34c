import { desk } from '../../../words/desk';
import { deskSources as copy } from '../words';
import { LEAD_KINDS } from '../../../store/leads/lead';
import { sourcesHref } from '../source-params';
import type { SourceReport, SourceRow } from '../source-report';
import { rupees } from '../../../payments/money';
import { deskRevenue } from '../money/words';
import { ERASED_SOURCE } from '../money/revenue';
import { showUpRate } from '../show-up/show-up';
import { deskShowUp } from '../show-up/words';
import { CardTable, CountCell } from './card-table';

const allLeads = (r: SourceRow) => LEAD_KINDS.reduce((n, kind) => n + r.leads[kind], 0);

/** One column of the funnel: its count in a row and, from the second step on, the count it is a rate of. */
interface Step {
  key: string;
  header: string;
  count(row: SourceRow): number;
  of?: { label: string; count(row: SourceRow): number };
}

const visits = { label: copy.rateOf.visits, count: (r: SourceRow) => r.visits };

/** The funnel's steps in order; a lead is a rate of the step that leads to it (the quiz's of its finishes). */
const STEPS: readonly Step[] = [
  { key: 'visits', header: copy.columns.visits, count: (r) => r.visits },
  { key: 'quizOpened', header: copy.columns.quizOpened, count: (r) => r.quizOpened, of: visits },
  {
    key: 'quizFinished',
    header: copy.columns.quizFinished,
    count: (r) => r.quizFinished,
    of: { label: copy.rateOf.quizOpened, count: (r) => r.quizOpened },
  },
  ...LEAD_KINDS.map((kind): Step => ({
    key: `leads-${kind}`,
    header: copy.columns.leads(desk.kinds[kind]),
    count: (r) => r.leads[kind],
    of: kind === 'quiz' ? { label: copy.rateOf.quizFinished, count: (r) => r.quizFinished } : visits,
  })),
  {
    key: 'calls',
    header: copy.columns.calls,
    count: (r) => r.calls,
    of: { label: copy.rateOf.leads, count: allLeads },
  },
  {
    key: 'clients',
    header: copy.columns.clients,
    count: (r) => r.clients,
    of: { label: copy.rateOf.calls, count: (r) => r.calls },
  },
];

/** The header row: the source, the funnel's steps, then the calls' show-up and the revenue. */
const COLUMNS = [
  copy.columns.source,
  ...STEPS.map((step) => step.header),
  deskShowUp.columns.attended,
  deskShowUp.columns.noShows,
  deskShowUp.columns.rate,
  deskRevenue.column,
];

/** "12 % of visits"; null when the step before is zero (never NaN or Infinity). */
function rate(count: number, of: number, label: string): string | null {
  if (!(of > 0) || !Number.isFinite(count)) return null;
  return copy.rate(copy.percent((100 * count) / of), label);
}

function Cell({ row, step }: { row: SourceRow; step: Step }) {
  const count = step.count(row);
  const text = step.of ? rate(count, step.of.count(row), step.of.label) : undefined;
  return (
    <td data-label={step.header}>
      <span className="sources-count">{count}</span>
      {text === undefined ? null : text === null ? (
        <span className="sources-rate" title={copy.noRateLabel}>
          {copy.noRate}
        </span>
      ) : (
        <span className="sources-rate">{text}</span>
      )}
    </td>
  );
}

/** Calls attended, no-shows and the show-up rate: counted by the calls' start, not a step of the funnel. */
function ShowUpCells({ row }: { row: SourceRow }) {
  const rate = showUpRate(row);
  return (
    <>
      <CountCell label={deskShowUp.columns.attended} value={row.attended} data-attended={row.attended} />
      <CountCell label={deskShowUp.columns.noShows} value={row.noShows} data-no-shows={row.noShows} />
      <td data-label={deskShowUp.columns.rate} data-show-up={rate ?? ''}>
        <span className="sources-count" title={rate === null ? deskShowUp.noRateLabel : undefined}>
          {deskShowUp.rate(rate)}
        </span>
      </td>
    </>
  );
}

/** The row's revenue: money, not a step of the funnel, so no rate. */
function RevenueCell({ row }: { row: SourceRow }) {
  return <CountCell label={deskRevenue.column} value={rupees(row.revenuePaise)} data-revenue={row.revenuePaise} />;
}

function Row({ row, report, to }: { row: SourceRow; report: SourceReport; to?: string | undefined }) {
  const current = !row.campaign && row.source === report.quizSource;
  return (
    <tr
      className={row.campaign ? 'sources-campaign-row' : current ? 'sources-current' : undefined}
      data-source={row.source}
      data-campaign={row.campaign ?? undefined}
    >
      <th scope="row">
        {row.campaign ? (
          <span className="sources-campaign">{copy.campaign(row.campaign)}</span>
        ) : row.source === ERASED_SOURCE ? (
          deskRevenue.erasedRow
        ) : (
          <a
            href={`${sourcesHref('/desk/sources', report.days, row.source, to)}#quiz`}
            aria-label={copy.showQuiz(row.source)}
            aria-current={current ? 'page' : undefined}
          >
            {row.source}
          </a>
        )}
      </th>
      <Values row={row} />
    </tr>
  );
}

/** A row's values: each step of the funnel (with its rate), the calls' show-up, the revenue. */
function Values({ row }: { row: SourceRow }) {
  return (
    <>
      {STEPS.map((step) => (
        <Cell key={step.key} row={row} step={step} />
      ))}
      <ShowUpCells row={row} />
      <RevenueCell row={row} />
    </>
  );
}

/** The funnel per source, each source followed by its campaigns, and the total: a table, a card per row on a phone. */
export function SourcesTable({
  report,
  labelledBy,
  to,
}: {
  report: SourceReport;
  labelledBy: string;
  /** The last day the page was asked for (`?to=`), which each source's link keeps. */
  to?: string | undefined;
}) {
  const total = (
    <tr className="sources-total">
      <th scope="row">{copy.total}</th>
      <Values row={report.total} />
    </tr>
  );
  return (
    <CardTable box={copy.tableBox} labelledBy={labelledBy} columns={COLUMNS} foot={total}>
      {report.rows.map((row) => (
        <Row key={`${row.source}/${row.campaign ?? ''}`} row={row} report={report} to={to} />
      ))}
    </CardTable>
  );
}
