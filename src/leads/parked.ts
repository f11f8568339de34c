import { desk } from '../words/desk';
import type { Env } from '../env';
import { logEvent, errorMessage } from '../log';
import { count } from '../store/sources/counters';
import { keepDeadLead } from '../store/leads/dead-leads';
import { countAndNotify } from './accept';
import { enqueue, type JobOf } from '../queue/jobs';
import { type Lead } from '../store/leads/lead';
import { LeadStoreError } from '../store/lead-store-error';
import { getLeadStore } from '../store/leads/open';

/** Longest wait between two tries of a parked write (the store may be down for hours). */
const MAX_DELAY_SECONDS = 15 * 60;
/**
 * A store that refuses a lead for a reason retrying cannot fix (an invalid
 * argument, a permission error) is given this many tries, then the lead is kept
 * as a dead lead in D1 instead of being parked forever.
 */
export const MAX_REFUSALS = 3;

export function parkedDelaySeconds(attempt: number): number {
  return Math.min(MAX_DELAY_SECONDS, 10 * 2 ** Math.min(attempt, 10));
}

/** Parks a lead the store could not take: a durable queue message that writes it later. */
export async function parkLead(env: Env, lead: Lead): Promise<void> {
  await enqueue(env, { type: 'store', lead, attempt: 0 }, parkedDelaySeconds(0));
  await count(env.DB, 'lead_parked');
}

/**
 * Writes a parked lead. The submission id is the document id, so a redelivered
 * job or a visitor's retry that reached the store meanwhile leaves one document.
 * Its notifications are queued once it is stored, whether this write created it
 * or found it there (a write that was applied but answered too late); the
 * delivery ledger keeps each message to one send.
 *
 * While the store is down the job is sent again with a longer delay and a higher
 * attempt count instead of `retry()`: a lead must never run out of retries into
 * the dead-letter queue. A lead the store refuses for good is kept as a dead
 * lead after MAX_REFUSALS tries (and its notifications queued). Only if a send
 * fails does the message fall back to the queue's own retry. A parked lead whose
 * submission id the store holds with another body (a conflict) is kept as a dead
 * lead, unnotified: the owners see it and reach its sender by hand.
 */
export async function handleStoreJob(job: JobOf<'store'>, message: Message<unknown>, env: Env): Promise<void> {
  const { lead, attempt } = job;
  // Stays false for a lead kept as dead: it is not in the store, so it is not counted there.
  let created = false;
  try {
    const saved = await getLeadStore(env).save(lead);
    if (saved.conflict) return await keepConflict(env, job, message);
    created = saved.created;
    logEvent('info', 'lead.stored', { submissionId: lead.id, kind: lead.kind, created, parkedAttempts: attempt + 1 });
  } catch (err) {
    logEvent('error', 'lead.parked', {
      submissionId: lead.id,
      kind: lead.kind,
      attempt: attempt + 1,
      error: errorMessage(err),
    });
    const refused = err instanceof LeadStoreError && err.permanent;
    try {
      if (refused && attempt + 1 >= MAX_REFUSALS) {
        await keepDeadLead(env.DB, lead, errorMessage(err, 1000), attempt + 1);
      } else {
        await enqueue(env, { type: 'store', lead, attempt: attempt + 1 }, parkedDelaySeconds(attempt + 1));
        message.ack();
        return;
      }
    } catch (sendErr) {
      logEvent('error', 'lead.parked', {
        submissionId: lead.id,
        kind: lead.kind,
        repark: 'failed',
        error: errorMessage(sendErr),
      });
      message.retry({ delaySeconds: parkedDelaySeconds(attempt + 1) });
      return;
    }
  }
  // Written (or kept dead): no longer parked. A redelivered job may count twice; the self-check floors at zero.
  await count(env.DB, 'lead_unparked');
  // Kept but nobody told yet: running the job again finds the lead kept and queues its notifications.
  if (await countAndNotify(env, lead, created)) message.ack();
  else message.retry({ delaySeconds: parkedDelaySeconds(attempt) });
}

/**
 * A parked lead refused as a conflict: its submission id belongs to another body already stored. It was answered
 * "received" while the store was down, so it is kept as a dead lead for the owners rather than dropped; nothing is
 * queued for it (its messages would go out under the stored lead's id).
 */
async function keepConflict(env: Env, job: JobOf<'store'>, message: Message<unknown>): Promise<void> {
  const { lead, attempt } = job;
  logEvent('warn', 'lead.conflict', { submissionId: lead.id, kind: lead.kind, parkedAttempts: attempt + 1 });
  try {
    await keepDeadLead(env.DB, lead, desk.dead.conflict, attempt + 1);
  } catch (err) {
    logEvent('error', 'lead.parked', { submissionId: lead.id, kind: lead.kind, error: errorMessage(err) });
    message.retry({ delaySeconds: parkedDelaySeconds(attempt + 1) });
    return;
  }
  await count(env.DB, 'lead_unparked');
  message.ack();
}
