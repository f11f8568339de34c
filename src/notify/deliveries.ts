import { FREE_TEXT, type Audience, type Send } from './templates';
import { readConfig, type Env } from '../env';
import { TIME_ZONE } from '../content/site';
import { logEvent, maskRecipient, wamidRef } from '../log';

// The delivery ledger: one D1 row per message (lead, template, recipient), the budgets it counts against, and
// deliver(), which sends one message through it at most once whichever channel carries it.

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead' | 'replay' | 'skipped' | 'unknown';

/** The code of a send that got no answer in time (src/notify/whatsapp.ts): it may or may not have gone out. */
export const TIMED_OUT = 'timeout';

/**
 * Why a message was never sent, on purpose (status skipped). `cap`: the recipient's cap for 24 hours was reached
 * (VISITOR_MESSAGES_PER_DAY for a visitor's number or address; one sign-up sent on to the newsletter tool).
 */
export type SkipReason = 'cap' | 'budget' | 'unverified' | 'hourly_cap';

/** What decides whether a new message may go out: the budgets, and whether a person sent the lead. */
export interface LedgerRules {
  budgets: Budgets;
  /**
   * False when Turnstile is configured and the submission had no verified token: no visitor message, and no call
   * to the newsletter tool.
   */
  verified: boolean;
  /**
   * True for an unverified submission whose token was checked and refused (not for one siteverify could not
   * check): each owner alert is skipped as `unverified` into the hour's digest, which counts it with a desk
   * link, and takes no place in OWNER_ALERTS_PER_HOUR. Its free text never reaches an owner's phone.
   */
  foldOwnerAlerts?: boolean;
  /**
   * True for a sign-up sent on to the newsletter tool: at most one such call per address in 24 hours reaches the
   * tool (a repeat is skipped as `cap`), so a script cannot make the tool mail an address again and again.
   */
  oncePerDay?: boolean;
  /**
   * True where a duplicate would reach a person (an owner's answer from the desk): a send that timed out, or was
   * interrupted, may have gone out, so it is recorded `unknown` and never retried by itself; the desk offers it to
   * the owner to send again. Otherwise (owner alerts) a timeout is retried.
   */
  uncertainIsUnknown?: boolean;
}

/** The ledger rules of a lead's messages (see LedgerRules). */
export function leadRules(lead: { verified?: boolean; unchecked?: boolean }, budgets: Budgets): LedgerRules {
  const verified = lead.verified !== false;
  return { budgets, verified, foldOwnerAlerts: !verified && lead.unchecked !== true };
}

/** Statuses of messages that went or may still go out: the ones every budget counts. */
const COUNTED = `status IN ('pending', 'sending', 'sent', 'replay')`;
/**
 * The visitor budgets count the messages a form triggers, not an owner's answers from the desk: an answer
 * goes only within 24 hours of the visitor writing, from an owner signed in behind Access, and is never capped.
 */
const TEMPLATED = `template <> '${FREE_TEXT}'`;

export interface DeliveryKey {
  submissionId: string;
  template: string;
  recipient: string;
}

export interface DeliveryRow {
  status: DeliveryStatus;
  skip_reason: SkipReason | null;
  /** For an owner alert folded into a digest: the hour (its start, ISO) whose digest counts it. */
  digest_hour: string | null;
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
  audience: Audience;
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

