import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { logEvent } from '../../log';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { getPaymentStore } from '../../store/payments/open';
import { getPaymentProvider } from '../../payments/open';
import { PaymentProviderError } from '../../payments/provider';
import { paymentsPage as copy, receiptWords } from '../../words/payments/desk-payments';
import { renderDeskPage, type DeskEnv } from '../page';
import { paiseOf, rupees } from './money';
import { PaymentsPage } from './payments-page';
import { ReceiptPage, type RefundView } from './receipt-page';
import { ROW_STATUSES, monthOf, monthRange, monthRows, rowsCsv, type RowStatus } from './rows';
import { newFormId } from './lead-payments';
import { FORM_ID } from './request-form';

/**
 * /desk/payments: a month's requests, payments and refunds (`?month=2026-11&status=…`), the same rows as CSV, each
 * payment's receipt, and a refund asked from it. Nothing personal is in an address: payments go by their own id.
 */
export const payments = new Hono<DeskEnv>();

const PaymentId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/) });

/** The filters asked for: a month (this one by default) and a status, or why the month is refused. */
function filters(c: Context<DeskEnv>) {
  const month = c.req.query('month') || monthOf(new Date());
  const asked = c.req.query('status') ?? '';
  const status = (ROW_STATUSES as readonly string[]).includes(asked) ? (asked as RowStatus) : undefined;
  return { month, status, range: monthRange(month) };
}

payments.get('/payments', async (c) => {
  const { month, status, range } = filters(c);
  const rows = range ? await monthRows(getPaymentStore(c.env), range, status) : [];
  const page = (
    <PaymentsPage month={month} rows={rows} {...(status && { status })} {...(!range && { error: copy.badMonth })} />
  );
  return renderDeskPage(c, copy.title, 'payments', {}, page, range ? 200 : 400);
});

payments.get('/payments.csv', async (c) => {
  const { month, status, range } = filters(c);
  if (!range) throw new ApiException(400, 'invalid_input', copy.badMonth, { month: copy.badMonth });
  const rows = await monthRows(getPaymentStore(c.env), range, status);
  logEvent('info', 'desk.action', { action: 'payments exported', count: rows.length });
  return new Response(rowsCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="payments-${month}.csv"`,
    },
  });
});

payments.get('/payments/:id/receipt', (c) => receipt(c));

payments.post('/payments/:id/refund', async (c) => {
  const { id } = paymentId(c);
  const store = getPaymentStore(c.env);
  const payment = await store.getPayment(id);
  if (!payment) throw new ApiException(404, 'not_found', receiptWords.notFound);
  const refunds = await store.refundsOf(payment.providerPaymentId);
  const left = leftOf(payment.amountPaise, refunds);
  const { fields } = await readRequestBody(c);
  const typed = String(fields.amount ?? '');
  const formId = String(fields.formId ?? '');
  const paise = paiseOf(typed);
  const words = receiptWords.refund;
  const provider = getPaymentProvider(c.env);
  if (!provider) return receipt(c, { typed, error: words.off }, 409);
  if (!FORM_ID.test(formId)) return receipt(c, { typed, error: words.form }, 400);
  if (paise === null || paise < 100 || paise > left)
    return receipt(c, { typed, error: words.tooMuch(rupees(left)) }, 400);
  // One refund per form, however often it is posted: the form's id is claimed once (a double tap, or the browser
  // posting again, finds it taken and asks Razorpay for nothing more). A refused call spends it; the page the owner
  // gets back carries a fresh one.
  if (!(await store.markEvent(`refund-form:${formId}`, new Date().toISOString()))) {
    return c.redirect(`/desk/payments/${encodeURIComponent(id)}/receipt`, 303);
  }
  try {
    const made = await provider.refund(payment.providerPaymentId, paise);
    // Stored pending whatever the tool answered first: the refund's webhook makes it final (processed or failed).
    await store.putRefund({
      id: made.id,
      providerPaymentId: payment.providerPaymentId,
      amountPaise: paise,
      status: made.status === 'pending' ? 'pending' : made.status,
      requestedBy: c.var.owner.email,
      createdAt: new Date().toISOString(),
    });
    logEvent('info', 'desk.action', { action: 'refund asked' });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const message = error.kind === 'refused' ? words.refused(error.message) : words.unreachable;
    return receipt(c, { typed, error: message }, 400);
  }
  return c.redirect(`/desk/payments/${encodeURIComponent(id)}/receipt`, 303);
});

function paymentId(c: Context<DeskEnv>) {
  const parsed = PaymentId.safeParse(c.req.param());
  if (!parsed.success) throw new ApiException(404, 'not_found', receiptWords.notFound);
  return parsed.data;
}

/** What is left to refund: the amount less every refund not failed (a pending one counts: it may go through). */
function leftOf(amountPaise: number, refunds: { amountPaise: number; status: string }[]): number {
  return amountPaise - refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
}

async function receipt(c: Context<DeskEnv>, refused?: { typed: string; error: string }, status: 200 | 400 | 409 = 200) {
  const { id } = paymentId(c);
  const store = getPaymentStore(c.env);
  const payment = await store.getPayment(id);
  if (!payment) throw new ApiException(404, 'not_found', receiptWords.notFound);
  const refunds = await store.refundsOf(payment.providerPaymentId);
  const refund: RefundView = {
    off: !getPaymentProvider(c.env),
    leftPaise: leftOf(payment.amountPaise, refunds),
    formId: newFormId(),
    ...refused,
  };
  const page = <ReceiptPage payment={payment} refunds={refunds} refund={refund} />;
  return renderDeskPage(c, `${receiptWords.receipt} ${payment.receipt.number}`, 'payments', {}, page, status);
}
