import { enqueue, type JobOf } from '../../queue/jobs';

/** What WhatsApp's status webhook reports for a sent message, in the order it can happen. */
export type Receipt = 'sent' | 'delivered' | 'read' | 'failed';

/** A state never moves backwards: a late "delivered" after "read" changes nothing; "failed" is final. */
const RANK: Record<Receipt, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };
const RANK_SQL = `CASE receipt WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 WHEN 'failed' THEN 4 ELSE 0 END`;

export interface StatusEvent {
  /** The wamid the send was answered with (deliveries.provider_message_id). */
  id: string;
  status: Receipt;
  /** When Meta says it happened (ISO). */
  at: string;
  errorCode?: string;
  errorTitle?: string;
}

/**
 * Applies status events to the ledger in one batch: each UPDATE moves a row forward only (the rank
 * comparison is inside the statement, so repeats, reordering and concurrent webhooks are safe), and an id
 * the ledger does not know matches nothing. Returns the owner alerts this batch newly turned to failed.
 */
export async function applyReceipts(db: D1Database, events: StatusEvent[]): Promise<JobOf<'owner-fallback'>[]> {
  if (events.length === 0) return [];
  const statements = events.map((e) =>
    db
      .prepare(
        `UPDATE deliveries SET receipt = ?1, receipt_at = ?2,
           delivered_at = CASE WHEN ?1 IN ('delivered', 'read') THEN COALESCE(delivered_at, ?2) ELSE delivered_at END,
           read_at = CASE WHEN ?1 = 'read' THEN COALESCE(read_at, ?2) ELSE read_at END,
           receipt_error_code = CASE WHEN ?1 = 'failed' THEN ?3 ELSE receipt_error_code END,
           receipt_error_title = CASE WHEN ?1 = 'failed' THEN ?4 ELSE receipt_error_title END
         WHERE provider_message_id = ?5 AND ${RANK_SQL} < ?6
         RETURNING submission_id, template, recipient, audience, receipt`,
      )
      .bind(e.status, e.at, e.errorCode ?? null, e.errorTitle ?? null, e.id, RANK[e.status]),
  );
  const results = await db.batch<{
    submission_id: string;
    template: string;
    recipient: string;
    audience: string;
    receipt: string;
  }>(statements);
  return results
    .flatMap((r) => r.results)
    .filter((row) => row.audience === 'owner' && row.receipt === 'failed')
    .map((row) => ({
      type: 'owner-fallback',
      submissionId: row.submission_id,
      template: row.template,
      recipient: row.recipient,
    }));
}

/** Queues the email fallback of each owner alert WhatsApp reported failed. */
export async function queueFallbacks(env: { JOBS: Queue<unknown> }, jobs: JobOf<'owner-fallback'>[]): Promise<void> {
  for (const job of jobs) await enqueue(env, job);
}
