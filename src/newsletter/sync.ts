import type { Env } from '../env';
import { logEvent, maskRecipient } from '../log';
import { deliveryStore } from '../notify/ledger/ledger-store';
import { deliver } from '../notify/ledger/deliver';
import { readBudgets, type LedgerRules } from '../notify/ledger/budgets';
import type { JobOf } from '../queue/jobs';
import type { Lead } from '../store/leads/lead';
import { getLeadStore } from '../store/leads/open';
import { createNewsletterSender } from './sender';
import { newsletterSend } from './templates';

/**
 * The newsletter tool's calls pass every budget of visitor messages, but a sign-up goes only when a person sent
 * it (Turnstile verified its token, or siteverify could not be reached: as for the owners' alerts), and at most
 * once per address in 24 hours; the rest are skipped in the ledger (`unverified`, `cap`), where an owner can send
 * an unverified one on from the desk. An unsubscribe always goes.
 */
const rules = (env: Env, signup?: Pick<Lead, 'verified' | 'unchecked'>): LedgerRules =>
  signup
    ? { budgets: readBudgets(env), verified: signup.verified !== false || signup.unchecked === true, oncePerDay: true }
    : { budgets: readBudgets(env), verified: true };

/**
 * Sends a subscription on to the newsletter tool through the delivery ledger, like a WhatsApp message: at
 * most once per subscription and action, retried with the backoff while the tool is down or limits the
 * rate, recorded as failed when it refuses. A signup goes only while its subscription stands (stored and
 * not unsubscribed), at the address stored now and with the tags stored with it (a subscription made with the
 * quiz: its programs), so a retry never subscribes someone who left or was erased.
 * Returns the wait before a retry, or undefined when done.
 */
export async function syncNewsletter(job: JobOf<'newsletter'>, env: Env): Promise<number | undefined> {
  const sender = createNewsletterSender(env);
  const what = { submissionId: job.subscriptionId, action: job.action, to: maskRecipient(job.email) };
  if (!sender) {
    logEvent('info', 'newsletter.skipped', { ...what, reason: 'no provider' });
    return undefined;
  }
  let email = job.email;
  let tags: string[] = [];
  let signup: Pick<Lead, 'verified' | 'unchecked'> | undefined;
  if (job.action === 'subscribe') {
    const record = await getLeadStore(env).get('newsletter', job.subscriptionId);
    if (record?.kind !== 'newsletter' || record.unsubscribedAt) {
      logEvent('info', 'newsletter.skipped', { ...what, reason: record ? 'unsubscribed' : 'not stored' });
      return undefined;
    }
    email = record.email;
    tags = record.tags ?? [];
    // Turnstile's verdict as the job carries it; a job queued before it did, by the one stored with the subscription.
    signup = job.verified !== undefined ? job : record;
  }
  const ref = { submissionId: job.subscriptionId, leadKind: 'newsletter' };
  const send = newsletterSend(job.action, email, tags);
  const step = await deliver(ref, send, deliveryStore(env), sender, rules(env, signup));
  return step.done ? undefined : step.after;
}

/** A newsletter job that ran out of retries: its call is recorded as dead, keeping its last error. */
export async function recordDeadNewsletter(job: JobOf<'newsletter'>, env: Env): Promise<void> {
  if (!createNewsletterSender(env)) return;
  const store = deliveryStore(env);
  const send = newsletterSend(job.action, job.email);
  const row = await store.markDead(
    store.key(job.subscriptionId, send),
    'newsletter',
    send,
    new Date().toISOString(),
    rules(env, job.action === 'subscribe' ? job : undefined),
  );
  if (row.status === 'dead') {
    logEvent('error', 'delivery.dead', {
      submissionId: job.subscriptionId,
      kind: 'newsletter',
      template: send.template,
      to: maskRecipient(job.email),
      code: row.last_error_code,
      error: row.last_error_message,
    });
  }
}