  /**
   * Creates the row on first sight and returns its current state, with `created`
   * true when this call made it. A new row is pending, or skipped with its reason
   * when a budget is spent; the decision and the insert are one statement, so two
   * consumers can never both take the last place in a budget. Each count reads
   * only the rows of one partial index (messages that went or may go out), never
   * the skipped rows a flood leaves behind. A row that exists already (a
   * redelivered job) is returned as it is: a retry is never capped.
   */
  async open(
    key: DeliveryKey,
    leadKind: string,
    send: Send,
    now: Date,
    rules: LedgerRules,
  ): Promise<DeliveryRow & { created: boolean }> {
    const { budgets } = rules;
    const w = windowsAt(now, budgets.scale);
    const at = now.toISOString();
    const [insert, read] = await this.db.batch<DeliveryRow>([
      this.db
        .prepare(
          `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, skip_reason,
             digest_hour, components, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, CASE WHEN reason IS NULL THEN 'pending' ELSE 'skipped' END, reason,
             CASE WHEN reason = 'hourly_cap' OR (reason = 'unverified' AND ?5 = 'owner') THEN ?14 END, ?6, ?7, ?7
           FROM (SELECT CASE
             WHEN ?2 = '${FREE_TEXT}' THEN NULL
             WHEN ?5 = 'visitor' AND ?8 = 0 THEN 'unverified'
             WHEN ?5 = 'owner' AND ?17 = 1 THEN 'unverified'
             WHEN ?5 = 'newsletter' AND ?8 = 0 THEN 'unverified'
             WHEN ?5 = 'newsletter' AND ?18 = 1 AND EXISTS (SELECT 1 FROM deliveries
               WHERE audience = 'newsletter' AND recipient = ?3 AND template = ?2 AND created_at > ?9 AND ${COUNTED})
               THEN 'cap'
             WHEN ?5 = 'visitor' AND (SELECT COUNT(*) FROM deliveries
               WHERE audience = 'visitor' AND recipient = ?3 AND created_at > ?9 AND ${COUNTED} AND ${TEMPLATED})
               >= ?10 THEN 'cap'
             WHEN ?5 = 'visitor' AND (SELECT COUNT(*) FROM deliveries
               WHERE audience = 'visitor' AND created_at >= ?11 AND created_at < ?12 AND ${COUNTED} AND ${TEMPLATED})
               >= ?13 THEN 'budget'
             WHEN ?5 = 'owner' AND (SELECT COUNT(*) FROM deliveries
               WHERE audience = 'owner' AND recipient = ?3 AND created_at >= ?14 AND created_at < ?15 AND ${COUNTED}) >= ?16
               THEN 'hourly_cap'
           END AS reason)
           WHERE true
           ON CONFLICT DO NOTHING`,
        )
        .bind(
          ...args(key),
          leadKind,
          send.audience,
          JSON.stringify(send.components),
          at,
          rules.verified ? 1 : 0,
          w.since,
          budgets.perNumber,
          w.dayStart,
          w.dayEnd,
          budgets.dailyBudget,
          w.hourStart,
          w.hourEnd,
          budgets.ownerPerHour,
          rules.foldOwnerAlerts ? 1 : 0,
          rules.oncePerDay ? 1 : 0,
        ),
      this.select(key),
    ]);
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

  /** Deletes delivery rows and attempts older than `before` (ISO), at most `limit` of each per call. */
  async prune(before: string, limit = 1000): Promise<number> {
    const [rows, attempts] = await this.db.batch([
      this.db
        .prepare(`DELETE FROM deliveries WHERE rowid IN (SELECT rowid FROM deliveries WHERE created_at < ? LIMIT ?)`)
        .bind(before, limit),
      this.db
        .prepare(`DELETE FROM delivery_attempts WHERE id IN (SELECT id FROM delivery_attempts WHERE at < ? LIMIT ?)`)
        .bind(before, limit),
    ]);
    return (rows?.meta.changes ?? 0) + (attempts?.meta.changes ?? 0);
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

// The budgets.

/** The sending budgets of the delivery ledger (see README "Abuse limits"). */
export interface Budgets {
  /** VISITOR_MESSAGES_PER_DAY: journey_users messages one typed number receives in 24 h. */
  perNumber: number;
  /** VISITOR_MESSAGES_DAILY_BUDGET: visitor messages in all per calendar day in India. */
  dailyBudget: number;
  /** OWNER_ALERTS_PER_HOUR: alerts each owner receives per clock hour; the rest go into a digest. */
  ownerPerHour: number;
  /**
   * BUDGET_WINDOW_SCALE (development only): every window runs this many times faster,
   * so a simulation can live through hours in minutes. 1 in production.
   */
  scale: number;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** The owners' calendar day starts this long after midnight UTC. */
const DAY_OFFSET_MS = TIME_ZONE.utcOffsetMinutes * 60_000;

/** The budgets of the limits group (src/config/groups.ts parses and checks them). */
export function readBudgets(env: Env): Budgets {
  const limits = readConfig(env).limits;
  return {
    perNumber: limits.visitorMessagesPerDay,
    dailyBudget: limits.visitorMessagesDailyBudget,
    ownerPerHour: limits.ownerAlertsPerHour,
    scale: limits.budgetWindowScale,
  };
}

/** The windows the budgets count in, at `now`, as ISO strings (the ledger's created_at format). */
export interface Windows {
  /** Start of the rolling 24 hours of the per-number cap. */
  since: string;
  /** The calendar day in India of the daily budget: [dayStart, dayEnd). */
  dayStart: string;
  dayEnd: string;
  /** The clock hour of the owners' cap and digest: [hourStart, hourEnd). hourStart names the digest. */
  hourStart: string;
  hourEnd: string;
}

export function windowsAt(now: Date, scale = 1): Windows {
  const t = now.getTime();
  const hour = HOUR_MS / scale;
  const day = DAY_MS / scale;
  const offset = DAY_OFFSET_MS / scale;
  const dayStart = Math.floor((t + offset) / day) * day - offset;
  const hourStart = Math.floor(t / hour) * hour;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    since: iso(t - day),
    dayStart: iso(dayStart),
    dayEnd: iso(dayStart + day),
    hourStart: iso(hourStart),
    hourEnd: iso(hourStart + hour),
  };
}

// Sending one message.

/** What one send came to: accepted, worth retrying, or refused for good. */
export type SendOutcome =
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'retryable'; code: string; message: string; minDelaySeconds?: number }
  | { kind: 'permanent'; code: string; message: string };

/** Any channel the ledger sends through: WhatsApp (src/notify/whatsapp.ts) or email (src/notify/email.ts). */
export interface MessageSender {
  readonly channel: string;
  send(message: Send): Promise<SendOutcome>;
}

/** How long a 'sending' claim is honoured before it counts as interrupted (> the 10 s send timeout). */
export const SENDING_LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 15 * 60;

/** Exponential backoff from the queue's attempt counter (1 on first delivery): 10 s, 20 s, 40 s … 15 min. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(attempts, 1), MAX_BACKOFF_SECONDS);
}

/**
 * What one send needs: nothing more, or another try no sooner than `after` seconds.
 * `folded` is set when this call put an owner alert into its hour's digest.
 */
export type Step = { done: true; folded?: { hourStart: string } } | { done: false; after: number };

/** Which submission a send belongs to. */
export interface SendRef {
  submissionId: string;
  leadKind: string;
}

/**
 * Sends one message at most once: claims its D1 row, sends, records the outcome.
 * A row already sent, failed or dead is left alone, so a redelivered job sends nothing twice.
 */
export async function deliver(
  ref: SendRef,
  send: Send,
  store: DeliveryStore,
  sender: MessageSender,
  rules: LedgerRules,
  retryAs: 'pending' | 'replay' = 'pending',
): Promise<Step> {
  const key = store.key(ref.submissionId, send);
  const now = new Date();
  const row = await store.open(key, ref.leadKind, send, now, rules);
  const what = {
    submissionId: ref.submissionId,
    kind: ref.leadKind,
    template: send.template,
    to: maskRecipient(send.to),
    audience: send.audience,
  };

  if (row.status === 'skipped') {
    if (row.created)
      logEvent('info', 'delivery.skipped', { ...what, reason: row.skip_reason satisfies SkipReason | null });
    const folded =
      row.created && (row.skip_reason === 'hourly_cap' || row.skip_reason === 'unverified') && row.digest_hour;
    return folded ? { done: true, folded: { hourStart: row.digest_hour! } } : { done: true };
  }
  if (row.status === 'sending') {
    const leaseEnds = Date.parse(row.updated_at) + SENDING_LEASE_SECONDS * 1000;
    if (leaseEnds > now.getTime()) return { done: false, after: Math.ceil((leaseEnds - now.getTime()) / 1000) };
    const staleBefore = new Date(now.getTime() - SENDING_LEASE_SECONDS * 1000).toISOString();
    const as = rules.uncertainIsUnknown ? 'unknown' : 'failed';
    if (await store.markInterrupted(key, staleBefore, now.toISOString(), as)) {
      logEvent('error', 'delivery.failed', { ...what, outcome: 'interrupted', code: 'interrupted' });
    }
    return { done: true };
  }
  if (row.status !== 'pending' && row.status !== 'replay') return { done: true };
  // Lost the race to a concurrent delivery of the same job: look again after its lease.
  if (!(await store.claim(key, now.toISOString()))) return { done: false, after: SENDING_LEASE_SECONDS };

  const outcome = await sender.send(send);
  const unknown = rules.uncertainIsUnknown && outcome.kind === 'retryable' && outcome.code === TIMED_OUT;
  await store.finish(key, outcome, sender.channel, new Date().toISOString(), unknown ? 'unknown' : retryAs);
  if (unknown) {
    logEvent('error', 'delivery.failed', { ...what, channel: sender.channel, outcome: 'unknown', code: outcome.code });
    return { done: true };
  }
  switch (outcome.kind) {
    case 'sent':
      logEvent('info', 'delivery.sent', {
        ...what,
        channel: sender.channel,
        providerMessageId: outcome.messageId === null ? null : await wamidRef(outcome.messageId),
      });
      return { done: true };
    case 'retryable':
      logEvent('warn', 'delivery.retry', {
        ...what,
        channel: sender.channel,
        code: outcome.code,
        error: outcome.message,
      });
      return { done: false, after: outcome.minDelaySeconds ?? 0 };
    case 'permanent':
      logEvent('error', 'delivery.failed', {
        ...what,
        channel: sender.channel,
        outcome: 'permanent',
        code: outcome.code,
        error: outcome.message,
      });
      return { done: true };
  }
}
