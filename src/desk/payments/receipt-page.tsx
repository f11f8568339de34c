import type { ReactNode } from 'react';
import type { PaymentRecord, RefundRecord } from '../../store/payments/payments';
import { COACHING_SAC } from '../../payments/gst';
import { GST_STATES } from '../../words/payments/gst-states';
import { receiptWords as copy } from '../../words/payments/desk-payments';
import { TextField } from '../form-parts';
import { dayOf, methodName, rupees } from './money';
import { PaymentLine } from './request-card';

const stateName = (code: string | undefined) => (code ? `${code} ${GST_STATES[code] ?? ''}`.trim() : '');

/** What a refund form shows: how much is left, and a refused post's amount and message. */
export interface RefundView {
  /** Payments not set up: no form. */
  off: boolean;
  leftPaise: number;
  /** The form's one-time id: a second post of it (a double tap) asks for no second refund. */
  formId: string;
  typed?: string;
  error?: string;
}

/** One line of the receipt: what it is, then its value. */
function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/**
 * A payment's receipt as it was fixed when the payment was recorded: the business, the number and date, who paid,
 * what for, how; with a GSTIN a tax invoice (SAC, taxable value, CGST and SGST in state, IGST across). Printed
 * from the browser: the desk's menu and the refund form are left out of the print (`desk-no-print`).
 */
export function ReceiptPage(props: { payment: PaymentRecord; refunds: RefundRecord[]; refund: RefundView }) {
  const { payment: p, refund } = props;
  const r = p.receipt;
  const invoice = r.gstin !== undefined;
  return (
    <>
      <article className="desk-receipt">
        <header>
          <p className="desk-receipt-issuer">
            <strong>{r.issuerName}</strong>
            <br />
            {r.issuerAddress}
          </p>
          <h1>{invoice ? copy.taxInvoice : copy.receipt}</h1>
        </header>
        <dl className="desk-fields">
          <Entry label={copy.number}>{r.number}</Entry>
          <Entry label={copy.date}>{dayOf(p.paidAt)}</Entry>
          {invoice ? (
            <>
              <Entry label={copy.gstin}>{r.gstin}</Entry>
              <Entry label={copy.supplierState}>{stateName(r.buyerState ?? r.supplierState)}</Entry>
              <Entry label={copy.sac}>{COACHING_SAC}</Entry>
            </>
          ) : null}
          <Entry label={copy.to}>{r.buyerName}</Entry>
          {r.program ? <Entry label={copy.program}>{r.program}</Entry> : null}
          <Entry label={copy.description}>{r.description}</Entry>
          <Entry label={copy.method}>{methodName(p.method)}</Entry>
          {invoice ? (
            <>
              <Entry label={copy.taxable}>{rupees(r.taxablePaise)}</Entry>
              {r.igstPaise > 0 ? (
                <Entry label={copy.igst}>{rupees(r.igstPaise)}</Entry>
              ) : (
                <>
                  <Entry label={copy.cgst}>{rupees(r.cgstPaise)}</Entry>
                  <Entry label={copy.sgst}>{rupees(r.sgstPaise)}</Entry>
                </>
              )}
            </>
          ) : null}
          <Entry label={invoice ? copy.total : copy.amount}>
            <strong>{rupees(p.amountPaise)}</strong>
          </Entry>
        </dl>
        {p.erasedAt ? <p className="desk-meta">{copy.erased}</p> : null}
      </article>
      <section className="desk-card desk-no-print" aria-labelledby="refund-heading">
        <p className="desk-meta">{copy.print}</p>
        <h2 id="refund-heading">{copy.refund.heading}</h2>
        <PaymentLine payment={p} refunds={props.refunds} />
        {refund.off ? (
          <p className="desk-meta">{copy.refund.off}</p>
        ) : refund.leftPaise <= 0 ? (
          <p className="desk-meta">{copy.refund.none}</p>
        ) : (
          <form method="post" action={`/desk/payments/${encodeURIComponent(p.id)}/refund`}>
            <input type="hidden" name="formId" value={refund.formId} />
            <p className="desk-meta">{copy.refund.left(rupees(refund.leftPaise))}</p>
            <TextField
              id="refund-amount"
              name="amount"
              label={copy.refund.amount}
              inputMode="decimal"
              defaultValue={refund.typed ?? ''}
              error={refund.error}
            />
            <button type="submit" className="btn btn-outline">
              {copy.refund.submit}
            </button>
          </form>
        )}
      </section>
    </>
  );
}
