import { desk } from '../../content/desk';
import { deskBookings } from '../../content/desk-bookings';
import { FUNNEL_METRICS, type DailyCounts } from '../../store/counters';
import { LEAD_KINDS } from '../../store/lead';

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "22 Nov" for 2026-11-22 (the day is already the owners' own). */
const shortDay = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));

const total = (row: Record<string, number> | undefined) => Object.values(row ?? {}).reduce((a, b) => a + b, 0);

/** Calls and clients, leads per day by kind and the quiz funnel, for the last 30 days. Tables (readable on a phone), newest day first. */
export function NumbersPage({
  counts,
  outcomes,
}: {
  counts: DailyCounts;
  /** Calls booked and leads who became clients in the 30 days (src/desk/bookings.ts). */
  outcomes?: { calls: number; clients: number };
}) {
  const days = [...counts.days].reverse();
  const perDay = (day: string) => LEAD_KINDS.reduce((n, k) => n + (counts.counts[`lead_${k}`]?.[day] ?? 0), 0);
  const busiest = Math.max(1, ...days.map(perDay));
  const funnelTop = Math.max(1, ...FUNNEL_METRICS.map((m) => total(counts.counts[m])));
  return (
    <>
      <h1 className="desk-title">{desk.numbers.title}</h1>
      {outcomes ? (
        <section className="desk-card" aria-labelledby="outcomes-heading">
          <h2 id="outcomes-heading">{deskBookings.numbers.title}</h2>
          <dl className="desk-outcomes">
            <div>
              <dt>{deskBookings.numbers.calls}</dt>
              <dd>{outcomes.calls}</dd>
              <dd className="desk-meta">{deskBookings.numbers.callsHint}</dd>
            </div>
            <div>
              <dt>{deskBookings.numbers.clients}</dt>
              <dd>{outcomes.clients}</dd>
              <dd className="desk-meta">{deskBookings.numbers.clientsHint}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <section className="desk-card" aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">{desk.numbers.funnel}</h2>
        <table className="desk-table">
          <tbody>
            {FUNNEL_METRICS.map((m) => (
              <tr key={m}>
                <th scope="row">{desk.numbers.funnelSteps[m]}</th>
                <td>{total(counts.counts[m])}</td>
                <td className="desk-bar-cell">
                  <meter min={0} max={funnelTop} value={total(counts.counts[m])} />
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{desk.numbers.funnelSteps.quiz_submitted}</th>
              <td>{total(counts.counts.lead_quiz)}</td>
              <td className="desk-bar-cell">
                <meter min={0} max={funnelTop} value={total(counts.counts.lead_quiz)} />
              </td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="desk-card" aria-labelledby="leads-heading">
        <h2 id="leads-heading">{desk.numbers.leadsPerDay}</h2>
        <div className="desk-table-wrap">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">{desk.numbers.day}</th>
                {LEAD_KINDS.map((k) => (
                  <th key={k} scope="col">
                    {desk.kinds[k]}
                  </th>
                ))}
                <th scope="col">{desk.numbers.total}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day}>
                  <th scope="row">
                    <time dateTime={day}>{shortDay(day)}</time>
                  </th>
                  {LEAD_KINDS.map((k) => (
                    <td key={k}>{counts.counts[`lead_${k}`]?.[day] ?? 0}</td>
                  ))}
                  <td className="desk-total">
                    {perDay(day)} <meter min={0} max={busiest} value={perDay(day)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
