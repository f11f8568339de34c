import { rupees } from '../../../payments/money';
import type { ProgramRevenue } from './revenue';
import { deskRevenue } from './words';
import { CountCell, TableCard } from '../table/card-table';

const copy = deskRevenue.programs;

/**
 * Revenue per program in the period: each program's row with its revenue first (what a phone shows without scrolling
 * the table's box), then what was paid, what went back and how many payments.
 */
export function ProgramRevenueSection({ programs }: { programs: readonly ProgramRevenue[] }) {
  return (
    <TableCard id="program-revenue-heading" words={copy} rows={programs}>
      {(p, c) => (
        <tr key={p.program ?? ''} data-program={p.program ?? ''}>
          <th scope="row">{p.title ?? copy.noProgram}</th>
          <CountCell label={c.revenue} value={rupees(p.revenuePaise)} />
          <CountCell label={c.paid} value={rupees(p.paidPaise)} />
          <CountCell label={c.refunded} value={rupees(p.refundedPaise)} />
          <CountCell label={c.payments} value={p.payments} />
        </tr>
      )}
    </TableCard>
  );
}
