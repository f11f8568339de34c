import type { Env } from '../../env';
import { enqueue, type Job } from '../../queue/jobs';
import { keyArgs, type DeliveryKey } from './ledger-rows';

/**
 * Queues the job that sends a row the ledger has just opened (pending). When the queue refuses it, the row is
 * forgotten, so the next try (the same form, the webhook or the cron again) opens and queues it afresh instead of
 * finding it pending with no job to send it.
 */
export async function queueOpenedRow(env: Env, key: DeliveryKey, job: Job): Promise<void> {
  try {
    await enqueue(env, job);
  } catch (err) {
    await env.DB.prepare(
      `DELETE FROM deliveries WHERE submission_id = ? AND template = ? AND recipient = ? AND status = 'pending'`,
    )
      .bind(...keyArgs(key))
      .run();
    throw err;
  }
}
