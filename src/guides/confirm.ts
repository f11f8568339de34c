import type { Env } from '../env';
import { errorMessage, logEvent } from '../log';
import { acceptLead } from '../leads/accept';
import { derivedId } from '../leads/newsletter-tags';
import type { Lead } from '../store/leads/lead';
import { getGuideStore } from '../store/guides/open';
import type { GuideRequestRecord } from '../store/guides/guides';
import { queueGuideEmail } from './guide-emails';
import { guideSecret, verifyGuideToken, type GuideLink } from './token';

/** The newsletter tag a guide's readers get in Kit or Mailchimp. */
export const guideTag = (slug: string) => `guide:${slug}`;

/** Where a guide link stands: usable (with its request), or why not. */
export type LinkState = { state: 'ok'; request: GuideRequestRecord } | { state: 'expired' | 'invalid' | 'unavailable' };

/**
 * What a link's token leads to: `invalid` for a forged or malformed token, one naming no request held (erased,
 * pruned) or one Turnstile refused (its email was never sent), or a download link of a request not confirmed;
 * `expired` once its 7 days are over; `unavailable` when the store or the key cannot be read.
 */
export async function readGuideLink(env: Env, link: GuideLink, token: string, now = Date.now()): Promise<LinkState> {
  const secret = guideSecret(env);
  if (!secret) return { state: 'unavailable' };
  const read = await verifyGuideToken(secret, link, token, now);
  if (read.state !== 'valid') return { state: read.state };
  let request: GuideRequestRecord | null;
  try {
    request = await getGuideStore(env).get(read.id);
  } catch (err) {
    logEvent('error', 'guide.request', { outcome: 'store unavailable', error: errorMessage(err) });
    return { state: 'unavailable' };
  }
  if (!request?.verified || (link === 'download' && !request.confirmedAt)) return { state: 'invalid' };
  return { state: 'ok', request };
}

/**
 * Confirms a request, once: the first confirmation makes the newsletter subscription tagged `guide:<slug>` (stored
 * as any sign-up is, so the owners hear of it and the newsletter tool gets it with its tag) and queues the email
 * with the download link. A later confirmation changes and sends nothing. The subscription's id follows from the
 * request's, so a confirmation that failed half-way and is tried again finds the same subscription.
 */
export async function confirmGuide(
  env: Env,
  request: GuideRequestRecord,
  now = new Date(),
): Promise<GuideRequestRecord> {
  const subscriptionId = await derivedId(`guide-subscription:${request.id}`);
  const confirmed = await getGuideStore(env).confirm(request.id, now.toISOString(), subscriptionId);
  if (!confirmed) return request;
  if (!confirmed.first) return confirmed.request;
  const at = confirmed.request.confirmedAt ?? now.toISOString();
  const subscription: Lead = {
    kind: 'newsletter',
    id: subscriptionId,
    createdAt: at,
    email: request.email,
    consent: request.consent,
    ...(request.attribution && { attribution: request.attribution }),
    // The address was just confirmed from its own inbox: a person asked.
    verified: true,
    tags: [guideTag(request.guide)],
  };
  try {
    await acceptLead(env, subscription);
  } catch (err) {
    logEvent('error', 'guide.confirmed', { id: request.id, outcome: 'no subscription', error: errorMessage(err) });
  }
  try {
    await queueGuideEmail(env, request.id, 'link');
  } catch (err) {
    logEvent('error', 'guide.confirmed', { id: request.id, outcome: 'link not queued', error: errorMessage(err) });
  }
  logEvent('info', 'guide.confirmed', { id: request.id, subscriptionId });
  return confirmed.request;
}
