import type { Env } from '../env';
import { logEvent } from '../log';
import { enqueue, type JobOf } from '../queue/jobs';
import { getGuideStore } from '../store/guides/open';
import type { GuideRequestRecord } from '../store/guides/guides';
import { guideDelivery as words } from '../words/guides/delivery';
import { resultEmail } from '../words/email/result-email';
import { emailMessage } from '../notify/email/email';
import { GUIDE_CONFIRM_EMAIL, GUIDE_LINK_EMAIL, createResultEmailSender } from '../notify/email/result-email';
import { leadRules, readBudgets } from '../notify/ledger/budgets';
import { deliver } from '../notify/ledger/deliver';
import { deliveryStore } from '../notify/ledger/ledger-store';
import type { Send } from '../notify/ledger/templates';
import { guideSecret, guideUrl, tokenFor } from './token';

/**
 * The two emails of a guide request, each once through the delivery ledger, from the result email's sender and
 * inside the visitor budgets: the confirmation link (on the request) and the download link (on its first
 * confirmation). The ledger keeps a copy with the link's token cut to its first four characters: the whole link is
 * only in the email sent, and is signed again whenever the job runs.
 */

/** The ledger's lead kind and submission id of a request's emails. */
export const GUIDE_LEAD_KIND = 'guide';
export const guideSubmissionId = (requestId: string) => `guide:${requestId}`;

export async function queueGuideEmail(
  env: Env,
  requestId: string,
  email: JobOf<'guide-email'>['email'],
): Promise<void> {
  await enqueue(env, { type: 'guide-email', requestId, email });
}

/** The email a job sends and the copy the ledger keeps, or undefined when there is nothing (any more) to send. */
async function dueOf(
  env: Env,
  job: JobOf<'guide-email'>,
): Promise<{ send: Send; kept: Send; request: GuideRequestRecord } | undefined> {
  const request = await getGuideStore(env).get(job.requestId);
  // Turnstile refused it: nothing goes to an address a script may have typed.
  if (!request?.verified) return undefined;
  if (job.email === 'link' && !request.confirmedAt) return undefined;
  const secret = guideSecret(env);
  if (!secret) {
    logEvent('error', 'config.problem', { area: 'guides', problem: 'UNSUBSCRIBE_SECRET is not set: no guide link' });
    return undefined;
  }
  const link = job.email === 'confirm' ? 'confirm' : 'download';
  const token = await tokenFor(secret, link, request);
  const message = (url: string): Send => {
    const template = job.email === 'confirm' ? GUIDE_CONFIRM_EMAIL : GUIDE_LINK_EMAIL;
    const copy = job.email === 'confirm' ? words.confirmEmail : words.linkEmail;
    const text = copy.text(request.guideTitle, url, resultEmail.signature);
    return emailMessage(template, request.email, copy.subject(request.guideTitle), text, { audience: 'visitor' });
  };
  return {
    send: message(guideUrl(env, link, token)),
    kept: message(guideUrl(env, link, `${token.slice(0, 4)}…`)),
    request,
  };
}

/** Sends a queued guide email through the ledger, once. Undefined when done, else the wait before a retry. */
export async function sendGuideEmail(job: JobOf<'guide-email'>, env: Env): Promise<number | undefined> {
  const due = await dueOf(env, job);
  if (!due) return undefined;
  const { send, kept, request } = due;
  const submissionId = guideSubmissionId(request.id);
  const store = deliveryStore(env);
  const rules = leadRules(request, readBudgets(env));
  await store.open(store.key(submissionId, kept), GUIDE_LEAD_KIND, kept, new Date(), rules);
  const step = await deliver(
    { submissionId, leadKind: GUIDE_LEAD_KIND },
    send,
    store,
    createResultEmailSender(env),
    rules,
  );
  return step.done ? undefined : step.after;
}

/** A guide email that ran out of retries: recorded dead in the ledger (the shortened copy). */
export async function recordDeadGuideEmail(job: JobOf<'guide-email'>, env: Env): Promise<void> {
  const due = await dueOf(env, job);
  if (!due) return;
  const store = deliveryStore(env);
  const rules = leadRules(due.request, readBudgets(env));
  const key = store.key(guideSubmissionId(due.request.id), due.kept);
  const row = await store.markDead(key, GUIDE_LEAD_KIND, due.kept, new Date().toISOString(), rules);
  if (row.status === 'dead') logEvent('error', 'delivery.dead', { kind: GUIDE_LEAD_KIND, template: due.kept.template });
}
