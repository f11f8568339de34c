import { deskSources as copy } from './words';
import { LEAD_KINDS } from '../../store/leads/lead';
import { sourcesHref } from './source-params';
import { SOURCE_PERIODS, type SourceReport } from './source-report';
import { QuizInsightSection } from './quiz-insight';
import { SourcesChart } from './sources-chart';
import { SourcesTable } from './table/sources-table';
import { ProgramRevenueSection } from './money/program-revenue';
import { deskRevenue } from './money/words';
import { deskShowUp } from './show-up/words';
import { GuideCountsSection } from './guides/guide-counts';

/** Nothing to show: no visit, no lead, no marked call and no money in the period. */
const isEmptyReport = (report: SourceReport) =>
  report.total.visits === 0 &&
  LEAD_KINDS.every((kind) => report.total.leads[kind] === 0) &&
  report.total.attended + report.total.noShows === 0 &&
  report.programs.length === 0 &&
  report.guides.length === 0;

/** The period switch (the current one marked), the period's days and the CSV of what the page shows. */
function PeriodBar({ report, to }: { report: SourceReport; to?: string | undefined }) {
  return (
    <div className="sources-bar-row">
      <nav className="sources-periods" aria-label={copy.periodLabel}>
        {SOURCE_PERIODS.map((days) => (
          <a
            key={days}
            href={sourcesHref('/desk/sources', days, report.quizSource, to)}
            aria-current={days === report.days ? 'page' : undefined}
          >
            {copy.days(days)}
          </a>
        ))}
      </nav>
      <p className="desk-meta">{copy.period(report.from, report.to)}</p>
      <a className="btn" href={sourcesHref('/desk/sources.csv', report.days, report.quizSource, to)} download>
        {copy.csv}
      </a>
      <a className="btn" href={sourcesHref('/desk/sources-total.csv', report.days, report.quizSource, to)} download>
        {copy.csvTotal}
      </a>
      <p className="desk-meta">{copy.csvHint}</p>
    </div>
  );
}

/**
 * /desk/sources: per source and campaign, visits → quiz → leads by kind → calls → clients with the rate between
 * each step, the weekly chart of the top sources and the quiz's answers; a pure function of the report. `to`: the
 * last day the page was asked for, which its links keep.
 */
export function SourcesPage({ report, to }: { report: SourceReport; to?: string | undefined }) {
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      <PeriodBar report={report} to={to} />
      {report.paused.map((p) => (
        <p key={p.day} className="desk-banner desk-banner-warning" role="status">
          {copy.paused(p.day, p.since, p.ceiling, p.day === report.to)}
        </p>
      ))}
      {isEmptyReport(report) ? (
        <p className="desk-empty">{copy.empty}</p>
      ) : (
        <>
          <section className="desk-card sources-card" aria-labelledby="sources-table-heading">
            <h2 id="sources-table-heading">{copy.tableHeading}</h2>
            <p className="desk-meta">{copy.tableCaption}</p>
            <SourcesTable report={report} labelledBy="sources-table-heading" to={to} />
            <p className="desk-meta">{deskShowUp.tableNote}</p>
            <p className="desk-meta">{deskRevenue.tableNote}</p>
          </section>
          <GuideCountsSection guides={report.guides} />
          <ProgramRevenueSection programs={report.programs} />
          <section className="desk-card" aria-labelledby="sources-chart-heading">
            <h2 id="sources-chart-heading">{copy.chart.heading}</h2>
            <SourcesChart weekly={report.weekly} only={report.quizSource} />
          </section>
          <QuizInsightSection report={report} to={to} />
        </>
      )}
    </>
  );
}
