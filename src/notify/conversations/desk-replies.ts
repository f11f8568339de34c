import type { Env } from '../../env';
import { logEvent, maskPhone } from '../../log';
import { enqueue, type JobOf } from '../../queue/jobs';
import { deliveryStore } from '../ledger/ledger-store';
import { deliver } from '../ledger/deliver';
import { queueOpenedRow } from '../ledger/queue-opened';
import { readBudgets, type LedgerRules } from '../ledger/budgets';
import { FREE_TEXT, type Component, type Send } from '../ledger/templates';
import { createSender } from '../whatsapp/whatsapp';
import { isUserId } from '../../shared/user-id';

/** WhatsApp's customer service window: free-form messages only this long after the visitor's last message. */
export const WINDOW_MS = 24 * 3600_000;

/** Whether an owner may answer freely now, and when the window closes (or closed); null: they never wrote. */
export function windowState(lastReceivedAt: string | null, now: Date): { open: boolean; closesAt: string } | null {
  if (!lastReceivedAt) return null;
  const closes = Date.parse(lastReceivedAt) + WINDOW_MS;
  return { open: now.getTime() < closes, closesAt: new Date(closes).toISOString() };
}

/** An owner's answer as a ledger message: a free-form text to the visitor's number. */
export function freeText(to: string, text: string): Send {
  return {
    template: FREE_TEXT,
    to,
    audience: 'visitor',
    components: [{ type: 'body', parameters: [{ type: 'text', text }] }],
  };
}

/** The ledger key of an answer: the id the desk's form carried, so a double tap sends once. */
export const deskReplyId = (replyId: string) => `desk-reply:${replyId}`;

// A timed-out answer may have reached the visitor: recorded `unknown`, and sent again only by an owner.
const rules = (env: Env): LedgerRules => ({ budgets: readBudgets(env), verified: true, uncertainIsUnknown: true });

/**
 * Puts an owner's answer in the ledger (pending, with who wrote it) and queues its sending. A repeat of the
 * same form (same replyId) finds the row and queues nothing. Answers whether this call queued it.
 */
export async function queueDeskReply(
  env: Env,
  answer: { replyId: string; leadKind: string; to: string; text: string; by: string },
  now = new Date(),
): Promise<boolean> {
  return queueFreeText(env, { ...answer, submissionId: deskReplyId(answer.replyId) }, now);
}

/**
 * Puts a free-form message to a visitor in the ledger under `submissionId` (pending, with the owner who wrote it,
 * if one did) and queues its sending; a repeat of the same id finds the row and queues nothing. Answers whether
 * this call queued it.
 */
export async function queueFreeText(
  env: Env,
  message: { submissionId: string; leadKind: string; to: string; text: string; by?: string },
  now = new Date(),
): Promise<boolean> {
  const { text: _text, ...ref } = message;
  return (await queueVisitorSend(env, { ...ref, send: freeText(message.to, message.text) }, now)).queued;
}

/**
 * Puts a message to a visitor from the desk in the ledger under `submissionId` (pending, with the owner who sent it,
 * if one did) and queues its sending as a desk-reply job; a repeat of the same id finds the row and queues nothing.
 * Answers whether this call queued it, and the row's status and skip reason (a number that opted out: skipped).
 */
export async function queueVisitorSend(
  env: Env,
  message: { submissionId: string; leadKind: string; send: Send; by?: string },
  now = new Date(),
): Promise<{ queued: boolean; status: string; skipReason: string | null }> {
  const store = deliveryStore(env);
  const { send } = message;
  const key = store.key(message.submissionId, send);
  const row = await store.open(key, message.leadKind, send, now, rules(env));
  const result = { queued: false, status: row.status, skipReason: row.skip_reason };
  if (!row.created) return result;
  if (message.by) {
    await env.DB.prepare(`UPDATE deliveries SET sent_by = ? WHERE submission_id = ? AND template = ? AND recipient = ?`)
      .bind(message.by, key.submissionId, key.template, key.recipient)
      .run();
  }
  // A message to a number that opted out (or past a budget) is recorded as skipped, and not queued.
  if (row.status !== 'pending') return result;
  const template = send.template === FREE_TEXT ? {} : { template: send.template };
  await queueOpenedRow(env, key, {
    type: 'desk-reply',
    submissionId: key.submissionId,
    recipient: key.recipient,
    ...template,
  });
  logEvent('info', 'conversation.reply', { submissionId: key.submissionId, to: maskPhone(send.to) });
  return { ...result, queued: true };
}

