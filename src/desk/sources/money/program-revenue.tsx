import { rupees } from '../../../payments/money';
import type { ProgramRevenue } from './revenue';
import { deskRevenue as copy } from './words';

/**
 * Revenue per program in the period: each program's row with its revenue first (what a phone shows without scrolling
 * the table's box), then what was paid, what went back and how many payments.
 */
export function ProgramRevenueSection({ programs }: { programs: readonly ProgramRevenue[] }) {
  const c = copy.programs;
  return (
    <section className="desk-card" aria-labelledby="program-revenue-heading">
      <h2 id="program-revenue-heading">{c.heading}</h2>
      <p className="desk-meta">{c.intro}</p>
      {programs.length === 0 ? (
        <p className="desk-empty">{c.none}</p>
      ) : (
        <div className="desk-table-wrap" tabIndex={0} role="region" aria-label={c.box}>
          <table className="desk-table" aria-labelledby="program-revenue-heading">
            <thead>
              <tr>
                <th scope="col">{c.program}</th>
                <th scope="col">{c.revenue}</th>
                <th scope="col">{c.paid}</th>
                <th scope="col">{c.refunded}</th>
                <th scope="col">{c.payments}</th>
              </tr>
            </thead>
            <tbody>
              {programs.map((p) => (
                <tr key={p.program ?? ''} data-program={p.program ?? ''}>
                  <th scope="row">{p.title ?? c.noProgram}</th>
                  <td>{rupees(p.revenuePaise)}</td>
                  <td>{rupees(p.paidPaise)}</td>
                  <td>{rupees(p.refundedPaise)}</td>
                  <td>{p.payments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
