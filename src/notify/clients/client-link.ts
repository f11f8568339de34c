import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { greetingName } from '../../shared/lead-rules';
import { E164 } from '../../store/phone';
import { contactOf, type Lead } from '../../store/leads/lead';
import { getLeadStore } from '../../store/leads/open';
import { getConversationStore } from '../../store/conversations/open';
import { getClientStore } from '../../store/clients/open';
import type { EngagementRecord } from '../../store/clients/clients';
import { clientTokenHash } from '../../clients/token';
import { clientLinkWords as words } from '../../words/clients/desk-clients';
import { resultEmail } from '../../words/email/result-email';
import { enqueue, type JobOf } from '../../queue/jobs';
import { freeText, windowState } from '../conversations/desk-replies';
import { leadVouches } from '../follow-ups/follow-ups';
import { leadRules, readBudgets } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { deliveryStore } from '../ledger/ledger-store';
import { templateMessage, type Send } from '../ledger/templates';
import { emailMessage } from '../email/email';
import { CLIENT_PAGE_EMAIL, createResultEmailSender, markVisitorEmailDead } from '../email/result-email';
import { createSender } from '../whatsapp/whatsapp';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/**
 * The client's link, sent once per link: on WhatsApp (a text while their 24-hour window is open, else the template
 * `client_page`) and by email, each a queue job that carries the token, because the store keeps only its hash.
 *
 * The ledger (and so the conversation the desk shows) keeps the message with the link shortened to its first four
 * characters: the whole token is in the queued job and the message sent, nowhere durable on the site. A job whose
 * link was replaced or revoked before it ran sends nothing (the token no longer matches the engagement's hash).
 */

/** The ledger key of a link's messages: one per link (a fresh link is a new key), so a repeated job sends once. */
export const clientLinkId = (engagement: EngagementRecord) =>
  `client-link:${engagement.id}:${engagement.link?.hash.slice(0, 16) ?? 'none'}`;

/**
 * Queues the link's messages: WhatsApp to a real number of a lead Turnstile vouched for (text or template decided
 * now, so a retry never turns one into the other), email to the address the lead gave. Answers what was queued.
 */
export async function queueClientLink(
  env: Env,
  lead: Lead,
  engagement: EngagementRecord,
  token: string,
  now = new Date(),
): Promise<JobOf<'client-link'>['channel'][]> {
  const { phone, email } = contactOf(lead);
  const channels: JobOf<'client-link'>['channel'][] = [];
  if (E164.safeParse(phone).success && (await leadVouches(env.DB, lead))) {
    const received = await getConversationStore(env).from(phone);
    const open = windowState(received.at(-1)?.at ?? null, now)?.open === true;
    channels.push(open ? 'text' : 'template');
  }
  if (email && readConfig(env).quiz.resultEmailFrom) channels.push('email');
  for (const channel of channels) {
    await enqueue(env, { type: 'client-link', engagementId: engagement.id, token, channel });
  }
  logEvent('info', 'desk.action', { action: 'client link queued', channels: channels.join(',') || 'none' });
  return channels;
}

/** The message a job sends (with the whole link) and the copy the ledger keeps (link shortened), or undefined. */
async function dueOf(
  env: Env,
  job: JobOf<'client-link'>,
): Promise<{ send: Send; kept: Send; lead: Lead; submissionId: string } | undefined> {
  const engagement = await getClientStore(env).getEngagement(job.engagementId);
  if (!engagement?.link || engagement.link.hash !== (await clientTokenHash(job.token))) return undefined;
  const lead = await getLeadStore(env).get(engagement.lead.kind, engagement.lead.id);
  if (!lead || !(await leadVouches(env.DB, lead))) return undefined;
  const { name, phone, email } = contactOf(lead);
  const first = greetingName(name) || words.noName;
  const base = readConfig(env).site.url.replace(/\/+$/, '');
  const message = (link: string): Send | undefined => {
    const program = engagement.programTitle;
    if (job.channel === 'email') {
      if (!email) return undefined;
      const text = words.email.text(first, program, link, resultEmail.signature);
      return emailMessage(CLIENT_PAGE_EMAIL, email, words.email.subject(program), text, { audience: 'visitor' });
    }
    if (!E164.safeParse(phone).success) return undefined;
    return job.channel === 'text'
      ? freeText(phone, words.text(first, program, link))
      : templateMessage(WHATSAPP_TEMPLATES.clientPage, phone, 'visitor', { body: [first, program, link] });
  };
  const send = message(`${base}/c/${job.token}`);
  const kept = message(`${base}/c/${job.token.slice(0, 4)}…`);
  if (!send || !kept) return undefined;
  return { send, kept, lead, submissionId: clientLinkId(engagement) };
}

/**
 * Sends a queued link through the ledger: the row is opened with the shortened copy (a budget or an opt-out may skip
 * it there), then the whole message is delivered under the same key, once. Undefined when done, else the wait.
 */
export async function sendClientLink(job: JobOf<'client-link'>, env: Env): Promise<number | undefined> {
  if (job.channel === 'any') return chooseChannels(env, job);
  const due = await dueOf(env, job);
  if (!due) return undefined;
  const { send, kept, lead, submissionId } = due;
  const store = deliveryStore(env);
  const rules = leadRules(lead, readBudgets(env));
  await store.open(store.key(submissionId, kept), lead.kind, kept, new Date(), rules);
  const sender = job.channel === 'email' ? createResultEmailSender(env) : createSender(env);
  const step = await deliver({ submissionId, leadKind: lead.kind }, send, store, sender, rules);
  return step.done ? undefined : step.after;
}

/**
 * The link of an engagement a paid request started (src/clients/from-payment.ts, which cannot reach this layer):
 * queued on the channels the desk would choose now, if the link is still the live one.
 */
async function chooseChannels(env: Env, job: JobOf<'client-link'>): Promise<undefined> {
  const engagement = await getClientStore(env).getEngagement(job.engagementId);
  if (!engagement?.link || engagement.link.hash !== (await clientTokenHash(job.token))) return undefined;
  const lead = await getLeadStore(env).get(engagement.lead.kind, engagement.lead.id);
  if (lead) await queueClientLink(env, lead, engagement, job.token);
  return undefined;
}

/** A link that ran out of retries: recorded dead in the ledger (the shortened copy), so the lead's page shows it. */
export async function recordDeadClientLink(job: JobOf<'client-link'>, env: Env): Promise<void> {
  if (job.channel === 'any') return;
  const due = await dueOf(env, job);
  if (due) await markVisitorEmailDead(env, due.submissionId, due.lead, due.kept);
}
