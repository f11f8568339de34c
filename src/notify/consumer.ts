import type { Env } from '../env';

/** Queue consumer for site-jobs (filled in by the notifications work). */
export async function handleJobs(batch: MessageBatch<unknown>, _env: Env): Promise<void> {
  for (const message of batch.messages) message.ack();
}

/** Consumer of the dead-letter queue: records what exhausted its retries. */
export async function handleDeadLetters(batch: MessageBatch<unknown>, _env: Env): Promise<void> {
  for (const message of batch.messages) message.ack();
}
