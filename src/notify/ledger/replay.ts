import { describeError, logEvent, maskRecipient } from '../../log';
import type { Env } from '../../env';
import type { DeliveryStore } from './ledger-store';
import type { MessageSender } from './channel';
import type { StoredDelivery } from './ledger-rows';
import { readBudgets } from './budgets';
import { deliver } from './deliver';
import type { Audience, Component, Send } from './templates';
import { createEmailSender } from '../email/email';
import { createResultEmailSender, isResultEmail } from '../email/result-email';
import { createSender } from '../whatsapp/whatsapp';
import { enqueue } from '../../queue/jobs';

/**
 * The operator's replay: deliveries set to status 'replay' in D1 are sent again
 * from their stored components when this message reaches site-jobs:
 *   {"type": "replay-deliveries"}
 * (docs/deploy.md, "Resending after a fix", has the query that marks them.) It goes through the same
 * claim-send-record path as a job, so a replayed message is still sent at most once per replay.
 */

/** Per run; a larger backlog is worked through by retrying the replay message. */
const REPLAY_BATCH = 50;

/**
 * Each cron run: when rows are marked `replay` (by `npm run rotate`, or by hand with the UPDATE in
 * docs/deploy.md), queues one replay job, so an operator never has to send the queue a message by hand.
 * A replay already queued finds fewer rows and is harmless: each row is claimed before it is sent.
 */
export async function queueMarkedReplays(env: Env): Promise<void> {
  try {
    const row = await env.DB.prepare(`SELECT 1 AS marked FROM deliveries WHERE status = 'replay' LIMIT 1`).first();
    if (!row) return;
    await enqueue(env, { type: 'replay-deliveries' });
    logEvent('info', 'delivery.replay-queued', { outcome: 'queued by the cron' });
  } catch (err) {
    logEvent('error', 'delivery.replay-queued', { outcome: 'not queued', error: describeError(err) });
  }
}

const toSend = (row: StoredDelivery): Send => ({
  template: row.template,
  to: row.recipient,
  audience: row.audience,
  components: JSON.parse(row.components) as Component[],
});

/** The channel of each audience when the caller names none: email for emails, WhatsApp for the rest. */
function defaultSenders(env: Env): (audience: Audience) => MessageSender {
  const sender = createSender(env);
  const emailSender = createEmailSender(env);
  return (audience) => (audience === 'email' ? emailSender : sender);
}

/**
 * Sends the rows marked for replay, each through the channel `senderFor` gives its audience; returns the wait
 * before another run, or undefined when none is left.
 */
export async function replayDeliveries(
  env: Env,
  store: DeliveryStore,
  senderFor: (audience: Audience) => MessageSender = defaultSenders(env),
): Promise<number | undefined> {
  const rows = await store.replays(REPLAY_BATCH);
  // Replayed rows exist already, so no budget applies to them.
  const rules = { budgets: readBudgets(env), verified: true };
  // The quiz result goes from its own address, whatever channel the caller gives its audience (the visitor's).
  const resultSender = createResultEmailSender(env);
  let wait: number | undefined;
  for (const row of rows) {
    const ref = { submissionId: row.submission_id, leadKind: row.lead_kind };
    const channel = isResultEmail(row) ? resultSender : senderFor(row.audience);
    const step = await deliver(ref, toSend(row), store, channel, rules, 'replay');
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
  }
  logEvent('info', 'delivery.replayed', { count: rows.length });
  if (wait === undefined && rows.length === REPLAY_BATCH) return 0;
  return wait;
}

/** A replay message that exhausted its retries: what is still marked for replay becomes dead. */
export async function replayToDead(env: Env, store: DeliveryStore): Promise<void> {
  const rules = { budgets: readBudgets(env), verified: true };
  const now = new Date().toISOString();
  for (const row of await store.replays(1000)) {
    const send = toSend(row);
    const dead = await store.markDead(store.key(row.submission_id, send), row.lead_kind, send, now, rules);
    logEvent('error', 'delivery.dead', {
      submissionId: row.submission_id,
      kind: row.lead_kind,
      template: row.template,
      to: maskRecipient(row.recipient),
      via: 'replay',
      code: dead.last_error_code,
      error: dead.last_error_message,
    });
  }
}
