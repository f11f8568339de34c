import type { Env } from '../../env';
import { logEvent } from '../../log';
import { greetingName } from '../../shared/lead-rules';
import { E164 } from '../../store/phone';
import { contactOf, type Lead } from '../../store/leads/lead';
import { getConversationStore } from '../../store/conversations/open';
import type { PaymentRequestRecord } from '../../store/payments/payments';
import { paymentRequestWords as words } from '../../words/payments/payment-request';
import { freeText, queueVisitorSend, windowState } from '../conversations/desk-replies';
import { leadVouches } from '../follow-ups/follow-ups';
import { templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/** The ledger key of a request's message: one per request, so a repeat queues nothing. */
export const paymentRequestId = (requestId: string) => `payment-request:${requestId}`;

/** What the message names: their first name, the amount (₹, Indian grouping), what it is for, the link. */
export interface RequestWords {
  amount: string;
  what: string;
}

/**
 * The payment link to the person on WhatsApp, through the ledger and the queue (one `desk-reply` job): a text while
 * their 24-hour window is open, else the approved template `payment_request`. The ledger records it once per
 * request and skips it for a number that opted out or past a visitor budget; a lead without a real number, or one
 * Turnstile did not vouch for, gets none (the owners still see the link on the lead's page). Answers what happened.
 */
export async function sendPaymentRequest(
  env: Env,
  lead: Lead,
  request: PaymentRequestRecord,
  said: RequestWords,
  by: string,
  now = new Date(),
): Promise<'queued' | 'skipped' | 'no_phone' | 'unverified'> {
  const { name, phone } = contactOf(lead);
  if (!request.shortUrl || !E164.safeParse(phone).success) return 'no_phone';
  if (!(await leadVouches(env.DB, lead))) return 'unverified';
  const first = greetingName(name) || words.noName;
  const received = await getConversationStore(env).from(phone);
  const open = windowState(received.at(-1)?.at ?? null, now)?.open === true;
  const send: Send = open
    ? freeText(phone, words.text(first, said.amount, said.what, request.shortUrl))
    : templateMessage(WHATSAPP_TEMPLATES.paymentRequest, phone, 'visitor', {
        body: [first, said.amount, said.what, request.shortUrl],
      });
  const row = await queueVisitorSend(
    env,
    { submissionId: paymentRequestId(request.id), leadKind: lead.kind, send, by },
    now,
  );
  const outcome = row.status === 'skipped' ? 'skipped' : 'queued';
  logEvent('info', 'desk.action', {
    action: `payment link ${outcome}`,
    ...(row.skipReason && { reason: row.skipReason }),
  });
  return outcome;
}
