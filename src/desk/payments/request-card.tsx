import type { PaymentRecord, PaymentRequestRecord, RefundRecord } from '../../store/payments/payments';
import { deskPayments as copy } from '../../words/payments/desk-payments';
import { GST_STATES } from '../../words/payments/gst-states';
import type { InputHTMLAttributes } from 'react';
import { SelectField, TextField } from '../form-parts';
import { when } from '../format';
import { dayOf, methodName, rupees } from './money';
import type { RequestFormState } from './request-form';

/** A published program as the form offers it. */
export interface OfferedProgram {
  slug: string;
  title: string;
  price?: number;
}

/** What a lead's page shows about payments (nothing when payments are off). */
export interface LeadPaymentsView {
  /** The lead's page: the form posts to `${base}/payment-request`. */
  base: string;
  /** Set but not usable: why (the form is not shown). */
  notSetUp?: string;
  requests: PaymentRequestRecord[];
  payments: PaymentRecord[];
  /** Each payment's refunds, by the tool's payment id. */
  refunds: Record<string, RefundRecord[]>;
  programs: OfferedProgram[];
  /** The GST state of the business, when GSTIN is set: the buyer's state is asked, this one first. */
  gstState?: string;
  /** This render's form id. */
  formId: string;
  /** A refused post: what was typed and why. */
  state?: RequestFormState;
}

const OPEN = new Set(['created', 'partially_paid']);

/** A lead's payment requests, each with its payments and receipts, then the form that asks for another. */
export function LeadPayments({ view }: { view: LeadPaymentsView }) {
  return (
    <section className="desk-card desk-payments" aria-labelledby="payments-heading">
      <h2 id="payments-heading">{copy.heading}</h2>
      {view.requests.length > 0 ? (
        <ul className="desk-payment-requests" aria-label={copy.requests}>
          {view.requests.map((r) => (
            <RequestItem key={r.id} request={r} view={view} />
          ))}
        </ul>
      ) : null}
      {view.notSetUp ? <p className="desk-meta">{copy.notSetUp(view.notSetUp)}</p> : <RequestForm view={view} />}
    </section>
  );
}

function RequestItem({ request: r, view }: { request: PaymentRequestRecord; view: LeadPaymentsView }) {
  const what = view.programs.find((p) => p.slug === r.program)?.title ?? r.program ?? r.description;
  const payments = view.payments.filter((p) => p.requestId === r.id);
  return (
    <li>
      <p>{copy.requested(rupees(r.amountPaise), what, dayOf(r.expiresAt))}</p>
      <p className="desk-meta">
        {r.status === 'cancelled' && !r.linkId ? copy.notMade : copy.statuses[r.status]}
        {r.cancelledBy ? ` · ${copy.cancelledBy(r.cancelledBy)}` : null}
        {r.status === 'partially_paid'
          ? ` · ${copy.partly(rupees(r.paidPaise), rupees(r.amountPaise - r.paidPaise))}`
          : null}
      </p>
      {r.shortUrl && OPEN.has(r.status) ? (
        <p className="desk-meta">
          {copy.link}: <code>{r.shortUrl}</code>
        </p>
      ) : null}
      {payments.map((p) => (
        <PaymentLine key={p.id} payment={p} refunds={view.refunds[p.providerPaymentId] ?? []} />
      ))}
      {OPEN.has(r.status) && !view.notSetUp ? (
        <form method="post" action={`${view.base}/payment-request/${encodeURIComponent(r.id)}/cancel`}>
          <button type="submit" className="btn btn-outline">
            {copy.cancel}
          </button>
        </form>
      ) : null}
    </li>
  );
}

/** One payment: how much, how, when, its receipt, and any refund. */
export function PaymentLine({ payment: p, refunds }: { payment: PaymentRecord; refunds: RefundRecord[] }) {
  const pending = refunds.some((r) => r.status === 'pending');
  const back = refunds.filter((r) => r.status === 'processed').reduce((sum, r) => sum + r.amountPaise, 0);
  return (
    <p className="desk-payment">
      {copy.paid(rupees(p.amountPaise), methodName(p.method), when(p.paidAt))} ·{' '}
      <a href={`/desk/payments/${encodeURIComponent(p.id)}/receipt`}>
        {copy.receipt} {p.receipt.number}
      </a>
      {back > 0 ? ` · ${copy.refunded(rupees(back))}` : null}
      {pending ? ` · ${copy.refundPending}` : null}
    </p>
  );
}

function RequestForm({ view }: { view: LeadPaymentsView }) {
  const { values = {}, errors = {} } = view.state ?? {};
  const f = copy.form;
  // The typed fields differ only by their name and what the input takes.
  const typed = (name: 'amount' | 'description' | 'deposit', input: InputHTMLAttributes<HTMLInputElement>) => (
    <TextField
      id={`pay-${name}`}
      name={name}
      label={f[name]}
      {...input}
      defaultValue={values[name] ?? ''}
      hint={f[`${name}Hint`]}
      error={errors[name]}
    />
  );
  return (
    <form method="post" action={`${view.base}/payment-request`} className="desk-payment-form">
      <h3>{f.heading}</h3>
      <p className="desk-meta">{f.explain}</p>
      <input type="hidden" name="formId" value={view.formId} />
      {errors.formId ? <p className="desk-field-error">{errors.formId}</p> : null}
      {view.programs.length > 0 ? (
        <SelectField
          id="pay-program"
          label={f.program}
          name="program"
          defaultValue={values.program ?? ''}
          error={errors.program}
        >
          <option value="">{f.noProgram}</option>
          {view.programs.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.price ? `${p.title} (${rupees(p.price * 100)})` : p.title}
            </option>
          ))}
        </SelectField>
      ) : null}
      {typed('amount', { inputMode: 'decimal' })}
      {typed('description', { maxLength: 200, required: true })}
      {typed('deposit', { inputMode: 'decimal' })}
      {view.gstState ? (
        <SelectField
          id="pay-state"
          label={f.buyerState}
          name="buyer_state"
          defaultValue={values.buyer_state ?? view.gstState}
          error={errors.buyer_state}
        >
          {Object.entries(GST_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {code} {name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <button type="submit" className="btn btn-cta">
        {f.submit}
      </button>
    </form>
  );
}
