import { deskSources } from './words';
import type { SourceReport, WeekPoint } from './source-report';

const copy = deskSources.chart;

/** The most sources drawn: one small chart each. */
export const CHART_SOURCES = 5;

// One panel's drawing box (viewBox units; the SVG scales to its container's width). Visits take the upper band as
// a line, leads the lower band as bars, both over the same weeks.
const W = 320;
const LEFT = 34;
const RIGHT = 6;
const VISITS = { top: 22, bottom: 78 };
const LEADS = { top: 104, bottom: 140 };
const H = 164;
/** Half a week label's width ("23 Nov"), kept inside the box. */
const LABEL_HALF = 18;

const round = (n: number) => Math.round(n * 10) / 10;
const sum = (points: WeekPoint[], key: 'visits' | 'leads') => points.reduce((n, p) => n + p[key], 0);

/** The x of each week's middle, weeks spread evenly over the plot. */
function bands(count: number) {
  const band = (W - LEFT - RIGHT) / Math.max(1, count);
  return { band, x: (i: number) => round(LEFT + band * (i + 0.5)) };
}

/** A band's value as y: 0 at its bottom, `max` at its top. */
const yOf = (area: { top: number; bottom: number }, max: number) => (value: number) =>
  round(area.bottom - ((area.bottom - area.top) * value) / Math.max(1, max));

/** The weeks labelled under the axis: the first, the middle and the last. */
function labelled(count: number): number[] {
  return [...new Set([0, Math.floor((count - 1) / 2), count - 1])].filter((i) => i >= 0);
}

function Panel(props: { source: string; points: WeekPoint[]; maxVisits: number; maxLeads: number }) {
  const { source, points, maxVisits, maxLeads } = props;
  const { band, x } = bands(points.length);
  const yVisits = yOf(VISITS, maxVisits);
  const yLeads = yOf(LEADS, maxLeads);
  const name = copy.panelName(source, sum(points, 'visits'), sum(points, 'leads'), points.length);
  const barWidth = round(Math.min(18, band * 0.6));
  return (
    <svg
      className="sources-panel"
      data-source={source}
      role="img"
      aria-label={name}
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      preserveAspectRatio="xMidYMid meet"
    >
      <title>{name}</title>
      <text className="sources-chart-title" x={0} y={12}>
        {source}
      </text>
      <text className="sources-axis-label" x={W - RIGHT} y={12} textAnchor="end">
        {copy.visits}
      </text>
      <text className="sources-axis-label" x={W - RIGHT} y={LEADS.top - 8} textAnchor="end">
        {copy.leads}
      </text>
      {[
        [VISITS, maxVisits],
        [LEADS, maxLeads],
      ].map(([area, max]) => {
        const { top, bottom } = area as typeof VISITS;
        return (
          <g key={top} className="sources-axis">
            <line x1={LEFT} x2={W - RIGHT} y1={bottom} y2={bottom} />
            <line className="sources-grid" x1={LEFT} x2={W - RIGHT} y1={top} y2={top} />
            <text x={LEFT - 4} y={top + 4} textAnchor="end">
              {Math.max(1, max as number)}
            </text>
            <text x={LEFT - 4} y={bottom + 4} textAnchor="end">
              0
            </text>
          </g>
        );
      })}
      <g className="sources-leads">
        {points.map((p, i) => (
          <rect
            key={p.week}
            x={round(x(i) - barWidth / 2)}
            y={yLeads(p.leads)}
            width={barWidth}
            height={round(LEADS.bottom - yLeads(p.leads))}
          />
        ))}
      </g>
      <g className="sources-visits">
        <polyline points={points.map((p, i) => `${x(i)},${yVisits(p.visits)}`).join(' ')} />
        {points.map((p, i) => (
          <circle key={p.week} cx={x(i)} cy={yVisits(p.visits)} r={2.5} />
        ))}
      </g>
      <g className="sources-axis">
        {labelled(points.length).map((i) => (
          <text key={i} x={Math.min(x(i), W - RIGHT - LABEL_HALF)} y={H - 8} textAnchor="middle">
            {copy.week(points[i]!.week)}
          </text>
        ))}
      </g>
    </svg>
  );
}

/** The week with the most visits (the first of equals), or null when none had any. */
function busiest(points: WeekPoint[]): string | null {
  const top = points.reduce<WeekPoint | null>((best, p) => (p.visits > (best?.visits ?? 0) ? p : best), null);
  return top?.week ?? null;
}

/**
 * Visits and leads per week for the top sources, drawn on the server: small multiples (one panel per source, the
 * same scales in each), visits as a line with dots and leads as bars, so they differ by shape and not by colour
 * alone. Each panel is an image with its own name; a sentence per source says the same in words. `only`: the one
 * source the page is narrowed to (its chart alone).
 */
export function SourcesChart({ weekly, only }: { weekly: SourceReport['weekly']; only?: string | null }) {
  const top = weekly.slice(0, CHART_SOURCES).filter((s) => s.points.length > 0);
  if (top.length === 0) return <p className="desk-meta">{copy.none}</p>;
  const maxVisits = Math.max(1, ...top.flatMap((s) => s.points.map((p) => p.visits)));
  const maxLeads = Math.max(1, ...top.flatMap((s) => s.points.map((p) => p.leads)));
  return (
    <figure className="sources-chart" aria-labelledby="sources-chart-name">
      <figcaption id="sources-chart-name" className="desk-meta">
        {only ? copy.nameFor(only) : copy.name(top.length)}
      </figcaption>
      <p className="sources-legend desk-meta">
        <span>
          <svg viewBox="0 0 24 12" width="24" height="12" aria-hidden="true" className="sources-visits">
            <polyline points="1,9 12,3 23,6" />
            <circle cx={12} cy={3} r={2.5} />
          </svg>
          {copy.legendVisits}
        </span>
        <span>
          <svg viewBox="0 0 24 12" width="24" height="12" aria-hidden="true" className="sources-leads">
            <rect x={3} y={5} width={6} height={7} />
            <rect x={14} y={1} width={6} height={11} />
          </svg>
          {copy.legendLeads}
        </span>
        <span>{copy.weeksAxis}</span>
      </p>
      <div className="sources-panels">
        {top.map((s) => (
          <Panel key={s.source} source={s.source} points={s.points} maxVisits={maxVisits} maxLeads={maxLeads} />
        ))}
      </div>
      <ul className="sources-chart-summary desk-meta">
        {top.map((s) => (
          <li key={s.source}>
            {copy.summary(s.source, sum(s.points, 'visits'), sum(s.points, 'leads'), busiest(s.points))}
          </li>
        ))}
      </ul>
    </figure>
  );
}
