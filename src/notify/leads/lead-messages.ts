import { readConfig, type Env } from '../../env';
import { logEvent, maskPhone } from '../../log';
import type { Lead } from '../../store/leads/lead';
import { readBudgets, leadRules, type LedgerRules } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { digestKey, scheduleDigest } from './digest';
import { afterOwnerAlert, ownerAlertDone } from '../email/fallback';
import { deliveryStore } from '../ledger/ledger-store';
import { sendsFor } from '../ledger/templates';
import { createSender } from '../whatsapp/whatsapp';

// The WhatsApp messages every stored lead triggers: the visitor's (journey_users) and each owner's alert
// (journey_owner). A quiz response's result email is sent by its own handler (quiz-messages.ts).

/**
 * Sends every WhatsApp message a lead triggers, each through the ledger (which applies the
 * budgets); returns the minimum wait before a retry, or undefined when all are done.
 */
export async function notifyLead(lead: Lead, env: Env): Promise<number | undefined> {
  const config = readConfig(env);
  const store = deliveryStore(env);
  const sender = createSender(env);
  const rules: LedgerRules = leadRules(lead, readBudgets(env));
  const ref = { submissionId: lead.id, leadKind: lead.kind };
  let wait: number | undefined;
  if (sender.channel === 'none' || config.whatsapp.owners.length === 0) {
    const problems = config.problems.filter((p) => /^(WHATSAPP|OWNER)_/.test(p.setting)).map((p) => p.message);
    if (problems.length > 0) {
      logEvent('error', 'config.problem', { submissionId: lead.id, kind: lead.kind, problems: problems.join(' ') });
    }
  }
  // In order (journey_users before journey_owner); a failed send does not stop the next one.
  for (const send of sendsFor(lead, config.whatsapp)) {
    if (await store.visitorMessageGoesElsewhere(lead.id, send)) {
      logEvent('info', 'delivery.skipped', {
        submissionId: lead.id,
        kind: lead.kind,
        template: send.template,
        to: maskPhone(send.to),
        reason: 'visitor_number_taken',
      });
      continue;
    }
    const step = await deliver(ref, send, store, sender, rules);
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
    else if (step.folded) await scheduleDigest(env, store, digestKey(step.folded.hourStart, send.to), rules.budgets);
    else if (send.audience === 'owner') await ownerAlertDone(env, store, lead.id, send);
  }
  return wait;
}

/** A notify job that ran out of retries: its unsent deliveries are recorded as dead. */
export async function recordDeadNotify(lead: Lead, env: Env): Promise<void> {
  const store = deliveryStore(env);
  const rules: LedgerRules = leadRules(lead, readBudgets(env));
  const now = new Date().toISOString();
  for (const send of sendsFor(lead, readConfig(env).whatsapp)) {
    if (await store.visitorMessageGoesElsewhere(lead.id, send)) continue;
    const row = await store.markDead(store.key(lead.id, send), lead.kind, send, now, rules);
    if (row.status !== 'dead') continue;
    if (send.audience === 'owner')
      await afterOwnerAlert(env, store.key(lead.id, send), { status: 'dead', channel: null });
    logEvent('error', 'delivery.dead', {
      submissionId: lead.id,
      kind: lead.kind,
      template: send.template,
      to: maskPhone(send.to),
      attempts: row.attempts,
      code: row.last_error_code,
      error: row.last_error_message,
    });
  }
}
