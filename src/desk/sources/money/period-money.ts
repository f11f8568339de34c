import type { Env } from '../../../env';
import { sourceOf } from '../../../shared/visit-source';
import { getLeadStore } from '../../../store/leads/open';
import type { LeadRecord } from '../../../store/leads/listing';
import { getPaymentStore } from '../../../store/payments/open';
import type { LeadRef, PaymentRecord, PaymentRequestRecord } from '../../../store/payments/payments';
import { ERASED_SOURCE, type PeriodMoney } from './revenue';

/** Payments and refunds read for one period: far above what a period brings; the rest is not counted. */
const LIMIT = 5000;

/**
 * The money that moved in [start, end) (ISO): each payment paid in it, and each refund made in it that Razorpay has
 * processed (a pending one has not gone back yet, a failed one never will), with the source of the lead who paid.
 * A refund's payment may be older than the period: it is read by its tool id.
 */
export async function periodMoney(env: Env, start: string, end: string): Promise<PeriodMoney[]> {
  const store = getPaymentStore(env);
  const leads = getLeadStore(env);
  const [payments, refunds] = await Promise.all([
    store.paymentsBetween(start, end, LIMIT),
    store.refundsBetween(start, end, LIMIT),
  ]);
  const byToolId = new Map(payments.map((p) => [p.providerPaymentId, p]));
  const refunded = refunds.filter((r) => r.status === 'processed');
  await Promise.all(
    refunded
      .filter((r) => !byToolId.has(r.providerPaymentId))
      .map(async (r) => {
        const payment = await store.paymentByProviderId(r.providerPaymentId);
        if (payment) byToolId.set(r.providerPaymentId, payment);
      }),
  );
  // Each lead and request once, however many payments they have.
  const leadOf = memo(
    (ref: LeadRef) => `${ref.kind}:${ref.id}`,
    (ref) => leads.get(ref.kind, ref.id),
  );
  const requestOf = memo(
    (id: string) => id,
    (id) => store.getRequest(id),
  );
  const moved = async (payment: PaymentRecord | undefined, paise: number): Promise<PeriodMoney> => {
    const [lead, request] = await Promise.all([
      payment?.lead ? leadOf(payment.lead) : null,
      payment ? requestOf(payment.requestId) : null,
    ]);
    return describe(payment, paise, lead, request);
  };
  return Promise.all([
    ...payments.map((p) => moved(p, p.amountPaise)),
    ...refunded.map((r) => moved(byToolId.get(r.providerPaymentId), -r.amountPaise)),
  ]);
}

/** A movement of money with its lead's source and its request's program. */
function describe(
  payment: PaymentRecord | undefined,
  paise: number,
  lead: LeadRecord | null,
  request: PaymentRequestRecord | null,
): PeriodMoney {
  const { source, campaign } = lead ? sourceOf(lead.attribution) : { source: ERASED_SOURCE, campaign: '' };
  const payer = payment?.lead ? `${payment.lead.kind}:${payment.lead.id}` : `payment:${payment?.id ?? 'unknown'}`;
  const program = request?.program ?? payment?.receipt.program ?? null;
  return { paise, source, campaign, program, payer };
}

/** A cached async lookup: one read per key for the whole report. */
function memo<K, V>(key: (k: K) => string, read: (k: K) => Promise<V>): (k: K) => Promise<V> {
  const seen = new Map<string, Promise<V>>();
  return (k) => seen.get(key(k)) ?? seen.set(key(k), read(k)).get(key(k))!;
}
