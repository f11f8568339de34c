import { alertEmail } from '../../words/email/alert-email';
import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { enqueue, type JobOf } from '../../queue/jobs';
import { readBudgets } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore, DeliveryStore } from '../ledger/ledger-store';
import { createEmailSender, emailMessage } from './email';
import { BOOKING_ALERT_KIND } from '../bookings/booking-templates';
import { PAYMENT_ALERT_KIND } from '../payments/payment-templates';
import { TEMPLATES, type Component, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/** The ledger template of an owner's alert email: one per lead and owner, whatever asked for it. */
export const OWNER_ALERT_EMAIL = 'owner_alert_email';

/** An owner alert that went out or failed for good: the second channel takes it from here. */
export async function ownerAlertDone(env: Env, store: DeliveryStore, submissionId: string, send: Send): Promise<void> {
  const key = store.key(submissionId, send);
  const state = await store.state(key);
  if (state) await afterOwnerAlert(env, key, state);
}

/**
 * After an owner alert left for WhatsApp: start the confirmation timer (sent through the Graph API),
 * or ask for the email at once (failed for good). Development's log channel has nothing to confirm.
 * Only owners with an email address have a second channel.
 */
export async function afterOwnerAlert(
  env: Env,
  alert: { submissionId: string; template: string; recipient: string },
  state: { status: string; channel: string | null },
): Promise<void> {
  const config = readConfig(env);
  if (!config.whatsapp.owners.some((o) => o.phone === alert.recipient && o.email)) return;
  const job: JobOf<'owner-fallback'> = { type: 'owner-fallback', ...alert };
  if (state.status === 'sent' && state.channel === 'graph') await enqueue(env, job, config.alerts.confirmMinutes * 60);
  else if (state.status === 'failed' || state.status === 'dead') await enqueue(env, job);
}

/**
 * Emails an owner the lead whose WhatsApp alert failed, died, or is still unconfirmed after
 * OWNER_ALERT_CONFIRM_MINUTES; nothing when it was delivered or read. Returns the wait before another
 * look (the timer has not run out, or the alert is still being sent), or undefined when done.
 */
export async function sendOwnerFallback(
  job: JobOf<'owner-fallback'>,
  env: Env,
  now = Date.now(),
): Promise<number | undefined> {
  const config = readConfig(env);
  const owner = config.whatsapp.owners.find((o) => o.phone === job.recipient);
  if (!owner?.email) return undefined;
  const row = await env.DB.prepare(
    `SELECT lead_kind, audience, status, channel, sent_at, receipt, receipt_error_code, last_error_code, components
     FROM deliveries WHERE submission_id = ? AND template = ? AND recipient = ?`,
  )
    .bind(job.submissionId, job.template, job.recipient)
    .first<AlertRow>();
  if (!row || row.audience !== 'owner' || row.status === 'skipped') return undefined;
  // An alert always has parameters: none left means its person was erased since, and nothing is written about them.
  if (row.components === '[]') return undefined;
  if (row.receipt === 'delivered' || row.receipt === 'read') return undefined;
  if (['pending', 'sending', 'replay'].includes(row.status)) return 60;
  let reason: string;
  if (row.status === 'sent' && row.receipt !== 'failed') {
    // The log channel of development has no receipts to wait for.
    if (row.channel !== 'graph') return undefined;
    const deadline = Date.parse(row.sent_at ?? '') + config.alerts.confirmMinutes * 60_000;
    if (deadline > now) return Math.ceil((deadline - now) / 1000);
    reason = alertEmail.unconfirmed(config.alerts.confirmMinutes);
  } else {
    reason = alertEmail.failed(row.receipt_error_code ?? row.last_error_code ?? row.status);
  }
  // A reply, booking, payment alert or nudge carries its own desk link (its key is the sender's hour, the booking event or
  // the payment, a nudge's rule, not a lead).
  const own = OWN_LINK[job.template];
  const link =
    own !== undefined
      ? (bodyValues(row)[own] ?? `${config.site.url}/desk`)
      : `${config.site.url}/desk/leads/${row.lead_kind}/${encodeURIComponent(job.submissionId)}`;
  const message = emailMessage(OWNER_ALERT_EMAIL, owner.email, ...emailText(job.template, row, reason, link));
  const store = deliveryStore(env);
  const step = await deliver(
    { submissionId: job.submissionId, leadKind: row.lead_kind },
    message,
    store,
    createEmailSender(env),
    { budgets: readBudgets(env), verified: true },
  );
  return step.done ? undefined : step.after;
}

/** The alerts whose key is not a lead: the body parameter (0-based) that holds their desk link. */
const OWN_LINK: Record<string, number> = {
  [TEMPLATES.visitorReply]: 3,
  [WHATSAPP_TEMPLATES.callBooked.name]: 4,
  [WHATSAPP_TEMPLATES.callCancelled.name]: 4,
  [WHATSAPP_TEMPLATES.paymentReceived.name]: 4,
  [WHATSAPP_TEMPLATES.leadDue.name]: 2,
  [WHATSAPP_TEMPLATES.clientLastSession.name]: 3,
};

interface AlertRow {
  lead_kind: string;
  audience: string;
  status: string;
  channel: string | null;
  sent_at: string | null;
  receipt: string | null;
  receipt_error_code: string | null;
  last_error_code: string | null;
  components: string;
}

function bodyValues(row: AlertRow): string[] {
  const components = JSON.parse(row.components) as Component[];
  return components.find((c) => c.type === 'body')?.parameters.map((p) => p.text) ?? [];
}

/** Subject and text: the alert's own parameters, labelled, then why it came by email and the desk link. */
function emailText(template: string, row: AlertRow, reason: string, link: string): [string, string] {
  const values = bodyValues(row);
  const labels = alertEmail.fields[template] ?? values.map((_, i) => `Detail ${i + 1}`);
  const lines = values.map((v, i) => `${labels[i] ?? `Detail ${i + 1}`}: ${v}`);
  const who = template === 'subscription_notfication' ? (values[1] ?? '') : (values[0] ?? '');
  const own = alertEmail.subjects[template];
  const subject = own
    ? own(values)
    : template === TEMPLATES.visitorReply
      ? alertEmail.replySubject(values[1] ?? '')
      : alertEmail.subject(alertEmail.kinds[row.lead_kind] ?? row.lead_kind, who);
  const { open, footer } =
    row.lead_kind === BOOKING_ALERT_KIND
      ? alertEmail.booking
      : row.lead_kind === PAYMENT_ALERT_KIND
        ? alertEmail.payment
        : alertEmail;
  const text = [...lines, '', alertEmail.why(reason), '', open, link, '', footer].join('\n');
  return [subject, text];
}

/** An owner-fallback job that ran out of retries: nothing is lost (the lead is stored), but it is said loudly. */
export function recordDeadFallback(job: JobOf<'owner-fallback'>): void {
  logEvent('error', 'delivery.dead', {
    submissionId: job.submissionId,
    template: OWNER_ALERT_EMAIL,
    reason: 'fallback job exhausted',
  });
}
