import { z } from 'zod';

// Razorpay's webhook deliveries read as the events the site acts on. Only the fields used are read; anything else
// in the body (the payer's address and number among them) is never kept.

/** Razorpay's ids: a prefix, `_`, letters and digits. */
const Id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`));
const Paise = z.number().int().nonnegative();
/** Unix seconds as an ISO instant. */
const Seconds = z
  .number()
  .int()
  .positive()
  .transform((s) => new Date(s * 1000).toISOString());

const LinkEntity = z.object({
  id: Id('plink'),
  reference_id: z.string().max(40).catch(''),
  amount: Paise,
  amount_paid: Paise.catch(0),
});
const PaymentEntity = z.object({
  id: Id('pay'),
  amount: Paise.min(1),
  method: z
    .string()
    .regex(/^[a-z_]{1,20}$/)
    .catch('other'),
  created_at: Seconds,
});
const RefundEntity = z.object({
  id: Id('rfnd'),
  payment_id: Id('pay'),
  amount: Paise.min(1),
  created_at: Seconds,
});
const wrapped = <T extends z.ZodType>(entity: T) => z.object({ entity });

const Envelope = z.object({ event: z.string(), created_at: Seconds, payload: z.record(z.string(), z.unknown()) });

export type LinkEventName = 'paid' | 'partially_paid' | 'expired' | 'cancelled';
export type RefundEventName = 'created' | 'processed' | 'failed';

export interface LinkEvent {
  kind: 'link';
  event: LinkEventName;
  /** When Razorpay made the event. */
  at: string;
  link: { id: string; reference: string; amountPaise: number; amountPaidPaise: number };
  /** On paid and partially_paid: the payment that arrived. */
  payment?: { id: string; amountPaise: number; method: string; paidAt: string };
}

export interface RefundEvent {
  kind: 'refund';
  event: RefundEventName;
  at: string;
  refund: { id: string; providerPaymentId: string; amountPaise: number; createdAt: string };
}

/** An event, one the site does not act on (`ignored`, by name), or a body not in Razorpay's shape (`malformed`). */
export type Reading = LinkEvent | RefundEvent | { kind: 'ignored'; event: string } | { kind: 'malformed' };

const LINK_EVENTS = new Map<string, LinkEventName>([
  ['payment_link.paid', 'paid'],
  ['payment_link.partially_paid', 'partially_paid'],
  ['payment_link.expired', 'expired'],
  ['payment_link.cancelled', 'cancelled'],
]);
const REFUND_EVENTS = new Map<string, RefundEventName>([
  ['refund.created', 'created'],
  ['refund.processed', 'processed'],
  ['refund.failed', 'failed'],
]);

/** Reads a signed delivery's parsed JSON. */
export function readRazorpay(body: unknown): Reading {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return { kind: 'malformed' };
  const { event: name, created_at: at, payload } = envelope.data;
  const linkEvent = LINK_EVENTS.get(name);
  if (linkEvent) {
    const link = wrapped(LinkEntity).safeParse(payload.payment_link);
    if (!link.success) return { kind: 'malformed' };
    const l = link.data.entity;
    const event: LinkEvent = {
      kind: 'link',
      event: linkEvent,
      at,
      link: { id: l.id, reference: l.reference_id, amountPaise: l.amount, amountPaidPaise: l.amount_paid },
    };
    if (linkEvent === 'paid' || linkEvent === 'partially_paid') {
      const payment = wrapped(PaymentEntity).safeParse(payload.payment);
      if (!payment.success) return { kind: 'malformed' };
      const p = payment.data.entity;
      event.payment = { id: p.id, amountPaise: p.amount, method: p.method, paidAt: p.created_at };
    }
    return event;
  }
  const refundEvent = REFUND_EVENTS.get(name);
  if (refundEvent) {
    const refund = wrapped(RefundEntity).safeParse(payload.refund);
    if (!refund.success) return { kind: 'malformed' };
    const r = refund.data.entity;
    return {
      kind: 'refund',
      event: refundEvent,
      at,
      refund: { id: r.id, providerPaymentId: r.payment_id, amountPaise: r.amount, createdAt: r.created_at },
    };
  }
  return { kind: 'ignored', event: name.slice(0, 60) };
}
