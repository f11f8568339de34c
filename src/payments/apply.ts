import { publishedContent } from '../store/site-content/published-content';
import { TOOL_NAMES } from '../bookings/lead-status';
import { engagementFromPayment } from '../clients/from-payment';
import { readConfig, type Env } from '../env';
import { logEvent } from '../log';
import { enqueue } from '../queue/jobs';
import { contactOf } from '../store/leads/lead';
import { getLeadStore } from '../store/leads/open';
import { getPaymentStore } from '../store/payments/open';
import type {
  PaymentRecord,
  PaymentRequestRecord,
  PaymentStore,
  RefundRecord,
  RequestStatus,
} from '../store/payments/payments';
import type { LinkEvent, RefundEvent } from './events';
import { gstSplit } from './gst';
import { financialYear } from './receipt-year';

/** What became of one event: applied, or older than what the site already knows (`stale`), or about no request. */
export type PaymentOutcome = 'applied' | 'stale' | 'ignored';

/** Who the desk says changed a lead's status when a payment did. */
export const RAZORPAY = 'Razorpay';

const later = (a: string | undefined, b: string) => (a !== undefined && Date.parse(a) > Date.parse(b) ? a : b);

/**
 * Applies one Razorpay event through the payment store. Every step is safe to run again (a delivery retried after a
 * failure, or repeated): a payment is recorded once per Razorpay payment id, a request's status never goes back
 * from paid, and a refund's final state never goes back to pending. Throws when a store fails (the webhook answers
 * 503 and Razorpay sends it again).
 */
export async function applyPaymentEvent(env: Env, event: LinkEvent | RefundEvent, now: Date): Promise<PaymentOutcome> {
  const store = getPaymentStore(env);
  return event.kind === 'link' ? applyLinkEvent(env, store, event, now) : applyRefundEvent(store, event);
}

async function applyLinkEvent(env: Env, store: PaymentStore, event: LinkEvent, now: Date): Promise<PaymentOutcome> {
  const request = await store.requestByLink(event.link.id);
  if (!request) {
    // A link made elsewhere (Razorpay's dashboard), or one whose person was erased since.
    logEvent('info', 'webhook.ignored', { provider: 'razorpay', event: event.event, reason: 'unknown_link' });
    return 'ignored';
  }
  if (request.reference !== event.link.reference) {
    logEvent('warn', 'webhook.ignored', {
      provider: 'razorpay',
      event: event.event,
      requestId: request.id,
      reason: 'reference_mismatch',
    });
    return 'ignored';
  }
  if (event.payment) await recordPayment(env, store, request, event.payment);
  const next = nextRequest(request, event);
  if (next.status === 'paid' && request.status !== 'paid') {
    await makeClient(env, request, now.toISOString());
    const paidAt = new Date(event.payment?.paidAt ?? event.at);
    await engagementFromPayment(env, request, Number.isNaN(paidAt.getTime()) ? now : paidAt, RAZORPAY, now);
  }
  if (next.status === request.status && next.paidPaise === request.paidPaise && next.eventAt === request.eventAt) {
    return 'stale';
  }
  await store.putRequest(next);
  return next.status === request.status && next.paidPaise === request.paidPaise ? 'stale' : 'applied';
}

/**
 * The request after an event. Money only adds up: what was paid is the most Razorpay ever said was paid, and a
 * request paid in full is paid for good (an expiry or cancellation heard of later, or a late partial payment, leaves
 * it so). Otherwise the newer event decides, by Razorpay's own times: a link that expired after a deposit stays
 * expired when the deposit's event arrives late, with the deposit counted.
 */
export function nextRequest(request: PaymentRequestRecord, event: LinkEvent): PaymentRequestRecord {
  const paidPaise = Math.max(request.paidPaise, event.link.amountPaidPaise);
  const newer = request.eventAt === undefined || Date.parse(event.at) >= Date.parse(request.eventAt);
  const open = request.status === 'creating' || request.status === 'created';
  let status: RequestStatus = request.status;
  if (event.event === 'paid' || paidPaise >= request.amountPaise) status = 'paid';
  else if (request.status !== 'paid' && (newer || open)) status = event.event;
  return { ...request, status, paidPaise, eventAt: later(request.eventAt, event.at) };
}

