import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import type { JobOf } from '../../queue/jobs';
import { getPaymentStore } from '../../store/payments/open';
import { publishedContent } from '../../store/site-content/published-content';
import { readBudgets } from '../ledger/budgets';
import { recordDeadOwnerAlerts, sendOwnerAlerts, type OwnerAlertPlan } from '../leads/owner-alert-plan';
import { foldForLead } from '../leads/owner-routing';
import { PAYMENT_ALERT_KIND, paymentAlertId, paymentAlertSends } from './payment-templates';

// The owners hear of a payment through the ledger like every owner alert: once per payment (the ledger's row per
// payment and owner, however many jobs ask), inside OWNER_ALERTS_PER_HOUR (past it, the digest), by email when
// WhatsApp fails or stays unconfirmed.

/** A payment's job is queued just before the payment is stored: a job that finds none yet looks again. */
const NOT_YET_STORED_WAIT_S = 60;

/**
 * What a payment's alerts are: 'not_stored' while the payment is not stored (yet), null once its person was erased
 * (the accounting copy names no lead). Money arrived, so the alert is never held as an unverified lead's would be.
 */
async function planOf(job: JobOf<'payment-alert'>, env: Env): Promise<OwnerAlertPlan | 'not_stored' | null> {
  const payment = await getPaymentStore(env).paymentByProviderId(job.providerPaymentId);
  if (!payment) return 'not_stored';
  const lead = payment.lead;
  if (!lead || payment.erasedAt) return null;
  const config = readConfig(env);
  const { content } = await publishedContent(env.FEEDS);
  return {
    submissionId: paymentAlertId(payment.id),
    sends: paymentAlertSends({ ...payment, lead }, config.whatsapp, config.site.url, content.programs),
    rules: {
      budgets: readBudgets(env),
      verified: true,
      foldOwnerAlerts: false,
      // A lead one owner took: the other owner's alert is folded into their digest.
      foldFor: await foldForLead(env, lead),
    },
  };
}

/** Tells both owners of a payment (payment_received). Returns the wait before a retry, or undefined when done. */
export async function sendPaymentAlert(job: JobOf<'payment-alert'>, env: Env): Promise<number | undefined> {
  const plan = await planOf(job, env);
  if (plan === 'not_stored') return NOT_YET_STORED_WAIT_S;
  if (!plan) {
    logEvent('info', 'delivery.skipped', { kind: PAYMENT_ALERT_KIND, reason: 'payment_erased' });
    return undefined;
  }
  return sendOwnerAlerts(env, plan, PAYMENT_ALERT_KIND);
}

/** A payment-alert job that ran out of retries: its unsent alerts are recorded as dead (and emailed). */
export async function recordDeadPaymentAlert(job: JobOf<'payment-alert'>, env: Env): Promise<void> {
  const plan = await planOf(job, env);
  if (!plan) return;
  if (plan === 'not_stored') {
    logEvent('error', 'delivery.dead', { kind: PAYMENT_ALERT_KIND, reason: 'payment_not_stored' });
    return;
  }
  await recordDeadOwnerAlerts(env, plan, PAYMENT_ALERT_KIND);
}
