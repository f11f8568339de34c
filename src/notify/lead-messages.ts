import { readConfig, type Env } from '../env';
import { logEvent, maskPhone } from '../log';
import type { Lead } from '../store/lead';
import { enqueue, type DigestJob } from '../queue/jobs';
import { readBudgets, type Budgets, leadRules, type LedgerRules } from './budgets';
import { windowsAt } from './budget-windows';
import { DeliveryStore } from './ledger-store';
import type { DeliveryKey } from './ledger-rows';
import { deliver } from './deliver';
import { afterOwnerAlert } from './fallback';
import { markResultEmailDead, sendResultEmail } from './result-email';
import { TEMPLATES, digestFor, sendsFor, type Send } from './templates';
import { createSender } from './whatsapp';

/** Where the digest sends the owners: the page that lists every lead. */
export const DESK_PATH = '/desk';

/**
 * Sends every message a lead triggers, each through the ledger (which applies the
 * budgets); returns the minimum wait before a retry, or undefined when all are done.
 */
export async function notifyLead(lead: Lead, env: Env): Promise<number | undefined> {
  const config = readConfig(env);
  const store = new DeliveryStore(env.DB);
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
  const result = await sendResultEmail(lead, env, store, rules);
  if (result && !result.done) wait = Math.max(wait ?? 0, result.after);
  return wait;
}

/** An owner alert that went out or failed for good: the second channel takes it from here. */
export async function ownerAlertDone(env: Env, store: DeliveryStore, submissionId: string, send: Send): Promise<void> {
  const key = store.key(submissionId, send);
  const state = await store.state(key);
  if (state) await afterOwnerAlert(env, key, state);
}

export function digestKey(hourStart: string, recipient: string): DeliveryKey {
  return { submissionId: `digest:${hourStart}`, template: TEMPLATES.ownerDigest, recipient };
}

/**
 * The first alert of an hour folded into an owner's digest makes the digest's
 * row and queues its job for the end of the hour (a delayed queue message, so no
 * cron has to poll). The row's primary key lets only one caller do so.
 */
export async function scheduleDigest(
  env: Env,
  store: DeliveryStore,
  key: DeliveryKey,
  budgets: Budgets,
): Promise<void> {
  const hourStart = key.submissionId.slice('digest:'.length);
  if (!(await store.openDigest(key, hourStart, new Date().toISOString()))) return;
  const hourEnd = Date.parse(windowsAt(new Date(hourStart), budgets.scale).hourEnd);
  const delay = Math.max(1, Math.ceil((hourEnd - Date.now()) / 1000) + 1);
  try {
    await enqueue(env, { type: 'digest', hourStart, recipient: key.recipient }, delay);
  } catch (err) {
    await store.dropDigest(key);
    throw err;
  }
}

/** Sends one owner the digest of an hour once it is over; returns the wait before a retry, if any. */
export async function sendDigest(job: DigestJob, env: Env): Promise<number | undefined> {
  const budgets = readBudgets(env);
  const hourEnd = Date.parse(windowsAt(new Date(job.hourStart), budgets.scale).hourEnd);
  // Delivered early: alerts may still be folded into this hour.
  if (Date.now() < hourEnd) return Math.ceil((hourEnd - Date.now()) / 1000);
  const store = new DeliveryStore(env.DB);
  const count = await store.foldedInto(job.hourStart, job.recipient);
  const owner = readConfig(env).whatsapp.owners.find((o) => o.phone === job.recipient) ?? {
    phone: job.recipient,
    name: 'Admin',
  };
  const send = digestFor(owner, count, `${readConfig(env).site.url}${DESK_PATH}`);
  const key = digestKey(job.hourStart, job.recipient);
  await store.setComponents(key, send);
  const ref = { submissionId: key.submissionId, leadKind: 'digest' };
  const step = await deliver(ref, send, store, createSender(env), { budgets, verified: true });
  if (step.done) logEvent('info', 'digest.sent', { hourStart: job.hourStart, to: maskPhone(owner.phone), count });
  return step.done ? undefined : step.after;
}

/** A notify job that ran out of retries: its unsent deliveries are recorded as dead. */
export async function recordDeadNotify(lead: Lead, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
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
  await markResultEmailDead(lead, env, store, rules, now);
}

/** A digest job that ran out of retries: its row is recorded as dead. */
export async function recordDeadDigest(job: DigestJob, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
  const key = digestKey(job.hourStart, job.recipient);
  const send = digestFor({ phone: job.recipient, name: 'Admin' }, 0, '');
  const row = await store.markDead(key, 'digest', send, new Date().toISOString(), {
    budgets: readBudgets(env),
    verified: true,
  });
  if (row.status === 'dead') {
    logEvent('error', 'delivery.dead', {
      template: TEMPLATES.ownerDigest,
      to: maskPhone(job.recipient),
      hourStart: job.hourStart,
    });
  }
}
