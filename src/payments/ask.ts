import { newBookingRef } from '../leads/booking-ref';
import type { PaymentRequestRecord, PaymentStore, LeadRef } from '../store/payments/payments';
import { PaymentProviderError, type PaymentProvider } from './provider';

/** 128 random bits, base64url: a request's or a payment's own id. */
export function newPaymentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** 8 random hex: what makes each link's reference unique among one lead's links. */
const suffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');

export interface Ask {
  formId: string;
  lead: LeadRef & { bookingRef?: string };
  program?: string;
  amountPaise: number;
  depositPaise?: number;
  description: string;
  buyerState?: string;
  /** The owner asking (their email, from Access). */
  by: string;
  linkDays: number;
  now: Date;
}

export type AskResult =
  | { ok: true; request: PaymentRequestRecord; made: boolean }
  | { ok: false; kind: PaymentProviderError['kind']; message: string; field?: string };

/**
 * Asks for a payment: the request stored first (`creating`), then the link made at the tool, then the request
 * saved with it. A form posted twice finds its request and makes no second link. A link the tool refuses or
 * cannot make leaves the request cancelled with no link (never `creating`), and says why.
 *
 * The reference the tool keeps is the lead's booking reference (random, says nothing about the person; a lead
 * without one gets a fresh random one) and 8 random hex.
 */
export async function askForPayment(store: PaymentStore, provider: PaymentProvider, ask: Ask): Promise<AskResult> {
  const earlier = await store.requestByForm(ask.formId);
  if (earlier) return { ok: true, request: earlier, made: false };
  const { kind, id, bookingRef } = ask.lead;
  const expiresAt = new Date(ask.now.getTime() + ask.linkDays * 86_400_000);
  const request: PaymentRequestRecord = {
    id: newPaymentId(),
    formId: ask.formId,
    lead: { kind, id },
    reference: `${bookingRef ?? newBookingRef()}-${suffix()}`,
    provider: 'razorpay',
    ...(ask.program !== undefined && { program: ask.program }),
    description: ask.description,
    amountPaise: ask.amountPaise,
    ...(ask.depositPaise !== undefined && { depositPaise: ask.depositPaise }),
    ...(ask.buyerState !== undefined && { buyerState: ask.buyerState }),
    status: 'creating',
    paidPaise: 0,
    expiresAt: expiresAt.toISOString(),
    createdBy: ask.by,
    createdAt: ask.now.toISOString(),
  };
  if (!(await store.createRequest(request))) {
    // The same form posted at the same moment: the other post makes the link.
    const other = await store.requestByForm(ask.formId);
    return other ? { ok: true, request: other, made: false } : { ok: false, kind: 'refused', message: 'duplicate' };
  }
  try {
    const link = await provider.createLink({
      amountPaise: request.amountPaise,
      ...(request.depositPaise !== undefined && { firstMinPaise: request.depositPaise }),
      description: request.description,
      reference: request.reference,
      expireBy: Math.floor(expiresAt.getTime() / 1000),
    });
    const made: PaymentRequestRecord = { ...request, linkId: link.id, shortUrl: link.shortUrl, status: 'created' };
    await store.putRequest(made);
    return { ok: true, request: made, made: true };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    await store.putRequest({ ...request, status: 'cancelled' });
    return { ok: false, kind: error.kind, message: error.message, ...(error.field && { field: error.field }) };
  }
}
