import type { SendOutcome } from './graph-errors';
import type { Send } from './templates';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead' | 'replay';

export interface DeliveryKey {
  submissionId: string;
  template: string;
  recipient: string;
}

export interface DeliveryRow {
  status: DeliveryStatus;
  attempts: number;
  updated_at: string;
  last_error_code: string | null;
  last_error_message: string | null;
}

/** A delivery row with its stored message, enough to send it again without the lead. */
export interface StoredDelivery {
  submission_id: string;
  template: string;
  recipient: string;
  lead_kind: string;
  components: string;
}

const WHERE_KEY = 'submission_id = ? AND template = ? AND recipient = ?';
const keyOf = (submissionId: string, send: Send): DeliveryKey => ({
  submissionId,
  template: send.template,
  recipient: send.to,
});
const args = (k: DeliveryKey) => [k.submissionId, k.template, k.recipient];

/** Delivery state in D1 (migrations/0002_deliveries.sql): the storage port of the notifier. */
export class DeliveryStore {
  constructor(private readonly db: D1Database) {}

  key = keyOf;

  /** Creates the row on first sight (pending) and returns its current state. */
  async open(key: DeliveryKey, leadKind: string, send: Send, now: string): Promise<DeliveryRow> {
    const [, read] = await this.db.batch<DeliveryRow>([
      this.db
        .prepare(
          `INSERT OR IGNORE INTO deliveries (submission_id, template, recipient, lead_kind, components, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(...args(key), leadKind, JSON.stringify(send.components), now, now),
      this.db
        .prepare(
          `SELECT status, attempts, updated_at, last_error_code, last_error_message FROM deliveries WHERE ${WHERE_KEY}`,
        )
        .bind(...args(key)),
    ]);
    const row = read?.results[0];
    if (!row) throw new Error('delivery row missing right after insert');
    return row;
  }

  /**
   * Takes a pending (or operator-requested replay) delivery for this consumer
   * (-> sending). Only one of two concurrent deliveries wins; the loser sends nothing.
   */
  async claim(key: DeliveryKey, now: string): Promise<boolean> {
    const result = await this.db
      .prepare(
        `UPDATE deliveries SET status = 'sending', attempts = attempts + 1, updated_at = ?
         WHERE ${WHERE_KEY} AND status IN ('pending', 'replay')`,
      )
      .bind(now, ...args(key))
      .run();
    return result.meta.changes === 1;
  }

  /**
   * Records an attempt's outcome on the row and in delivery_attempts, atomically.
   * A retryable failure goes back to `retryAs`: pending for a job, replay for a replay.
   */
  async finish(
    key: DeliveryKey,
    outcome: SendOutcome,
    channel: string,
    now: string,
    retryAs: 'pending' | 'replay' = 'pending',
  ): Promise<void> {
    const update =
      outcome.kind === 'sent'
        ? this.db
            .prepare(
              `UPDATE deliveries SET status = 'sent', channel = ?, provider_message_id = ?, sent_at = ?, updated_at = ?
               WHERE ${WHERE_KEY}`,
            )
            .bind(channel, outcome.messageId, now, now, ...args(key))
        : this.db
            .prepare(
              `UPDATE deliveries SET status = ?, channel = ?, last_error_code = ?, last_error_message = ?, updated_at = ?
               WHERE ${WHERE_KEY}`,
            )
            .bind(
              outcome.kind === 'retryable' ? retryAs : 'failed',
              channel,
              outcome.code,
              outcome.message,
              now,
              ...args(key),
            );
    const code = outcome.kind === 'sent' ? null : outcome.code;
    const message = outcome.kind === 'sent' ? outcome.messageId : outcome.message;
    await this.db.batch([update, this.attempt(key, outcome.kind, code, message, channel, now)]);
  }

  /**
   * A delivery left in 'sending' past its lease: the consumer stopped between the
   * request and recording its answer. WhatsApp has no idempotency key, so the
   * message may have gone out; to keep at-most-once it is marked failed, not resent.
   */
  async markInterrupted(key: DeliveryKey, staleBefore: string, now: string): Promise<boolean> {
    const message = 'A previous attempt stopped before its answer was recorded; not resent (at most once).';
    const result = await this.db
      .prepare(
        `UPDATE deliveries SET status = 'failed', last_error_code = 'interrupted', last_error_message = ?, updated_at = ?
         WHERE ${WHERE_KEY} AND status = 'sending' AND updated_at < ?`,
      )
      .bind(message, now, ...args(key), staleBefore)
      .run();
    if (result.meta.changes !== 1) return false;
    await this.attempt(key, 'interrupted', 'interrupted', message, null, now).run();
    return true;
  }

  /** The job exhausted its retries: every delivery not yet sent or failed becomes dead, keeping its last error. */
  async markDead(key: DeliveryKey, leadKind: string, send: Send, now: string): Promise<DeliveryRow> {
    await this.open(key, leadKind, send, now);
    const result = await this.db
      .prepare(
        `UPDATE deliveries SET status = 'dead', updated_at = ?,
           last_error_code = COALESCE(last_error_code, 'exhausted'),
           last_error_message = COALESCE(last_error_message, 'Queue retries ran out before a send was attempted')
         WHERE ${WHERE_KEY} AND status IN ('pending', 'sending', 'replay')`,
      )
      .bind(now, ...args(key))
      .run();
    if (result.meta.changes === 1) {
      await this.attempt(key, 'dead', null, 'Job moved to the dead-letter queue', null, now).run();
    }
    return this.open(key, leadKind, send, now);
  }

  /** Deliveries an operator marked for replay, oldest first, with what is needed to send them again. */
  async replays(limit: number): Promise<StoredDelivery[]> {
    const { results } = await this.db
      .prepare(
        `SELECT submission_id, template, recipient, lead_kind, components FROM deliveries
         WHERE status = 'replay' ORDER BY created_at LIMIT ?`,
      )
      .bind(limit)
      .all<StoredDelivery>();
    return results;
  }

  private attempt(
    key: DeliveryKey,
    outcome: string,
    code: string | null,
    message: string | null,
    channel: string | null,
    now: string,
  ) {
    return this.db
      .prepare(
        `INSERT INTO delivery_attempts (submission_id, template, recipient, outcome, code, message, channel, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(...args(key), outcome, code, message, channel, now);
  }
}
