import type { ReactNode } from 'react';
import { desk } from '../../words/desk';
import { deskBookings } from '../bookings/words';
import { deskFunnel } from './funnel-words';
import type { DailyCounts } from '../../store/sources/counters';
import { LEAD_KINDS } from '../../store/leads/lead';
import type { QuizFunnel } from './quiz-funnel';
import { rupees } from '../../payments/money';
import { deskRevenue } from './money/words';
import { showUpRate, type ShowUpCounts } from './show-up/show-up';
import { deskShowUp } from './show-up/words';

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "22 Nov" for 2026-11-22 (the day is already the owners' own). */
const shortDay = (day: string) => dayFormat.format(Date.parse(`${day}T00:00:00Z`));

/** The quiz's funnel: each step reached, then the responses sent, each with a bar against the largest. */
function FunnelSection({ funnel, days }: { funnel: QuizFunnel; days: number }) {
  const last = funnel.steps.length;
  const rows = [
    ...funnel.steps.map((s) => ({ key: `step-${s.step}`, label: deskFunnel.step(s.step, last), count: s.reached })),
    { key: 'leads', label: deskFunnel.leads, count: funnel.leads },
  ];
  const top = Math.max(1, ...rows.map((r) => r.count));
  return (
    <section className="desk-card" aria-labelledby="funnel-heading">
      <h2 id="funnel-heading">{deskFunnel.heading(days)}</h2>
      <p className="desk-meta">{deskFunnel.intro}</p>
      <table className="desk-table numbers-funnel">
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-funnel={r.key}>
              <th scope="row">{r.label}</th>
              <td>{r.count}</td>
              <td className="desk-bar-cell">
                <meter min={0} max={top} value={r.count} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One figure of an outcomes list: what it is, the figure (with its data attribute for tests, if any), what it counts. */
function Figure(props: {
  label: string;
  hint: string;
  data?: Record<`data-${string}`, string | number>;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd {...props.data}>{props.children}</dd>
      <dd className="desk-meta">{props.hint}</dd>
    </div>
  );
}

/** What the 30 days brought in, and from how many people. */
function MoneySection({ money }: { money: { revenuePaise: number; payingClients: number } }) {
  const c = deskRevenue.numbers;
  return (
    <section className="desk-card" aria-labelledby="money-heading">
      <h2 id="money-heading">{c.heading}</h2>
      <dl className="desk-outcomes">
        <Figure label={c.revenue} hint={c.revenueHint} data={{ 'data-revenue': money.revenuePaise }}>
          {rupees(money.revenuePaise)}
        </Figure>
        <Figure label={c.payingClients} hint={c.payingClientsHint}>
          {money.payingClients}
        </Figure>
      </dl>
    </section>
  );
}

/** Calls attended, no-shows and the show-up rate ("—" when no call was marked), as items of the calls' list. */
function ShowUpItems({ counts }: { counts: ShowUpCounts }) {
  const c = deskShowUp.numbers;
  const rate = showUpRate(counts);
  return (
    <>
      <Figure label={c.attended} hint={c.attendedHint}>
        {counts.attended}
      </Figure>
      <Figure label={c.noShows} hint={c.noShowsHint}>
        {counts.noShows}
      </Figure>
      <Figure label={c.rate} hint={c.rateHint} data={{ 'data-show-up': rate ?? '' }}>
        {deskShowUp.rate(rate)}
      </Figure>
    </>
  );
}

/** Calls and clients, leads per day by kind and the quiz funnel, for the last 30 days. Tables (readable on a phone), newest day first. */
export function NumbersPage({
  counts,
  funnel,
  outcomes,
  money,
}: {
  counts: DailyCounts;
  /** The quiz's funnel over the same days (src/desk/sources/quiz-funnel.ts): the Sources page's counts; absent when unread. */
  funnel?: QuizFunnel;
  /**
   * Calls booked and leads who became clients in the 30 days (src/desk/bookings/bookings.ts), and the calls of the
   * 30 days marked attended or a no-show (show-up/period-show-ups.ts).
   */
  outcomes?: { calls: number; clients: number } & ShowUpCounts;
  /** Revenue and paying clients in the 30 days (src/desk/sources/money/revenue.ts); absent when unread. */
  money?: { revenuePaise: number; payingClients: number };
}) {
  const days = [...counts.days].reverse();
  const perDay = (day: string) => LEAD_KINDS.reduce((n, k) => n + (counts.counts[`lead_${k}`]?.[day] ?? 0), 0);
  const busiest = Math.max(1, ...days.map(perDay));
  return (
    <>
      <h1 className="desk-title">{desk.numbers.title}</h1>
      {outcomes ? (
        <section className="desk-card" aria-labelledby="outcomes-heading">
          <h2 id="outcomes-heading">{deskBookings.numbers.title}</h2>
          <dl className="desk-outcomes">
            <Figure label={deskBookings.numbers.calls} hint={deskBookings.numbers.callsHint}>
              {outcomes.calls}
            </Figure>
            <Figure label={deskBookings.numbers.clients} hint={deskBookings.numbers.clientsHint}>
              {outcomes.clients}
            </Figure>
            <ShowUpItems counts={outcomes} />
          </dl>
        </section>
      ) : null}
      {money ? <MoneySection money={money} /> : null}
      {funnel ? <FunnelSection funnel={funnel} days={counts.days.length} /> : null}
      <section className="desk-card" aria-labelledby="leads-heading">
        <h2 id="leads-heading">{desk.numbers.leadsPerDay}</h2>
        {/* Wider than a phone: its own box scrolls sideways, reachable and scrollable by keyboard. */}
        <div className="desk-table-wrap" tabIndex={0} role="region" aria-label={deskFunnel.leadsPerDayBox}>
          <table className="desk-table" aria-labelledby="leads-heading">
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
