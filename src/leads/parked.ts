import type { Env } from '../env';
import { enqueueNotifications } from '../notify/enqueue';
import { count } from '../desk/counters';
import { errorMessage } from './port';
import { getLeadStore } from './store';
import type { Lead, StoreJob } from './types';

/** Longest wait between two tries of a parked write (the store may be down for hours). */
const MAX_DELAY_SECONDS = 15 * 60;

export function parkedDelaySeconds(attempt: number): number {
  return Math.min(MAX_DELAY_SECONDS, 10 * 2 ** Math.min(attempt, 10));
}

/** Parks a lead the store could not take: a durable queue message that writes it later. */
export async function parkLead(env: Env, lead: Lead): Promise<void> {
  const job: StoreJob = { type: 'store', lead, attempt: 0 };
  await env.JOBS.send(job, { contentType: 'json', delaySeconds: parkedDelaySeconds(0) });
}

export function isStoreJob(body: unknown): body is StoreJob {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { type?: unknown }).type === 'store' &&
    typeof (body as { lead?: { id?: unknown } }).lead?.id === 'string'
  );
}

/**
 * Writes a parked lead. The submission id is the document id, so a redelivered
 * job or a visitor's retry that reached the store meanwhile leaves one document.
 * Its notifications are queued once it is stored, whether this write created it
 * or found it there (a write that was applied but answered too late); the
 * delivery ledger keeps each message to one send.
 *
 * While the store is still down the job is sent again with a longer delay and a
 * higher attempt count instead of `retry()`: a lead must never run out of
 * retries into the dead-letter queue. Only if that send fails does the message
 * fall back to the queue's own retry.
 */
export async function handleStoreJob(message: Message<StoreJob>, env: Env): Promise<void> {
  const { lead, attempt } = message.body;
  let created: boolean;
  try {
    ({ created } = await getLeadStore(env).save(lead));
  } catch (err) {
    console.error(
      `parked lead ${lead.kind} ${lead.id} still not stored (attempt ${attempt + 1}): ${errorMessage(err)}`,
    );
    const next: StoreJob = { type: 'store', lead, attempt: attempt + 1 };
    try {
      await env.JOBS.send(next, { contentType: 'json', delaySeconds: parkedDelaySeconds(next.attempt) });
      message.ack();
    } catch (sendErr) {
      console.error(`parked lead ${lead.id}: could not re-park, queue will retry: ${errorMessage(sendErr)}`);
      message.retry({ delaySeconds: parkedDelaySeconds(next.attempt) });
    }
    return;
  }
  console.log(`parked lead ${lead.kind} ${lead.id} stored after ${attempt + 1} queued attempt(s)`);
  if (created) await count(env.DB, `lead_${lead.kind}`);
  try {
    await enqueueNotifications(env, lead);
    message.ack();
  } catch (err) {
    // Stored but nobody told yet: running the job again finds the lead stored and queues its notifications.
    console.error(
      `parked lead ${lead.kind} ${lead.id} is stored but its notifications were not queued, will retry: ${errorMessage(err)}`,
    );
    message.retry({ delaySeconds: parkedDelaySeconds(attempt) });
  }
}
