import { readConfig, type Env } from '../env';
import { errorMessage, logEvent } from '../log';
import { enqueue } from '../queue/jobs';
import { count } from '../store/sources/counters';
import { type SaveResult } from '../store/leads/port';
import { getLeadStore } from '../store/leads/open';
import { publishedContent } from '../store/site-content/published-content';
import { type Lead } from '../store/leads/lead';
import { LeadStoreError } from '../store/lead-store-error';
import { withBookingRef } from './booking-ref';
import { quizSubscription } from './newsletter-tags';
import { parkLead } from './parked';

/** Where a lead is once accepted: in the store, or parked in the queue until the store takes it. */
export type Accepted = 'stored' | 'parked';

/**
 * What acceptLead did with a lead, and the lead as accepted (with its booking reference, if it has one); or
 * `conflict` when its submission id is stored with another body: nothing was stored, queued or told.
 */
export type Acceptance = { status: Accepted; lead: Lead } | { status: 'conflict' };

/**
 * What every lead route does once its input is valid: store first, then hand
 * the notifications to the queue. A store that is down or slow parks the lead
 * in the queue instead. A quiz response or an enquiry gets its booking reference
 * here; a repeat of a stored submission keeps the reference stored with it, so the
 * visitor's link, the result email and the store agree. A submission id belongs to its first body: another body
 * under it is a conflict, and its sender learns nothing of the stored lead. Throws LeadStoreError only
 * when the lead could be neither stored nor parked; the route decides what the visitor hears.
 */
export async function acceptLead(env: Env, submitted: Lead): Promise<Acceptance> {
  let lead = withBookingRef(submitted);
  let saved: SaveResult;
  try {
    saved = await getLeadStore(env).save(lead);
  } catch (err) {
    logEvent('error', 'lead.parked', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    try {
      await parkLead(env, lead);
    } catch (parkErr) {
      throw new LeadStoreError(`Lead ${lead.kind} ${lead.id} could not be parked either: ${errorMessage(parkErr)}`, {
        cause: parkErr,
      });
    }
    return { status: 'parked', lead };
  }
  const { created } = saved;
  if (saved.conflict) {
    logEvent('warn', 'lead.conflict', { submissionId: lead.id, kind: lead.kind });
    return { status: 'conflict' };
  }
  logEvent('info', 'lead.stored', { submissionId: lead.id, kind: lead.kind, created });
  // A repeat answers with the booking reference its first write stored (the first write wins).
  if (saved.bookingRef) lead = { ...lead, bookingRef: saved.bookingRef };
  // The lead is safe in the store; a lost notification must not turn into an error the visitor retries.
  await countAndNotify(env, lead, created);
  return { status: 'stored', lead };
}

/**
 * What follows every save of a lead, from a request or from a parked job: a new lead is counted once
 * (by the write that created it), then its notifications are queued. They are queued also when the save
 * found the lead already there: the write that created it may have timed out before queueing anything (a
 * late answer, a parked job, a visitor's retry), and the delivery ledger sends each message at most once.
 * A newsletter subscriber is also queued for the newsletter tool (NEWSLETTER_PROVIDER), on the same terms; a
 * quiz response whose visitor ticked "Also send me the newsletter" is then accepted as a subscription of its own
 * (quizSubscription), which the owners are not told of again: the quiz's alert already named the person.
 * False when the jobs could not be queued, or the quiz's subscription could be neither stored nor parked.
 */
export async function countAndNotify(env: Env, lead: Lead, created: boolean): Promise<boolean> {
  if (created) await count(env.DB, `lead_${lead.kind}`);
  try {
    if (!(lead.kind === 'newsletter' && lead.quizId)) await enqueue(env, { type: 'notify', lead });
    // A new subscriber goes on to the newsletter tool, when there is one, as a job of its own.
    if (lead.kind === 'newsletter' && readConfig(env).newsletter.provider.name !== 'none') {
      await enqueue(env, {
        type: 'newsletter',
        action: 'subscribe',
        subscriptionId: lead.id,
        email: lead.email,
        ...(lead.verified !== undefined && { verified: lead.verified }),
        ...(lead.unchecked !== undefined && { unchecked: lead.unchecked }),
      });
    }
  } catch (err) {
    logEvent('error', 'lead.stored', {
      submissionId: lead.id,
      kind: lead.kind,
      notify: 'not queued',
      error: errorMessage(err),
    });
    return false;
  }
  return lead.kind === 'quiz' ? acceptSubscription(env, lead) : true;
}

/**
 * The subscription a quiz response makes, if its box was ticked: stored, or parked like any lead. Its tags name
 * the programs as published (from KV or memory, never D1).
 */
async function acceptSubscription(env: Env, lead: Extract<Lead, { kind: 'quiz' }>): Promise<boolean> {
  if (!lead.newsletterConsent) return true;
  const subscription = await quizSubscription(lead, (await publishedContent(env.FEEDS)).content.programs);
  if (!subscription) return true;
  try {
    // A conflict (another body under the id that follows from the response's) leaves the stored one as it is.
    await acceptLead(env, subscription);
    return true;
  } catch (err) {
    logEvent('error', 'lead.parked', { submissionId: subscription.id, kind: 'newsletter', error: errorMessage(err) });
    return false;
  }
}
