import { readConfig, type Env } from '../../env';
import { logEvent, maskPhone } from '../../log';
import type { PaymentAlertJob } from '../../queue/jobs';
import { getPaymentStore } from '../../store/payments/open';
import { publishedContent } from '../../store/site-content/published-content';
import { readBudgets, type LedgerRules } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { digestKey, scheduleDigest } from '../leads/digest';
import { ownerAlertDone } from '../email/fallback';
import { deliveryStore } from '../ledger/ledger-store';
import type { Send } from '../ledger/templates';
import { createSender } from '../whatsapp/whatsapp';
import { PAYMENT_ALERT_KIND, paymentAlertId, paymentAlertSends } from './payment-templates';

// The owners hear of a payment through the ledger like every owner alert: once per payment (the ledger's row per
// payment and owner, however many jobs ask), inside OWNER_ALERTS_PER_HOUR (past it, the digest), by email when
// WhatsApp fails or stays unconfirmed.

/** A payment's job is queued just before the payment is stored: a job that finds none yet looks again. */
const NOT_YET_STORED_WAIT_S = 60;

interface Plan {
  submissionId: string;
  sends: Send[];
  rules: LedgerRules;
}

/**
 * What a payment's alerts are: 'not_stored' while the payment is not stored (yet), null once its person was erased
 * (the accounting copy names no lead). Money arrived, so the alert is never held as an unverified lead's would be.
 */
async function planOf(job: PaymentAlertJob, env: Env): Promise<Plan | 'not_stored' | null> {
  const payment = await getPaymentStore(env).paymentByProviderId(job.providerPaymentId);
  if (!payment) return 'not_stored';
  const lead = payment.lead;
  if (!lead || payment.erasedAt) return null;
  const config = readConfig(env);
  const { content } = await publishedContent(env.FEEDS);
  return {
    submissionId: paymentAlertId(payment.id),
    sends: paymentAlertSends({ ...payment, lead }, config.whatsapp, config.site.url, content.programs),
    rules: { budgets: readBudgets(env), verified: true, foldOwnerAlerts: false },
  };
}

/** Tells both owners of a payment (payment_received). Returns the wait before a retry, or undefined when done. */
export async function sendPaymentAlert(job: PaymentAlertJob, env: Env): Promise<number | undefined> {
  const plan = await planOf(job, env);
  if (plan === 'not_stored') return NOT_YET_STORED_WAIT_S;
  if (!plan) {
    logEvent('info', 'delivery.skipped', { kind: PAYMENT_ALERT_KIND, reason: 'payment_erased' });
    return undefined;
  }
  const store = deliveryStore(env);
  const sender = createSender(env);
  const ref = { submissionId: plan.submissionId, leadKind: PAYMENT_ALERT_KIND };
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

/** A payment-alert job that ran out of retries: its unsent alerts are recorded as dead (and emailed). */
export async function recordDeadPaymentAlert(job: PaymentAlertJob, env: Env): Promise<void> {
  const plan = await planOf(job, env);
  if (!plan) return;
  if (plan === 'not_stored') {
    logEvent('error', 'delivery.dead', { kind: PAYMENT_ALERT_KIND, reason: 'payment_not_stored' });
    return;
  }
  const store = deliveryStore(env);
  const now = new Date().toISOString();
  for (const send of plan.sends) {
    const key = store.key(plan.submissionId, send);
    const row = await store.markDead(key, PAYMENT_ALERT_KIND, send, now, plan.rules);
    if (row.status !== 'dead') continue;
    await ownerAlertDone(env, store, plan.submissionId, send);
    logEvent('error', 'delivery.dead', {
      submissionId: plan.submissionId,
      kind: PAYMENT_ALERT_KIND,
      template: send.template,
      to: maskPhone(send.to),
      attempts: row.attempts,
      code: row.last_error_code,
    });
  }
}
