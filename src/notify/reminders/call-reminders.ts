import { readConfig, type Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import type { ProgramContent } from '../../shared/site-content';
import type { BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import { getConversationStore } from '../../store/conversations/open';
import { contactOf, type Lead } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { E164 } from '../../store/phone';
import { publishedContent } from '../../store/site-content/published-content';
import { resultEmail } from '../../words/email/result-email';
import { queueVisitorSend, windowState } from '../conversations/desk-replies';
import { leadVouches } from '../follow-ups/follow-ups';
import { readBudgets } from '../ledger/budgets';
import { deliveryStore } from '../ledger/ledger-store';
import { queueOpenedRow } from '../ledger/queue-opened';
import { dueReminder } from './plan';
import { reminderId, reminderPrefix } from './reminder-keys';
import { emailReminder, reminderWords, whatsappReminder, type ReminderWords } from './reminder-message';

/** How far past the largest offset the cron looks, so a call on the edge of a 15-minute run is not missed. */
const MARGIN_MS = 3_600_000;
/** At most this many calls are looked at per run (a coach's day holds far fewer). */
const LIMIT = 200;

/**
 * What one booking's due reminder came to: queued (WhatsApp), emailed (the email job queued), skipped (recorded
 * by the ledger: an opt-out or a budget), sent before (the ledger has it), none (no lead, a lead Turnstile did not
 * vouch for, or nothing to send it to), failed (logged).
 */
export type ReminderOutcome = 'queued' | 'emailed' | 'skipped' | 'already' | 'none' | 'failed';
export type ReminderCounts = Record<ReminderOutcome, number>;

/**
 * The cron's step: each call still on whose reminder is due now (dueReminder) gets it once, through the ledger.
 * Running it twice at once or again queues nothing more (the ledger's key); a booking that fails is logged and
 * the others go on. Answers how many of each outcome.
 */
export async function sendCallReminders(env: Env, now = new Date()): Promise<ReminderCounts> {
  const counts: ReminderCounts = { queued: 0, emailed: 0, skipped: 0, already: 0, none: 0, failed: 0 };
  const offsets = readConfig(env).bookings.reminders;
  if (offsets.length === 0) return counts;
  const to = new Date(now.getTime() + Math.max(...offsets) * 3_600_000 + MARGIN_MS);
  let bookings: BookingRecord[];
  try {
    bookings = await getBookingStore(env).upcoming(now.toISOString(), to.toISOString(), LIMIT);
  } catch (err) {
    logEvent('error', 'booking.reminder', { outcome: 'unreadable', error: errorMessage(err) });
    return { ...counts, failed: 1 };
  }
  let programs: readonly ProgramContent[] | undefined;
  for (const booking of bookings) {
    const offset = dueReminder(booking, offsets, now);
    if (offset === null) continue;
    try {
      programs ??= (await publishedContent(env.FEEDS)).content.programs;
      counts[await remind(env, booking, offset, programs, now)] += 1;
    } catch (err) {
      counts.failed += 1;
      logEvent('error', 'booking.reminder', {
        reminderId: await reminderPrefix(booking),
        outcome: 'failed',
        error: errorMessage(err),
      });
    }
  }
  if (counts.queued + counts.emailed + counts.skipped + counts.failed > 0)
    logEvent('info', 'booking.reminder', { outcome: 'run', ...counts });
  return counts;
}

/** Whether the ledger holds any message under this key (whatever its channel or number). */
async function inLedger(db: D1Database, submissionId: string): Promise<boolean> {
  return (
    (await db.prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? LIMIT 1`).bind(submissionId).first()) !== null
  );
}

/** Sends one booking's due reminder to its lead, on WhatsApp or else by email; answers what it came to. */
async function remind(
  env: Env,
  booking: BookingRecord,
  offset: number,
  programs: readonly ProgramContent[],
  now: Date,
): Promise<ReminderOutcome> {
  const link = booking.lead!;
  const lead = await getLeadStore(env).get(link.kind, link.id);
  if (!lead || lead.kind === 'newsletter' || !(await leadVouches(env.DB, lead))) return 'none';
  const said = reminderWords(lead, booking, programs);
  // Only the number the lead's own form gave, never one the booking tool carried.
  const phone = contactOf(lead).phone;
  if (!E164.safeParse(phone).success) return remindByEmail(env, booking, lead, said, now);
  const submissionId = await reminderId(booking, offset);
  // Checked first: a window that opened since the template went would make the text a new ledger row.
  if (await inLedger(env.DB, submissionId)) return 'already';
  const last = (await getConversationStore(env).from(phone)).at(-1)?.at ?? null;
  const send = whatsappReminder(phone, said, windowState(last, now)?.open === true);
  const row = await queueVisitorSend(env, { submissionId, leadKind: lead.kind, send }, now);
  if (row.queued) return 'queued';
  return row.status === 'skipped' ? 'skipped' : 'already';
}

/**
 * A lead without a number: one email per call time to the address the call was booked with, from the result
 * email's sender, queued as a job; none when that sender is not set.
 */
async function remindByEmail(
  env: Env,
  booking: BookingRecord,
  lead: Lead,
  said: ReminderWords,
  now: Date,
): Promise<ReminderOutcome> {
  if (!readConfig(env).quiz.resultEmailFrom || !booking.email) {
    logEvent('info', 'booking.reminder', { reminderId: await reminderPrefix(booking), outcome: 'no_channel' });
    return 'none';
  }
  const submissionId = await reminderId(booking, 'email');
  if (await inLedger(env.DB, submissionId)) return 'already';
  const store = deliveryStore(env);
  const send = emailReminder(booking.email, said, resultEmail.signature);
  const key = store.key(submissionId, send);
  const row = await store.open(key, lead.kind, send, now, { budgets: readBudgets(env), verified: true });
  if (!row.created) return 'already';
  if (row.status !== 'pending') return 'skipped';
  await queueOpenedRow(env, key, {
    type: 'call-reminder-email',
    provider: booking.provider,
    bookingId: booking.id,
    startAt: booking.startAt,
  });
  return 'emailed';
}
