import { readConfig, type Env } from '../../env';
import { optOutHash } from '../../store/conversations/opt-outs';
import { openRow, skipOptedOut, type LedgerRules } from './budgets';
import type { SendOutcome } from './channel';
import {
  keyArgs as args,
  keyOf,
  WHERE_KEY,
  type DeliveryKey,
  type DeliveryRow,
  type DeliveryStatus,
  type StoredDelivery,
} from './ledger-rows';
import type { Send } from './templates';
import { isWhatsAppAddress } from '../../store/phone';

/**
 * Delivery state in D1 (migrations/0002_deliveries.sql): the storage port of the notifier. `erasureKey` gives the
 * key of the opt-outs every message to a visitor's number is checked against (src/store/conversations/opt-outs.ts), read only for
 * such a message; '' when ERASURE_KEY is not set (then no opt-out can have been recorded, and the config problem is
 * reported by the self-check), so a missing key never stops the owners' alerts.
 */
export class DeliveryStore {
  constructor(
    private readonly db: D1Database,
    private readonly erasureKey: () => string,
  ) {}

  key = keyOf;

  /**
   * Creates the row on first sight and returns its current state, with `created` true when this call made it: a
   * new row is pending, or skipped with its reason when a budget is spent or the number opted out (openRow). A row
   * that exists already (a redelivered job) is returned as it is (a retry is never capped), unless it is a message to
   * a number that opted out since it was queued: then it is skipped as `opted_out` (skipOptedOut).
   */
  async open(
    key: DeliveryKey,
    leadKind: string,
    send: Send,
    now: Date,
    rules: LedgerRules,
  ): Promise<DeliveryRow & { created: boolean }> {
    const optOutKey =
      send.audience === 'visitor' && isWhatsAppAddress(send.to) ? await optOutHash(this.erasureKey(), send.to) : null;
    const results = await this.db.batch<DeliveryRow>([
      openRow(this.db, key, leadKind, send, now, rules, optOutKey),
      ...(optOutKey ? [skipOptedOut(this.db, key, send, now, optOutKey)] : []),
      this.select(key),
    ]);
    const [insert, read] = [results[0], results.at(-1)];
    const row = read?.results[0];
    if (!row) throw new Error('delivery row missing right after insert');
    return { ...row, created: (insert?.meta.changes ?? 0) > 0 };
  }

  /** Where a delivery stands now: its status and the channel of its last attempt. */
  async state(key: DeliveryKey): Promise<{ status: DeliveryStatus; channel: string | null } | null> {
    return this.db
      .prepare(`SELECT status, channel FROM deliveries WHERE ${WHERE_KEY}`)
      .bind(...args(key))
      .first<{ status: DeliveryStatus; channel: string | null }>();
  }

  private select(key: DeliveryKey) {
    return this.db
      .prepare(
        `SELECT status, skip_reason, digest_hour, attempts, updated_at, last_error_code, last_error_message
         FROM deliveries WHERE ${WHERE_KEY}`,
      )
      .bind(...args(key));
  }

  /**
   * A submission's visitor message goes to one number. Notifications are queued by every write that
   * finds the lead stored, each carrying the payload it was sent with; a repeat of a submission id
   * with another phone number must not reach a second number.
   */
  async visitorMessageGoesElsewhere(submissionId: string, send: Send): Promise<boolean> {
    if (send.audience !== 'visitor') return false;
    const other = await this.db
      .prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? AND audience = 'visitor' AND recipient <> ? LIMIT 1`)
      .bind(submissionId, send.to)
      .first();
    return other !== null;
  }

  /**
   * The digest row of an owner's hour: made (pending) by the first alert of the
   * hour that is folded into it. True when this call made it, so exactly one
   * caller schedules the end-of-hour job.
   */
  async openDigest(key: DeliveryKey, hourStart: string, now: string): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, digest_hour, components,
           created_at, updated_at)
         VALUES (?, ?, ?, 'digest', 'digest', ?, '[]', ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(...args(key), hourStart, now, now)
      .run();
    return result.meta.changes > 0;
  }

  /** Forgets a digest row whose end-of-hour job could not be queued, so the next folded alert tries again. */
  async dropDigest(key: DeliveryKey): Promise<void> {
    await this.db
      .prepare(`DELETE FROM deliveries WHERE ${WHERE_KEY} AND audience = 'digest' AND status = 'pending'`)
      .bind(...args(key))
      .run();
  }

  /** How many of an owner's alerts of one hour were folded into its digest. */
  async foldedInto(hourStart: string, recipient: string): Promise<number> {
    const row = await this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM deliveries
         WHERE digest_hour = ? AND recipient = ? AND audience = 'owner' AND status = 'skipped'`,
      )
      .bind(hourStart, recipient)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  /** Stores the parameters a digest was sent with (it is made before its count is known). */
  async setComponents(key: DeliveryKey, send: Send): Promise<void> {
    await this.db
      .prepare(`UPDATE deliveries SET components = ? WHERE ${WHERE_KEY}`)
      .bind(JSON.stringify(send.components), ...args(key))
      .run();
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
    retryAs: 'pending' | 'replay' | 'unknown' = 'pending',
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
  async markInterrupted(
    key: DeliveryKey,
    staleBefore: string,
    now: string,
    as: 'failed' | 'unknown' = 'failed',
  ): Promise<boolean> {
    const message = 'A previous attempt stopped before its answer was recorded; not resent (at most once).';
    const result = await this.db
      .prepare(
        `UPDATE deliveries SET status = ?, last_error_code = 'interrupted', last_error_message = ?, updated_at = ?
         WHERE ${WHERE_KEY} AND status = 'sending' AND updated_at < ?`,
      )
      .bind(as, message, now, ...args(key), staleBefore)
      .run();
    if (result.meta.changes !== 1) return false;
    await this.attempt(key, 'interrupted', 'interrupted', message, null, now).run();
    return true;
  }

  /** The job exhausted its retries: every delivery not yet sent or failed becomes dead, keeping its last error. */
  async markDead(
    key: DeliveryKey,
    leadKind: string,
    send: Send,
    now: string,
    rules: LedgerRules,
  ): Promise<DeliveryRow> {
    await this.open(key, leadKind, send, new Date(now), rules);
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
    return this.open(key, leadKind, send, new Date(now), rules);
  }

  /** Deliveries an operator marked for replay, oldest first, with what is needed to send them again. */
  async replays(limit: number): Promise<StoredDelivery[]> {
    const { results } = await this.db
      .prepare(
        `SELECT submission_id, template, recipient, lead_kind, audience, components FROM deliveries
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

/** The delivery ledger of this environment (its D1, and the key of its opt-outs, read when needed). */
export function deliveryStore(env: Env): DeliveryStore {
  return new DeliveryStore(env.DB, () => {
    try {
      return readConfig(env).privacy.erasureKey;
    } catch {
      return '';
    }
  });
}
