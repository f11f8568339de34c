import { readConfig, type Env } from '../env';
import { logEvent } from '../log';
import type { EngagementRecord } from '../store/clients/clients';
import { getClientStore } from '../store/clients/open';
import type { PaymentRequestRecord } from '../store/payments/payments';
import { publishedContent } from '../store/site-content/published-content';
import { enqueue } from '../queue/jobs';
import { issueLink, startEngagementOnce, termsHash, type EngagementStart } from './start';
import { indiaDay } from './validity';

const DAY = 86_400_000;

/**
 * The engagement's id for a payment request: derived from the request's id (SHA-256, the first 128 bits, base64url),
 * so two deliveries of the same "paid" event at once store one engagement: the second finds the id taken.
 */
async function engagementIdFor(requestId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`engagement:${requestId}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest).slice(0, 16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * A request paid in full for a program whose published content has `sessions` starts the client's engagement itself,
 * once per request: that many sessions, valid CLIENT_LINK_DAYS days from the payment (India's day), with the
 * program's published terms; its link is issued and sent (a queued job). Null when the request names no
 * such program, or its engagement exists.
 */
export async function engagementFromPayment(
  env: Env,
  request: PaymentRequestRecord,
  paidAt: Date,
  by: string,
  now: Date,
): Promise<EngagementRecord | null> {
  if (!request.program) return null;
  const clients = getClientStore(env);
  if (await clients.engagementByPaymentRequest(request.id)) return null;
  const { versionId, content } = await publishedContent(env.FEEDS);
  const program = content.programs.find((p) => p.slug === request.program);
  if (!program?.sessions) return null;
  const days = readConfig(env).leads.clientLinkDays;
  const text = program.terms?.trim() ? program.terms : undefined;
  const start: EngagementStart = {
    lead: request.lead,
    program: program.slug,
    programTitle: program.title,
    sessions: program.sessions,
    validUntil: indiaDay(new Date(paidAt.getTime() + days * DAY)),
    // Default content (nothing published yet) is version 0.
    ...(text && { terms: { versionId: versionId ?? 0, text, hash: await termsHash(text) } }),
    paymentRequestId: request.id,
  };
  const engagement = await startEngagementOnce(env, start, await engagementIdFor(request.id), by, now);
  if (!engagement) return null;
  const { engagement: linked, token } = await issueLink(env, engagement, by, now);
  logEvent('info', 'client.started', { from: 'payment', sessions: linked.sessions });
  // The link goes as when an owner starts one: the consumer chooses WhatsApp (text or template) and email.
  await enqueue(env, { type: 'client-link', engagementId: linked.id, token, channel: 'any' });
  return linked;
}
