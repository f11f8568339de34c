import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { bookingLink } from '../../shared/booking';
import { greetingName } from '../../shared/lead-rules';
import type { BookingRecord } from '../../store/bookings/bookings';
import { getConversationStore } from '../../store/conversations/open';
import { optOutOf } from '../../store/conversations/opt-outs';
import { contactOf, type Lead } from '../../store/leads/lead';
import { isE164 } from '../../store/phone';
import { publishedContent } from '../../store/site-content/published-content';
import { rebookWords as words } from '../../words/reminders/rebook';
import { freeText, queueVisitorSend, windowState } from '../conversations/desk-replies';
import { leadVouches, recentFollowUp, REBOOK_PREFIX } from '../follow-ups/follow-ups';
import { EMPTY_PARAM, templateMessage, type Send } from '../ledger/templates';
import { bookingProgram } from '../bookings/booking-templates';
import { bookingKey } from './reminder-keys';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/** Why no rebook message may go; `recent` says when the next may, `sent` when (and by whom) the one sent went. */
export type RebookRefusal =
  | { reason: 'no_phone' | 'unverified' | 'opted_out' | 'budget' | 'no_booking_page' }
  | { reason: 'recent'; nextAt: string }
  | { reason: 'sent'; at: string; by: string | null };

/** A rebook message that may go: its ledger key, the message, and its words as the person will read them. */
export interface RebookMessage {
  key: string;
  send: Send;
  text: string;
}

/** The ledger key of a booking's rebook message: one per booking whatever is posted, holding nothing personal. */
export async function rebookId(provider: BookingRecord['provider'], id: string): Promise<string> {
  return `${REBOOK_PREFIX}${await bookingKey({ provider, id })}`;
}

/** The booking's rebook message as the ledger holds it (skipped ones aside: they never went), or null. */
export async function rebookSent(db: D1Database, key: string): Promise<{ at: string; by: string | null } | null> {
  const row = await db
    .prepare(
      `SELECT created_at, sent_by FROM deliveries WHERE submission_id = ? AND status <> 'skipped'
       ORDER BY created_at LIMIT 1`,
    )
    .bind(key)
    .first<{ created_at: string; sent_by: string | null }>();
  return row ? { at: row.created_at, by: row.sent_by } : null;
}

/**
 * The rebook message for a no-show of `lead`'s, or why none may go: already sent for this booking; no real number
 * on the lead (never the booking tool's, which the site has not confirmed); a lead Turnstile did not vouch for; no
 * booking page; an opted-out number; a follow-up or rebook message within 7 days they have not answered. Inside
 * their 24-hour window the same words go as a text, else the approved template `call_rebook`.
 */
export async function planRebook(
  env: Env,
  lead: Lead,
  booking: BookingRecord,
  now = new Date(),
): Promise<{ refusal: RebookRefusal } | { refusal: null; message: RebookMessage }> {
  const key = await rebookId(booking.provider, booking.id);
  const sent = await rebookSent(env.DB, key);
  if (sent) return { refusal: { reason: 'sent', ...sent } };
  const { name, phone } = contactOf(lead);
  if (!isE164(phone)) return { refusal: { reason: 'no_phone' } };
  if (!(await leadVouches(env.DB, lead))) return { refusal: { reason: 'unverified' } };
  const config = readConfig(env);
  if (!config.quiz.bookingUrl) return { refusal: { reason: 'no_booking_page' } };
  if (await optOutOf(env.DB, config.privacy.erasureKey, phone)) return { refusal: { reason: 'opted_out' } };
  const received = await getConversationStore(env).from(phone);
  const lastReceived = received.at(-1)?.at ?? null;
  const recent = await recentFollowUp(env.DB, phone, lastReceived, now);
  if (recent) return { refusal: recent };
  const provider = config.bookings.provider;
  // The reference the missed call came back with (a client's page carries its engagement's): the new call then
  // counts against the same package. A call an owner linked by hand carries the lead's own.
  const carried = booking.lead?.by === 'ref' ? booking.ref : undefined;
  const ref = carried ?? (lead.kind === 'newsletter' ? undefined : lead.bookingRef);
  const link = bookingLink(config.quiz.bookingUrl, booking.program, provider && ref ? { provider, ref } : undefined);
  const first = greetingName(name) || words.noName;
  const title = bookingProgram(booking.program, (await publishedContent(env.FEEDS)).content.programs);
  const program = title === EMPTY_PARAM ? words.noProgram : title;
  const text = words.text(first, program, link);
  const open = windowState(lastReceived, now)?.open === true;
  const send = open
    ? freeText(phone, text)
    : templateMessage(WHATSAPP_TEMPLATES.callRebook, phone, 'visitor', { body: [first, program, link] });
  return { refusal: null, message: { key, send, text } };
}

/**
 * Checks the rules and queues the rebook message through the ledger (pending, with the owner who sent it) under
 * the booking's key: at most one per booking however often it is posted. Answers the refusal, or null once queued.
 */
export async function sendRebook(
  env: Env,
  lead: Lead,
  booking: BookingRecord,
  by: string,
  now = new Date(),
): Promise<RebookRefusal | null> {
  const plan = await planRebook(env, lead, booking, now);
  if (plan.refusal) {
    logEvent('info', 'booking.rebook', { outcome: 'refused', reason: plan.refusal.reason });
    return plan.refusal;
  }
  const { key, send } = plan.message;
  // One held back by a visitor budget never went: the owner may send it another day (planRebook saw no other row).
  await env.DB.prepare(
    `DELETE FROM deliveries WHERE submission_id = ? AND status = 'skipped' AND skip_reason IN ('cap', 'budget')`,
  )
    .bind(key)
    .run();
  const row = await queueVisitorSend(env, { submissionId: key, leadKind: lead.kind, send, by }, now);
  // Skipped by the ledger itself: an opt-out recorded meanwhile, or a visitor budget spent.
  if (row.status === 'skipped') return { reason: row.skipReason === 'opted_out' ? 'opted_out' : 'budget' };
  logEvent('info', 'booking.rebook', { outcome: row.queued ? 'queued' : 'repeat' });
  return null;
}
