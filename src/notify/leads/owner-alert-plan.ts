import type { Config, Env } from '../../env';
import type { Owner } from '../../config/index';
import { logEvent, maskPhone } from '../../log';
import type { LedgerRules } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore } from '../ledger/ledger-store';
import type { Send } from '../ledger/templates';
import { ownerAlertDone } from '../email/fallback';
import { createSender } from '../whatsapp/whatsapp';
import { digestKey, scheduleDigest } from './digest';

/** The owners' alerts one job sends (a booking's, a payment's): their ledger key, the messages and the rules. */
export interface OwnerAlertPlan {
  submissionId: string;
  sends: Send[];
  rules: LedgerRules;
}

/**
 * Sends each owner's alert through the ledger, once: one past the hour's cap is folded into that hour's digest, one
 * sent is watched for the fallback email. Returns the wait before a retry, or undefined when every alert is done.
 */
export async function sendOwnerAlerts(env: Env, plan: OwnerAlertPlan, kind: string): Promise<number | undefined> {
  const store = deliveryStore(env);
  const sender = createSender(env);
  const ref = { submissionId: plan.submissionId, leadKind: kind };
  let wait: number | undefined;
  for (const send of plan.sends) {
    const step = await deliver(ref, send, store, sender, plan.rules);
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
    else if (step.folded)
      await scheduleDigest(env, store, digestKey(step.folded.hourStart, send.to), plan.rules.budgets);
    else await ownerAlertDone(env, store, plan.submissionId, send);
  }
  return wait;
}

/** A job that ran out of retries: its unsent alerts are recorded as dead (and so emailed). */
export async function recordDeadOwnerAlerts(env: Env, plan: OwnerAlertPlan, kind: string): Promise<void> {
  const store = deliveryStore(env);
  const now = new Date().toISOString();
  for (const send of plan.sends) {
    const row = await store.markDead(store.key(plan.submissionId, send), kind, send, now, plan.rules);
    if (row.status !== 'dead') continue;
    await ownerAlertDone(env, store, plan.submissionId, send);
    logEvent('error', 'delivery.dead', {
      submissionId: plan.submissionId,
      kind,
      template: send.template,
      to: maskPhone(send.to),
      attempts: row.attempts,
      code: row.last_error_code,
    });
  }
}

/**
 * The owners a cron's alerts go to, or none while WhatsApp cannot send (in development the log stands in for it when
 * nothing is misconfigured): the alerts then wait for a run that can send rather than being spent as failures.
 */
export function alertedOwners(config: Config): Owner[] {
  const { sending, owners } = config.whatsapp;
  const canSend = sending.ok || (config.environment === 'development' && !sending.misconfigured);
  return canSend ? owners : [];
}
