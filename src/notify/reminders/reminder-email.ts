import type { Env } from '../../env';
import { logEvent, maskRecipient } from '../../log';
import type { JobOf } from '../../queue/jobs';
import { getBookingStore } from '../../store/bookings/open';
import { createResultEmailSender } from '../email/result-email';
import { readBudgets, type LedgerRules } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore } from '../ledger/ledger-store';
import type { Component, Send } from '../ledger/templates';
import { reminderId } from './reminder-keys';
import { CALL_REMINDER_EMAIL } from './reminder-message';

const rules = (env: Env): LedgerRules => ({ budgets: readBudgets(env), verified: true });

/**
 * The reminder email a job sends: the ledger row the cron opened for it, while its call is still on at the time
 * the job names. None once the booking is gone (erased), moved or cancelled, or its row was forgotten.
 */
async function dueEmail(
  env: Env,
  job: JobOf<'call-reminder-email'>,
): Promise<{ submissionId: string; kind: string; send: Send } | null> {
  const booking = await getBookingStore(env).get(job.provider, job.bookingId);
  if (booking?.status !== 'booked' || booking.startAt !== job.startAt) return null;
  const submissionId = await reminderId(booking, 'email');
  const row = await env.DB.prepare(
    `SELECT lead_kind, recipient, components FROM deliveries WHERE submission_id = ? AND template = ? LIMIT 1`,
  )
    .bind(submissionId, CALL_REMINDER_EMAIL)
    .first<{ lead_kind: string; recipient: string; components: string }>();
  const components = row ? (JSON.parse(row.components) as Component[]) : [];
  if (!row || components.length === 0) return null;
  return {
    submissionId,
    kind: row.lead_kind,
    send: { template: CALL_REMINDER_EMAIL, to: row.recipient, audience: 'visitor', components },
  };
}

/** Sends a call's reminder email through the ledger, once. Undefined when done, else the wait before a retry. */
export async function sendCallReminderEmail(job: JobOf<'call-reminder-email'>, env: Env): Promise<number | undefined> {
  const due = await dueEmail(env, job);
  if (!due) return undefined;
  const ref = { submissionId: due.submissionId, leadKind: due.kind };
  const step = await deliver(ref, due.send, deliveryStore(env), createResultEmailSender(env), rules(env));
  return step.done ? undefined : step.after;
}

/** A reminder email that ran out of retries: recorded dead in the ledger. */
export async function recordDeadCallReminderEmail(job: JobOf<'call-reminder-email'>, env: Env): Promise<void> {
  const due = await dueEmail(env, job);
  if (!due) return;
  const store = deliveryStore(env);
  const key = store.key(due.submissionId, due.send);
  const row = await store.markDead(key, due.kind, due.send, new Date().toISOString(), rules(env));
  if (row.status === 'dead')
    logEvent('error', 'delivery.dead', {
      submissionId: due.submissionId,
      template: CALL_REMINDER_EMAIL,
      to: maskRecipient(due.send.to),
    });
}