/**
 * Sends again an answer whose first send may not have gone out (status `unknown`), because an owner asked to: the
 * row goes back to pending and its job is queued. Only an answer to `to` is taken, and only once (a double tap finds
 * it pending): answers whether this call queued it.
 */
export async function resendDeskReply(env: Env, submissionId: string, to: string, now = new Date()): Promise<boolean> {
  const result = await env.DB.prepare(
    `UPDATE deliveries SET status = 'pending', updated_at = ?
     WHERE submission_id = ? AND template = ? AND recipient = ? AND status = 'unknown'`,
  )
    .bind(now.toISOString(), submissionId, FREE_TEXT, to)
    .run();
  if (result.meta.changes !== 1) return false;
  try {
    await enqueue(env, { type: 'desk-reply', submissionId, recipient: to });
  } catch (err) {
    // Not queued: it stays offered to the owner, as it was.
    await env.DB.prepare(
      `UPDATE deliveries SET status = 'unknown' WHERE submission_id = ? AND template = ? AND recipient = ? AND status = 'pending'`,
    )
      .bind(submissionId, FREE_TEXT, to)
      .run();
    throw err;
  }
  logEvent('info', 'conversation.reply', { submissionId, to: maskPhone(to), resend: true });
  return true;
}

/** Sends a queued answer (or a follow-up template) through the ledger: claimed once, retried while WhatsApp asks, never sent twice. */
export async function sendDeskReply(job: JobOf<'desk-reply'>, env: Env): Promise<number | undefined> {
  const store = deliveryStore(env);
  const row = await storedReply(env, job);
  if (!row) return undefined;
  const step = await deliver(
    { submissionId: job.submissionId, leadKind: row.lead_kind },
    row.send,
    store,
    createSender(env),
    rules(env),
  );
  return step.done ? undefined : step.after;
}

/** A desk-reply job that ran out of retries: the answer is recorded dead, and the desk shows it. */
export async function recordDeadDeskReply(job: JobOf<'desk-reply'>, env: Env): Promise<void> {
  const row = await storedReply(env, job);
  if (!row) return;
  const store = deliveryStore(env);
  const dead = await store.markDead(
    store.key(job.submissionId, row.send),
    row.lead_kind,
    row.send,
    new Date().toISOString(),
    rules(env),
  );
  if (dead.status === 'dead')
    logEvent('error', 'delivery.dead', { submissionId: job.submissionId, template: row.send.template });
}

/**
 * The answer a job sends, by its key. An answer queued to a user id that has since been joined to its number
 * (src/notify/whatsapp/sender-identity.ts moved the row) is found by its id and goes to the number.
 */
async function storedReply(env: Env, job: JobOf<'desk-reply'>): Promise<{ lead_kind: string; send: Send } | null> {
  const template = job.template ?? FREE_TEXT;
  const row = await env.DB.prepare(
    `SELECT lead_kind, components, recipient FROM deliveries WHERE submission_id = ?1 AND template = ?2
       AND (recipient = ?3 OR (?4 AND audience = 'visitor')) ORDER BY recipient = ?3 DESC LIMIT 1`,
  )
    .bind(job.submissionId, template, job.recipient, isUserId(job.recipient) ? 1 : 0)
    .first<{ lead_kind: string; components: string; recipient: string }>();
  if (!row) return null;
  const components = JSON.parse(row.components) as Component[];
  return {
    lead_kind: row.lead_kind,
    send: { template, to: row.recipient, audience: 'visitor', components },
  };
}
