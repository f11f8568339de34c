import { deskPayments, paymentsPage as copy } from '../../words/payments/desk-payments';
import { when } from '../format';
import { rupees } from './money';
import { MONTH_LIMIT, ROW_STATUSES, type PaymentRow, type RowStatus } from './rows';

/** A row's status in words. */
export function statusWords(status: RowStatus): string {
  if (status === 'received') return copy.received;
  if (status.startsWith('refund_')) return copy.refundStatuses[status.slice(7) as keyof typeof copy.refundStatuses];
  return deskPayments.statuses[status as keyof typeof deskPayments.statuses];
}

/** /desk/payments: the month and status filters (a GET form, no script), the rows, the CSV of the same rows. */
export function PaymentsPage(props: { month: string; status?: RowStatus; rows: PaymentRow[]; error?: string }) {
  const { month, status, rows } = props;
  const query = new URLSearchParams({ month, ...(status && { status }) });
  return (
    <section className="desk-payments-page">
      <h1>{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      <form method="get" action="/desk/payments" className="desk-filters">
        <p className="desk-field">
          <label htmlFor="pay-month">{copy.month}</label>
          <input
            id="pay-month"
            type="month"
            name="month"
            defaultValue={month}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? 'pay-month-error' : undefined}
          />
          {props.error ? (
            <span id="pay-month-error" className="desk-field-error">
              {props.error}
            </span>
          ) : null}
        </p>
        <p className="desk-field">
          <label htmlFor="pay-status">{copy.status}</label>
          <select id="pay-status" name="status" defaultValue={status ?? ''}>
            <option value="">{copy.anyStatus}</option>
            {ROW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWords(s)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="btn btn-outline">
          {copy.show}
        </button>
      </form>
      <p>
        <a href={`/desk/payments.csv?${query.toString()}`}>{copy.csv}</a>
      </p>
      {rows.length === 0 ? (
        <p className="desk-meta">{copy.none}</p>
      ) : (
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{copy.columns.at}</th>
              <th scope="col">{copy.columns.kind}</th>
              <th scope="col">{copy.columns.amount}</th>
              <th scope="col">{copy.columns.status}</th>
              <th scope="col">{copy.columns.detail}</th>
              <th scope="col">{copy.columns.open}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.kind}:${r.id}`}>
                <td>{when(r.at)}</td>
                <td>{copy.kinds[r.kind]}</td>
                <td>{rupees(r.amountPaise)}</td>
                <td>{statusWords(r.status)}</td>
                <td>{r.program || r.description}</td>
                <td>
                  {r.receipt ? <a href={r.receipt.href}>{r.receipt.number}</a> : null}
                  {r.receipt && r.leadHref ? ' · ' : null}
                  {r.leadHref ? <a href={r.leadHref}>{copy.lead}</a> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length >= MONTH_LIMIT ? <p className="desk-meta">{copy.limited(MONTH_LIMIT)}</p> : null}
    </section>
  );
}