/**
 * Records a payment with its receipt (fixed now: a later change of settings or of the lead's name never rewrites
 * it). The owners' alert is queued before the payment is stored: a failure in between brings Razorpay's retry, which
 * queues it again, and the ledger sends each owner's alert once whatever the number of jobs.
 */
async function recordPayment(
  env: Env,
  store: PaymentStore,
  request: PaymentRequestRecord,
  payment: NonNullable<LinkEvent['payment']>,
): Promise<PaymentRecord> {
  const known = await store.paymentByProviderId(payment.id);
  if (known) return known;
  await enqueue(env, { type: 'payment-alert', providerPaymentId: payment.id });
  const { issuer } = readConfig(env).payments;
  const lead = await getLeadStore(env).get(request.lead.kind, request.lead.id);
  const contact = lead ? contactOf(lead) : undefined;
  const split = gstSplit(payment.amountPaise, issuer.gst, request.buyerState);
  // A receipt names the program as the buyer saw it (its title when paid); a program since removed keeps its slug.
  const program =
    request.program === undefined
      ? undefined
      : ((await publishedContent(env.FEEDS)).content.programs.find((p) => p.slug === request.program)?.title ??
        request.program);
  const { payment: stored } = await store.recordPayment(
    {
      id: randomId(),
      provider: request.provider,
      providerPaymentId: payment.id,
      requestId: request.id,
      lead: request.lead,
      amountPaise: payment.amountPaise,
      method: payment.method,
      paidAt: payment.paidAt,
      receipt: {
        year: financialYear(payment.paidAt),
        issuerName: issuer.name,
        issuerAddress: issuer.address,
        buyerName: contact?.name || contact?.email || '',
        ...(program !== undefined && { program }),
        description: request.description,
        ...(issuer.gst && { gstin: issuer.gst.gstin, supplierState: issuer.gst.state }),
        ...(issuer.gst && request.buyerState !== undefined && { buyerState: request.buyerState }),
        ...split,
      },
    },
    issuer.prefix,
  );
  return stored;
}

/**
 * A request paid in full makes its lead a client, unless an owner set the lead's status after the request was made
 * (their choice stands) or the lead is one already. A status a booking tool set is not an owner's choice.
 */
async function makeClient(env: Env, request: PaymentRequestRecord, at: string): Promise<void> {
  const leads = getLeadStore(env);
  const lead = await leads.get(request.lead.kind, request.lead.id);
  if (!lead || lead.desk.status === 'client') return;
  const { statusAt, statusBy } = lead.desk;
  const byTool = statusBy === RAZORPAY || Object.values(TOOL_NAMES).some((t) => t === statusBy);
  if (statusAt !== undefined && Date.parse(statusAt) > Date.parse(request.createdAt) && !byTool) return;
  await leads.update(request.lead.kind, request.lead.id, { status: 'client', by: RAZORPAY, at });
}

const FINAL: readonly RefundRecord['status'][] = ['processed', 'failed'];

/**
 * A refund as Razorpay reports it. `processed` and `failed` are final: a late `refund.created` never turns them
 * back to pending, and of two final states the newer event's stands. A refund heard of before its payment is kept
 * by the payment's id and counts once the payment arrives. An owner's name on a refund made from the desk is kept.
 */
async function applyRefundEvent(store: PaymentStore, event: RefundEvent): Promise<PaymentOutcome> {
  const existing = await store.getRefund(event.refund.id);
  const status: RefundRecord['status'] = event.event === 'created' ? 'pending' : event.event;
  if (existing) {
    const older = existing.eventAt !== undefined && Date.parse(event.at) < Date.parse(existing.eventAt);
    const backToPending = status === 'pending' && FINAL.includes(existing.status);
    if (existing.status === status || backToPending || (older && FINAL.includes(existing.status))) return 'stale';
  }
  await store.putRefund({
    id: event.refund.id,
    providerPaymentId: event.refund.providerPaymentId,
    amountPaise: event.refund.amountPaise,
    status,
    ...(existing?.requestedBy !== undefined && { requestedBy: existing.requestedBy }),
    createdAt: existing?.createdAt ?? event.refund.createdAt,
    eventAt: later(existing?.eventAt, event.at),
  });
  return 'applied';
}

/** 128 random bits, base64url: the site's own id of a payment. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
