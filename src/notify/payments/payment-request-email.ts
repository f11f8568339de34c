import { readConfig, type Env } from '../../env';
import { greetingName } from '../../shared/lead-rules';
import { contactOf, type Lead } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { getPaymentStore } from '../../store/payments/open';
import type { PaymentRequestRecord } from '../../store/payments/payments';
import { publishedContent } from '../../store/site-content/published-content';
import { resultEmail } from '../../words/email/result-email';
import { paymentRequestWords as words } from '../../words/payments/payment-request';
import { TIME_ZONE } from '../../words/site';
import { rupees } from '../../payments/money';
import { emailMessage } from '../email/email';
import { createResultEmailSender, markVisitorEmailDead, PAYMENT_REQUEST_EMAIL } from '../email/result-email';
import { leadVouches } from '../follow-ups/follow-ups';
import { leadRules, readBudgets } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore } from '../ledger/ledger-store';
import type { Send } from '../ledger/templates';
import type { JobOf } from '../../queue/jobs';
import { paymentRequestId } from './payment-request';

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE.name,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The link by email, or undefined when none is due (no request or link, a closed one, no address, or no sender). */
async function emailOf(
  env: Env,
  requestId: string,
): Promise<{ send: Send; lead: Lead; request: PaymentRequestRecord } | undefined> {
  if (!readConfig(env).quiz.resultEmailFrom) return undefined;
  const request = await getPaymentStore(env).getRequest(requestId);
  if (!request?.shortUrl || (request.status !== 'created' && request.status !== 'partially_paid')) return undefined;
  const lead = await getLeadStore(env).get(request.lead.kind, request.lead.id);
  if (!lead) return undefined;
  const { name, email } = contactOf(lead);
  if (!email || !(await leadVouches(env.DB, lead))) return undefined;
  const { content } = await publishedContent(env.FEEDS);
  const what = content.programs.find((p) => p.slug === request.program)?.title ?? request.description;
  const amount = rupees(request.amountPaise);
  const first = greetingName(name) || words.noName;
  const text = words.email.text(
    first,
    amount,
    what,
    request.shortUrl,
    day.format(Date.parse(request.expiresAt)),
    resultEmail.signature,
  );
  return {
    send: emailMessage(PAYMENT_REQUEST_EMAIL, email, words.email.subject(amount, what), text, { audience: 'visitor' }),
    lead,
    request,
  };
}

/**
 * Emails a payment request's link to the address its lead gave, through the ledger (once per request and address,
 * inside the visitor's budgets, like the quiz result email, from the same sender). Undefined when done, else the
 * wait before a retry.
 */
export async function sendPaymentRequestEmail(
  job: JobOf<'payment-request-email'>,
  env: Env,
): Promise<number | undefined> {
  const due = await emailOf(env, job.requestId);
  if (!due) return undefined;
  const { send, lead, request } = due;
  const rules = leadRules(lead, readBudgets(env));
  const step = await deliver(
    { submissionId: paymentRequestId(request.id), leadKind: lead.kind },
    send,
    deliveryStore(env),
    createResultEmailSender(env),
    rules,
  );
  return step.done ? undefined : step.after;
}

/** A link email that ran out of retries: recorded as dead in the ledger, so the lead's page shows it failed. */
export async function recordDeadPaymentRequestEmail(job: JobOf<'payment-request-email'>, env: Env): Promise<void> {
  const due = await emailOf(env, job.requestId);
  if (!due) return;
  await markVisitorEmailDead(env, paymentRequestId(due.request.id), due.lead, due.send);
}
