/**
 * Payments in the workerd tests: a lead with a payment request whose link the Razorpay stand-in made, Razorpay's
 * webhook deliveries as it signs them, and posting them to the Worker.
 */
import type { Env } from '../../src/env';
import type { Lead } from '../../src/store/leads/lead';
import { getLeadStore } from '../../src/store/leads/open';
import { getPaymentStore } from '../../src/store/payments/open';
import type { PaymentRequestRecord } from '../../src/store/payments/payments';
import { createRazorpay, type Razorpay } from '../standins/razorpay/razorpay-rules.mjs';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  razorpayEnv,
} from '../standins/razorpay/razorpay';
import { quizLead } from '../fixtures/leads';
import { callWorker } from '../support/api';
import { randomHex } from '../support/shared';

export { RAZORPAY_WEBHOOK_SECRET };

/** A Razorpay account of the stand-in's rules, used directly (no fetch): the tests play Razorpay's part. */
export const newRazorpay = (): Razorpay => createRazorpay({ keyId: RAZORPAY_KEY_ID, keySecret: RAZORPAY_KEY_SECRET });

/** The env of `base` (D1 or Firestore) with payments on at the stand-in, and any other settings. */
export const paymentsEnv = (base: Env, extra: Record<string, string> = {}): Env =>
  razorpayEnv(extra as Partial<Env>, base);

/** A stored quiz lead (Asha Verma) to ask for payment. */
export async function payingLead(workerEnv: Env): Promise<Lead> {
  const lead = quizLead({
    id: crypto.randomUUID(),
    contact: { first: 'Asha', last: 'Verma', email: `asha-${randomHex(4)}@example.com`, phone: '' },
    bookingRef: randomHex(12),
    verified: true,
  });
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

/**
 * A payment request of the lead as the desk makes it: the link made at Razorpay (the stand-in), the request stored
 * with its link id. `minutesAgo`: when the owner asked.
 */
export async function requestPayment(
  workerEnv: Env,
  razorpay: Razorpay,
  lead: Lead,
  {
    amountPaise = 499900,
    depositPaise,
    buyerState,
    minutesAgo = 10,
  }: Partial<{
    amountPaise: number;
    depositPaise: number;
    buyerState: string;
    minutesAgo: number;
  }> = {},
): Promise<PaymentRequestRecord> {
  const reference = `${lead.bookingRef}-${randomHex(4)}`;
  const body = {
    amount: amountPaise,
    currency: 'INR',
    reference_id: reference,
    expire_by: Math.floor(Date.now() / 1000) + 7 * 86_400,
    ...(depositPaise !== undefined && { accept_partial: true, first_min_partial_amount: depositPaise }),
  };
  const res = await razorpay.handle(
    new Request('https://razorpay.standin.test/v1/payment_links', {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${RAZORPAY_KEY_ID}:${RAZORPAY_KEY_SECRET}`)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
  const link = (await res.json()) as { id: string; short_url: string };
  const createdAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const request: PaymentRequestRecord = {
    id: randomHex(16),
    formId: randomHex(16),
    lead: { kind: lead.kind, id: lead.id },
    reference,
    provider: 'razorpay',
    program: 'retreats-workshops',
    description: 'Retreat, March 2027',
    amountPaise,
    ...(depositPaise !== undefined && { depositPaise }),
    ...(buyerState !== undefined && { buyerState }),
    linkId: link.id,
    shortUrl: link.short_url,
    status: 'created',
    paidPaise: 0,
    expiresAt: new Date(body.expire_by * 1000).toISOString(),
    createdBy: 'owner@example.com',
    createdAt,
  };
  await getPaymentStore(workerEnv).createRequest(request);
  return request;
}

/** Razorpay's `payment_link.paid` (or `.partially_paid`) for a payment of the link, made `at` (ms). */
export function paidEvent(razorpay: Razorpay, linkId: string, options: { amount?: number; at?: number } = {}) {
  const { payment, link } = razorpay.pay(linkId, options);
  const name = link.status === 'paid' ? 'payment_link.paid' : 'payment_link.partially_paid';
  return { payment, link, body: razorpay.event(name, { payment_link: link, payment }, options.at) };
}

export interface PostOptions {
  /** X-Razorpay-Event-Id (a new one by default); null sends none. */
  eventId?: string | null;
  /** The signature header as sent instead of a good one; null sends none. */
  signature?: string | null;
  secret?: string;
}

/** POSTs a body to /webhooks/razorpay as Razorpay does: signed, with an event id. */
export async function postRazorpay(workerEnv: Env, raw: string, options: PostOptions = {}): Promise<Response> {
  const signature =
    options.signature !== undefined
      ? options.signature
      : await newRazorpay().sign(raw, options.secret ?? RAZORPAY_WEBHOOK_SECRET);
  const eventId = options.eventId !== undefined ? options.eventId : `evt_${randomHex(7)}`;
  return callWorker(workerEnv, '/webhooks/razorpay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature !== null && { 'x-razorpay-signature': signature }),
      ...(eventId !== null && { 'x-razorpay-event-id': eventId }),
    },
    body: raw,
  });
}
