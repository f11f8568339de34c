import { readConfig, type Env } from '../env';
import { errorMessage, logEvent } from '../log';
import { enqueue } from '../queue/jobs';
import type { LeadRecord } from '../store/leads/listing';
import { getLeadStore } from '../store/leads/open';
import { verifyUnsubscribe } from './token';

/** What a link finds: a subscription to confirm or already left, or why it cannot be used. */
export type LinkState =
  | { state: 'subscribed'; subscription: LeadRecord }
  | { state: 'unsubscribed'; subscription: LeadRecord; at: string }
  /** Not the site's token: malformed, cut short, or signed with another key. */
  | { state: 'invalid' }
  /** Signed by the site, but no such subscription is held (erased, or never stored). */
  | { state: 'stale' }
  /** UNSUBSCRIBE_SECRET is missing or the lead store did not answer: nothing was changed. */
  | { state: 'unavailable' };

/** Where the link's subscription stands; changes nothing (GET, and mail scanners that follow links). */
export async function readLink(env: Env, token: string | undefined): Promise<LinkState> {
  const secret = readConfig(env).newsletter.unsubscribeSecret;
  if (!secret) return { state: 'unavailable' };
  const id = await verifyUnsubscribe(secret, token);
  if (!id) return { state: 'invalid' };
  try {
    const subscription = await getLeadStore(env).get('newsletter', id);
    if (!subscription) return { state: 'stale' };
    return subscription.unsubscribedAt
      ? { state: 'unsubscribed', subscription, at: subscription.unsubscribedAt }
      : { state: 'subscribed', subscription };
  } catch (err) {
    logEvent('error', 'newsletter.unsubscribed', { outcome: 'store unavailable', error: errorMessage(err) });
    return { state: 'unavailable' };
  }
}

/**
 * Unsubscribes the link's address at once (POST, and RFC 8058 one-click). The rule: the link's subscription,
 * and every other subscription of the same address still standing, are marked unsubscribed now, and the
 * newsletter tool is told (one job). A link whose subscription was already unsubscribed changes nothing, so
 * replaying it is harmless and never undoes a later signup, which carried a new consent of its own.
 */
export async function unsubscribe(env: Env, token: string | undefined): Promise<LinkState> {
  const link = await readLink(env, token);
  if (link.state !== 'subscribed') return link;
  const store = getLeadStore(env);
  const at = new Date().toISOString();
  const { subscription } = link;
  if (subscription.kind !== 'newsletter') return { state: 'stale' };
  try {
    const marked = await store.markUnsubscribed(subscription.id, at);
    if (!marked) return { state: 'stale' };
    const address = subscription.email.trim().toLowerCase();
    const found = await store.list({ kind: 'newsletter', q: address, limit: 50 });
    let others = 0;
    for (const other of found.leads) {
      if (other.kind !== 'newsletter' || other.id === subscription.id || other.unsubscribedAt) continue;
      if (other.email.trim().toLowerCase() !== address) continue;
      await store.markUnsubscribed(other.id, at);
      others++;
    }
    logEvent('info', 'newsletter.unsubscribed', { submissionId: subscription.id, outcome: 'unsubscribed', others });
    await tellTheTool(env, subscription.id, subscription.email);
    return { state: 'unsubscribed', subscription: marked, at: marked.unsubscribedAt ?? at };
  } catch (err) {
    logEvent('error', 'newsletter.unsubscribed', {
      submissionId: subscription.id,
      outcome: 'store unavailable',
      error: errorMessage(err),
    });
    return { state: 'unavailable' };
  }
}

/**
 * Queues the unsubscribe for the newsletter tool. The site's record is what counts: a job that cannot be
 * queued is logged, and the desk shows the subscriber unsubscribed with no call to the tool beside it.
 */
async function tellTheTool(env: Env, subscriptionId: string, email: string): Promise<void> {
  if (readConfig(env).newsletter.provider.name === 'none') return;
  try {
    await enqueue(env, { type: 'newsletter', action: 'unsubscribe', subscriptionId, email });
  } catch (err) {
    logEvent('error', 'newsletter.unsubscribed', {
      submissionId: subscriptionId,
      outcome: 'not queued for the newsletter tool',
      error: errorMessage(err),
    });
  }
}
