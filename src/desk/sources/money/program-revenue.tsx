import { rupees } from '../../../payments/money';
import type { ProgramRevenue } from './revenue';
import { deskRevenue as copy } from './words';

/** One value, named by its column (a phone shows the name above it: the header row is hidden there). */
function Cell({ label, value }: { label: string; value: string }) {
  return (
    <td data-label={label}>
      <span className="sources-count">{value}</span>
    </td>
  );
}

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
        // The Sources table's look: a table on a wide screen, a card per program on a phone (desk-sources.css).
        <div className="desk-table-wrap sources-table-wrap" tabIndex={0} role="region" aria-label={c.box}>
          <table className="desk-table sources-table" aria-labelledby="program-revenue-heading">
            <thead>
              <tr>
                {[c.program, c.revenue, c.paid, c.refunded, c.payments].map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {programs.map((p) => (
                <tr key={p.program ?? ''} data-program={p.program ?? ''}>
                  <th scope="row">{p.title ?? c.noProgram}</th>
                  <Cell label={c.revenue} value={rupees(p.revenuePaise)} />
                  <Cell label={c.paid} value={rupees(p.paidPaise)} />
                  <Cell label={c.refunded} value={rupees(p.refundedPaise)} />
                  <Cell label={c.payments} value={String(p.payments)} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
