import type { Env } from '../env';
import { enqueue } from '../queue/jobs';
import { type LeadKind } from '../store/leads/lead';

/** One WhatsApp message of a lead as the desk shows it (from the delivery ledger). */
export interface DeskMessage {
  template: string;
  recipient: string;
  status: string;
  attempts: number;
  errorCode: string | null;
  errorMessage: string | null;
  /** Why a `skipped` message was not sent (cap, budget, unverified, hourly_cap). */
  skipReason: string | null;
  updatedAt: string;
  sentAt: string | null;
  /** visitor, owner, digest or email (an owner's alert by email). */
  audience: string;
  /** What WhatsApp's status webhook last said: sent, delivered, read or failed (null: nothing yet). */
  receipt: string | null;
  receiptAt: string | null;
  receiptErrorCode: string | null;
  receiptErrorTitle: string | null;
}

/** States an owner may send again. */
export const RESENDABLE = ['failed', 'dead'];

/**
 * Whether an owner may send a message (again) from the desk: one that failed or died, or a sign-up the newsletter
 * tool was not sent because Turnstile did not verify it (the owners know the person: they send it on).
 */
export function canResend(m: Pick<DeskMessage, 'status' | 'skipReason' | 'audience'>): boolean {
  return (
    RESENDABLE.includes(m.status) ||
    (m.status === 'skipped' && m.skipReason === 'unverified' && m.audience === 'newsletter')
  );
}

export async function messagesFor(db: D1Database, kind: LeadKind, id: string): Promise<DeskMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT template, recipient, status, attempts, last_error_code AS errorCode, last_error_message AS errorMessage, skip_reason AS skipReason,
              updated_at AS updatedAt, sent_at AS sentAt, audience, receipt, receipt_at AS receiptAt,
              receipt_error_code AS receiptErrorCode, receipt_error_title AS receiptErrorTitle
       FROM deliveries WHERE submission_id = ? AND lead_kind = ? ORDER BY created_at, template, recipient`,
    )
    .bind(id, kind)
    .all<DeskMessage>();
  return results;
}

/** The address a lead's email to its visitor (the quiz result) went to, as its ledger row names it. */
export async function visitorEmailRecipient(
  db: D1Database,
  kind: LeadKind,
  id: string,
  template: string,
): Promise<string | undefined> {
  const row = await db
    .prepare(
      `SELECT recipient FROM deliveries
       WHERE submission_id = ? AND lead_kind = ? AND template = ? AND audience = 'visitor' AND recipient LIKE '%@%'`,
    )
    .bind(id, kind, template)
    .first<{ recipient: string }>();
  return row?.recipient;
}

/**
 * How many messages failed, died or may not have been sent (`unknown`) in the last 7 days (deliveries_by_status
 * serves it). The newsletter tool's refusals are not messages: the health check reports them.
 */
export async function recentFailures(db: D1Database, now = Date.now()): Promise<number> {
  const since = new Date(now - 7 * 86_400_000).toISOString();
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM deliveries
       WHERE status IN ('failed', 'dead', 'unknown') AND updated_at >= ? AND audience <> 'newsletter'`,
    )
    .bind(since)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Sends a failed or dead message again (or an unverified sign-up on, see canResend) through the queue and the
 * ledger: the row is marked for replay and a replay job is queued; the consumer claims, sends and records it like
 * any other delivery. Answers false when the message is not (or no longer) one to send, so a double tap sends once.
 */
export async function resend(
  env: Env,
  kind: LeadKind,
  id: string,
  template: string,
  recipient: string,
  now = new Date().toISOString(),
): Promise<boolean> {
  const result = await env.DB.prepare(
    `UPDATE deliveries SET status = 'replay', updated_at = ?
     WHERE submission_id = ? AND lead_kind = ? AND template = ? AND recipient = ?
       AND (status IN ('failed', 'dead') OR (status = 'skipped' AND skip_reason = 'unverified' AND audience = 'newsletter'))`,
  )
    .bind(now, id, kind, template, recipient)
    .run();
  if (result.meta.changes !== 1) return false;
  await enqueue(env, { type: 'replay-deliveries' });
  return true;
}
