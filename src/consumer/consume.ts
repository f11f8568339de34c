import { readConfig, type Env } from '../env';
import { describeError, errorMessage, logEvent } from '../log';
import { backoffSeconds } from '../notify/ledger/deliver';
import { parseJob, type Job } from '../queue/jobs';
import { keepUnreadableJob } from '../store/leads/dead-leads';
import { erasuresOf, handlerOf } from './job-table';

/**
 * The queue consumer: every message is parsed as a Job and handled on its own,
 * acked or retried on its own, so one bad message never holds up the batch.
 * Messages on the dead-letter queue ran out of retries: they are recorded, not run.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue === readConfig(env).deadLetterQueue;
  for (const message of batch.messages) {
    const parsed = parseJob(message.body);
    if (!parsed.ok) {
      await unreadable(message, parsed.reason, batch.queue, deadLetters, env);
      continue;
    }
    const { job } = parsed;
    const handler = handlerOf(job);
    if (await erased(job, message, env, deadLetters)) continue;
    if ('own' in handler) await handler.own(job, message, env);
    else if (deadLetters) await recordDead(message, env, () => handler.dead(job, env));
    else await settle(message, () => handler.run(job, env));
  }
}

/**
 * A body this version cannot read is never dropped: it may be a job of a newer version (a rollback
 * across a change of job format), which that version will read once it is deployed again. On the
 * jobs queue it is retried with the backoff (and reaches the dead-letter queue when its retries run
 * out); on the dead-letter queue it is kept in dead_leads with its whole body, where the desk shows it.
 */
async function unreadable(
  message: Message<unknown>,
  reason: string,
  queue: string,
  deadLetters: boolean,
  env: Env,
): Promise<void> {
  logEvent('error', 'queue.malformed', {
    messageId: message.id,
    queue,
    attempts: message.attempts,
    outcome: deadLetters ? 'kept as dead' : 'retried',
    reason,
  });
  if (!deadLetters) return message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  await recordDead(message, env, () => keepUnreadableJob(env.DB, message.id, message.body, reason, message.attempts));
}

/**
 * A job about a person erased after it was made does nothing and writes nothing, so the erasure is not undone
 * (each kind's guard, by what it knows of the person, is in the job table): a lead parked while the store was down
 * or its messages not sent yet, an alert of what they wrote on WhatsApp, the blue ticks of one of their messages,
 * and a newsletter call for a subscription erased since. Such a job is acked and dropped. When the check itself fails (D1 down) a job is
 * retried rather than run; a dead letter goes on to be recorded, which waits for D1 its own way.
 */
async function erased(job: Job, message: Message<unknown>, env: Env, deadLetter: boolean): Promise<boolean> {
  const handler = handlerOf(job);
  if (!handler.erased) return false;
  try {
    const about = await handler.erased(job, erasuresOf(env), env);
    if (!about) return false;
    logEvent('info', 'job.erased_dropped', { ...about, job: job.type });
    message.ack();
  } catch (err) {
    if (deadLetter) return false;
    logEvent('error', 'queue.retry', { messageId: message.id, error: errorMessage(err) });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
  return true;
}

/** Acks when the work is done, or retries after the wait it asked for (at least the backoff); a throw retries. */
async function settle(message: Message<unknown>, work: () => Promise<number | undefined>): Promise<void> {
  try {
    const wait = await work();
    if (wait === undefined) message.ack();
    else message.retry({ delaySeconds: Math.max(backoffSeconds(message.attempts), wait) });
  } catch (err) {
    // Typically D1 being unavailable: nothing is lost, the queue brings the job back.
    logEvent('error', 'queue.retry', { messageId: message.id, attempts: message.attempts, error: describeError(err) });
    message.retry({ delaySeconds: backoffSeconds(message.attempts) });
  }
}

/**
 * A dead letter that could not be recorded (typically D1 briefly unavailable) is tried again with
 * a growing delay; after this many tries it is sent to the dead-letter queue afresh, so it never
 * runs out of retries (the queue deletes a message that does). The site-jobs-dlq consumer in
 * wrangler.toml must allow more retries than this.
 */
export const DEAD_LETTER_TRIES_BEFORE_RESEND = 10;

/** Records a dead letter and acks it; one that cannot be recorded now is kept for later (keepDeadLetter). */
async function recordDead(message: Message<unknown>, env: Env, record: () => Promise<void> | void): Promise<void> {
  try {
    await record();
    message.ack();
  } catch (err) {
    logEvent('error', 'queue.retry', { messageId: message.id, deadLetter: true, error: errorMessage(err) });
    await keepDeadLetter(message, env);
  }
}

/** Brings an unrecorded dead letter back later: the queue's own retry first, then a fresh message. */
async function keepDeadLetter(message: Message<unknown>, env: Env): Promise<void> {
  const delaySeconds = backoffSeconds(message.attempts);
  if (message.attempts < DEAD_LETTER_TRIES_BEFORE_RESEND) return message.retry({ delaySeconds });
  try {
    await env.DEAD_LETTERS.send(message.body, { contentType: 'json', delaySeconds });
    message.ack();
  } catch (err) {
    logEvent('error', 'queue.retry', {
      messageId: message.id,
      deadLetter: true,
      resend: 'failed',
      error: describeError(err),
    });
    message.retry({ delaySeconds });
  }
}
