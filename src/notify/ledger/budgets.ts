import { readConfig, type Env } from '../../env';
import { windowsAt } from './budget-windows';
import { keyArgs, OPT_OUT_CONFIRMATION, type DeliveryKey } from './ledger-rows';
import { FREE_TEXT, type Send } from './templates';

// The sending budgets, the rules a new message is held to, and the one statement that opens a delivery's row
// within them: pending, or skipped with the reason it may not go out.

/** The sending budgets of the delivery ledger (docs/deploy.md, "Abuse limits"). */
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

/** The budgets of the limits group (src/config/limits.ts parses and checks them). */
export function readBudgets(env: Env): Budgets {
  const limits = readConfig(env).limits;
  return {
    perNumber: limits.visitorMessagesPerDay,
    dailyBudget: limits.visitorMessagesDailyBudget,
    ownerPerHour: limits.ownerAlertsPerHour,
    scale: limits.budgetWindowScale,
  };
}

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
   * The owner numbers whose alert is folded into their hour's digest instead of sent: the owner who did not take the
   * lead an alert is about (src/notify/leads/owner-routing.ts). Folded as the hour's cap folds (`hourly_cap`, which
   * the desk reads as "folded into the end-of-hour digest"), taking no place in OWNER_ALERTS_PER_HOUR.
   */
  foldFor?: readonly string[];
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

/**
 * Whether a visitor's message is held back by an opt-out, in SQL over the parameters named: its number's opt-out key
 * (null for anything but a WhatsApp number) is in whatsapp_opt_outs, and it is not the confirmation of that opt-out.
 */
const optedOut = (submissionId: string, audience: string, optOutKey: string) =>
  `${audience} = 'visitor' AND ${optOutKey} IS NOT NULL
   AND substr(${submissionId}, 1, ${OPT_OUT_CONFIRMATION.length}) <> '${OPT_OUT_CONFIRMATION}'
   AND EXISTS (SELECT 1 FROM whatsapp_opt_outs WHERE number_hash = ${optOutKey})`;

/**
 * The statement that makes a delivery's row unless it exists: pending, or skipped with its reason when a budget is
 * spent or the number opted out (every kind of message to a visitor, an owner's answer included). The decision and
 * the insert are one statement, so two consumers can never both take the last place in a budget. Each count reads
 * only the rows of one partial index (messages that went or may go out), never the skipped rows a flood leaves
 * behind. `optOutKey` is the recipient's opt-out key (optOutHash), null when it has none.
 */
export function openRow(
  db: D1Database,
  key: DeliveryKey,
  leadKind: string,
  send: Send,
  now: Date,
  rules: LedgerRules,
  optOutKey: string | null = null,
): D1PreparedStatement {
  const { budgets } = rules;
  const w = windowsAt(now, budgets.scale);
  const at = now.toISOString();
  return db
    .prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, skip_reason,
         digest_hour, components, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, CASE WHEN reason IS NULL THEN 'pending' ELSE 'skipped' END, reason,
         CASE WHEN reason = 'hourly_cap' OR (reason = 'unverified' AND ?5 = 'owner') THEN ?14 END, ?6, ?7, ?7
       FROM (SELECT CASE
         WHEN ${optedOut('?1', '?5', '?19')} THEN 'opted_out'
         WHEN ?2 = '${FREE_TEXT}' THEN NULL
         WHEN ?5 = 'visitor' AND ?8 = 0 THEN 'unverified'
         WHEN ?5 = 'owner' AND ?17 = 1 THEN 'unverified'
         WHEN ?5 = 'owner' AND ?20 = 1 THEN 'hourly_cap'
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
      ...keyArgs(key),
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
      optOutKey,
      rules.foldFor?.includes(send.to) ? 1 : 0,
    );
}

/**
 * A row of a message to a visitor made before their number opted out (queued, or marked for replay) is skipped as
 * `opted_out` instead of sent. Takes the parameters of openRow, so it reads the same rule.
 */
export function skipOptedOut(db: D1Database, key: DeliveryKey, send: Send, now: Date, optOutKey: string) {
  return db
    .prepare(
      `UPDATE deliveries SET status = 'skipped', skip_reason = 'opted_out', updated_at = ?4
       WHERE submission_id = ?1 AND template = ?2 AND recipient = ?3 AND status IN ('pending', 'replay')
         AND ${optedOut('?1', '?5', '?6')}`,
    )
    .bind(...keyArgs(key), now.toISOString(), send.audience, optOutKey);
}
