import type { Env } from '../../env';
import { paymentAlertId } from '../../notify/payments/payment-templates';
import type { LeadRecord } from '../../store/leads/listing';
import { getPaymentStore } from '../../store/payments/open';
import type { PaymentRecord, PaymentRequestRecord, RefundRecord } from '../../store/payments/payments';

/** What the payment store holds on a person's leads: the payments asked for, those made (with receipts), refunds. */
export interface PersonPayments {
  requests: PaymentRequestRecord[];
  payments: PaymentRecord[];
  refunds: RefundRecord[];
}

/** The payment requests and payments of the person's leads, newest first, with the refunds of those payments. */
export async function paymentsOfPerson(env: Env, leads: LeadRecord[]): Promise<PersonPayments> {
  const store = getPaymentStore(env);
  const requests: PaymentRequestRecord[] = [];
  const payments: PaymentRecord[] = [];
  for (const lead of leads) {
    const ref = { kind: lead.kind, id: lead.id };
    requests.push(...(await store.requestsForLead(ref)));
    payments.push(...(await store.paymentsForLead(ref)));
  }
  const refunds = (await Promise.all(payments.map((p) => store.refundsOf(p.providerPaymentId)))).flat();
  return {
    requests: requests.sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    payments: payments.sort((a, b) => b.paidAt.localeCompare(a.paidAt)),
    refunds,
  };
}

/** The ledger keys of the owners' alerts about these payments (each carries the name on the receipt). */
export const paymentAlertKeys = ({ payments }: PersonPayments): string[] => payments.map((p) => paymentAlertId(p.id));

/**
 * The payments as a person's copy shows them: each request with what it asked and where it stands, and each payment
 * with its receipt and the refunds made on it.
 */
export function paymentsCopy({ requests, payments, refunds }: PersonPayments) {
  return {
    requested: requests,
    paid: payments.map((p) => ({ ...p, refunds: refunds.filter((r) => r.providerPaymentId === p.providerPaymentId) })),
  };
}

/**
 * A person's erasure in the payment store: each lead's requests deleted and its payments turned into the accounting
 * copy the law makes the owners keep (receipt kept, no link to the person; deleted by the cron after
 * PAYMENT_RECORD_YEARS). Answers how many requests and payments.
 */
export async function erasePayments(
  env: Env,
  leads: LeadRecord[],
  at: string,
): Promise<{ requests: number; payments: number }> {
  const store = getPaymentStore(env);
  const counts = { requests: 0, payments: 0 };
  for (const lead of leads) {
    const erased = await store.eraseLead({ kind: lead.kind, id: lead.id }, at);
    counts.requests += erased.requests;
    counts.payments += erased.payments;
  }
  return counts;
}
