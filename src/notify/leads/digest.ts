import { readConfig, type Env } from '../../env';
import { logEvent, maskPhone } from '../../log';
import { enqueue, type JobOf } from '../../queue/jobs';
import { readBudgets, type Budgets } from '../ledger/budgets';
import { windowsAt } from '../ledger/budget-windows';
import { deliver } from '../ledger/deliver';
import { deliveryStore, DeliveryStore } from '../ledger/ledger-store';
import type { DeliveryKey } from '../ledger/ledger-rows';
import { TEMPLATES, digestFor } from '../ledger/templates';
import { createSender } from '../whatsapp/whatsapp';
import { waitingCount } from '../conversations/waiting';

// An owner's hourly digest: the alerts beyond OWNER_ALERTS_PER_HOUR (and those of unverified submissions) are
// folded into it, and one message at the end of the hour tells the owner how many there were.

/** Where the digest sends the owners: the page that lists every lead. */
export const DESK_PATH = '/desk';

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
export async function sendDigest(job: JobOf<'digest'>, env: Env): Promise<number | undefined> {
  const budgets = readBudgets(env);
  const hourEnd = Date.parse(windowsAt(new Date(job.hourStart), budgets.scale).hourEnd);
  // Delivered early: alerts may still be folded into this hour.
  if (Date.now() < hourEnd) return Math.ceil((hourEnd - Date.now()) / 1000);
  const store = deliveryStore(env);
  const count = await store.foldedInto(job.hourStart, job.recipient);
  const owner = readConfig(env).whatsapp.owners.find((o) => o.phone === job.recipient) ?? {
    phone: job.recipient,
    name: 'Admin',
  };
  const send = digestFor(
    owner,
    { leads: count, waiting: await waitingCount(env) },
    `${readConfig(env).site.url}${DESK_PATH}`,
  );
  const key = digestKey(job.hourStart, job.recipient);
  await store.setComponents(key, send);
  const ref = { submissionId: key.submissionId, leadKind: 'digest' };
  const step = await deliver(ref, send, store, createSender(env), { budgets, verified: true });
  if (step.done) logEvent('info', 'digest.sent', { hourStart: job.hourStart, to: maskPhone(owner.phone), count });
  return step.done ? undefined : step.after;
}

/** A digest job that ran out of retries: its row is recorded as dead. */
export async function recordDeadDigest(job: JobOf<'digest'>, env: Env): Promise<void> {
  const store = deliveryStore(env);
  const key = digestKey(job.hourStart, job.recipient);
  const send = digestFor({ phone: job.recipient, name: 'Admin' }, { leads: 0, waiting: 0 }, '');
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
