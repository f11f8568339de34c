import { readConfig, type Env } from '../env';
import { handleStoreJob } from '../leads/parked';
import { keepUnreadableJob } from '../store/dead-leads';
import { ERASED_CONTACT_DAYS, erasedBefore, erasedSince } from '../store/erasures';
import { getLeadStore } from '../store/port';
import { describeError, logEvent, errorMessage, wamidRef } from '../log';
import { backoffSeconds } from '../notify/deliver';
import { DeliveryStore } from '../notify/ledger-store';
import type { MessageSender } from '../notify/channel';
import { notifyLead, recordDeadDigest, recordDeadNotify, sendDigest } from '../notify/lead-messages';
import { recordDeadFallback, sendOwnerFallback } from '../notify/fallback';
import { replayDeliveries, replayToDead } from '../notify/replay';
import { recordDeadReplyAlert, sendReplyAlert } from '../notify/replies';
import { recordDeadDeskReply, sendDeskReply } from '../notify/desk-replies';
import { markRead } from '../notify/mark-read';
import { parseJob, type Job } from '../queue/jobs';
import { recordDeadNewsletter, syncNewsletter } from '../newsletter/sync';
import { eraseInNewsletterTool, recordDeadToolErasure } from '../newsletter/erase';
import { createNewsletterSender } from '../newsletter/sender';
import { createEmailSender } from '../notify/email';
import { createSender } from '../notify/whatsapp';
import type { Audience } from '../notify/templates';

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
    if (await erased(parsed.job, message, env, deadLetters)) continue;
    if (deadLetters) await recordDead(parsed.job, message, env);
    else await run(parsed.job, message, env);
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
  try {
    await keepUnreadableJob(env.DB, message.id, message.body, reason, message.attempts);
    message.ack();
  } catch (err) {
    logEvent('error', 'queue.retry', { messageId: message.id, deadLetter: true, error: errorMessage(err) });
    await keepDeadLetter(message, env);
  }
}

/**
 * A job about a person erased after it was made does nothing and writes nothing, so the erasure is not undone:
 * a lead parked while the store was down or its messages not sent yet (by the lead's contacts and time), an
 * alert of what they wrote on WhatsApp (by the sender's pseudonym and when they wrote), the blue ticks of one of
 * their messages (by its id), and a newsletter call for a subscription erased since (by its address, once the
 * subscription is gone). Such a job is acked and dropped. When the check itself fails (D1 down) a job is
 * retried rather than run; a dead letter goes on to be recorded, which waits for D1 its own way.
 */
async function erased(job: Job, message: Message<unknown>, env: Env, deadLetter: boolean): Promise<boolean> {
  try {
    const about = await erasedPerson(job, env);
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

/** What the job is about when its person was erased since (for the log: ids and kinds only), else null. */
async function erasedPerson(job: Job, env: Env): Promise<Record<string, string> | null> {
  const config = readConfig(env);
  const region = () => config.leads.defaultPhoneRegion;
  // Without ERASURE_KEY (a problem the preflight and the deploy refuse) no keyed erasure was ever recorded, and a
  // lead's messages must still go: only erasures recorded before the key existed are checked.
  const key = () => {
    try {
      return config.privacy.erasureKey;
    } catch {
      return null;
    }
  };
  switch (job.type) {
    case 'store':
    case 'notify':
      return (await erasedBefore(env.DB, key(), job.lead, region()))
        ? { submissionId: job.lead.id, kind: job.lead.kind }
        : null;
    case 'visitor-reply':
      return (await erasedSince(env.DB, key(), { sender: job.sender }, job.at ?? job.hourStart, region()))
        ? { sender: job.sender }
        : null;
    case 'mark-read':
      return (await erasedSince(env.DB, key(), { messageId: job.messageId }, '', region()))
        ? { message: await wamidRef(job.messageId) }
        : null;
    case 'newsletter': {
      const since = new Date(Date.now() - ERASED_CONTACT_DAYS * 86_400_000).toISOString();
      if (!(await erasedSince(env.DB, key(), { email: job.email }, since, region()))) return null;
      const stored = await getLeadStore(env).get('newsletter', job.subscriptionId);
      return stored ? null : { submissionId: job.subscriptionId, kind: 'newsletter' };
    }
    default:
      return null;
  }
}

async function run(job: Job, message: Message<unknown>, env: Env): Promise<void> {
  switch (job.type) {
    case 'store':
      return handleStoreJob(job, message, env);
    case 'notify':
      return settle(message, () => notifyLead(job.lead, env));
    case 'replay-deliveries':
      return settle(message, () => replayDeliveries(env, new DeliveryStore(env.DB), sendersFor(env)));
    case 'digest':
      return settle(message, () => sendDigest(job, env));
    case 'owner-fallback':
      return settle(message, () => sendOwnerFallback(job, env));
    case 'newsletter':
      return settle(message, () => syncNewsletter(job, env));
    case 'newsletter-erase':
      return settle(message, () => eraseInNewsletterTool(job, env));
    case 'visitor-reply':
      return settle(message, () => sendReplyAlert(job, env));
    case 'desk-reply':
      return settle(message, () => sendDeskReply(job, env));
    case 'mark-read':
      return settle(message, () => markRead(env, job.messageId));
  }
}

/**
 * Which channel sends a replayed delivery again, by its audience: email, the newsletter tool, or WhatsApp.
 * A newsletter call whose provider was since removed is sent nowhere and stays failed.
 */
function sendersFor(env: Env): (audience: Audience) => MessageSender {
  const whatsapp = createSender(env);
  const email = createEmailSender(env);
  const newsletter = createNewsletterSender(env) ?? {
    channel: 'none',
    send: async () => ({ kind: 'permanent', code: 'not_configured', message: 'NEWSLETTER_PROVIDER is empty.' }),
  };
  return (audience) => (audience === 'email' ? email : audience === 'newsletter' ? newsletter : whatsapp);
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

async function recordDead(job: Job, message: Message<unknown>, env: Env): Promise<void> {
  // A parked lead is never given up on for a queue's reason: it is written (or parked again) from here.
  if (job.type === 'store') return handleStoreJob(job, message, env);
  try {
    switch (job.type) {
      case 'notify':
        await recordDeadNotify(job.lead, env);
        break;
      case 'replay-deliveries':
        await replayToDead(env, new DeliveryStore(env.DB));
        break;
      case 'digest':
        await recordDeadDigest(job, env);
        break;
      case 'owner-fallback':
        recordDeadFallback(job);
        break;
      case 'newsletter':
        await recordDeadNewsletter(job, env);
        break;
      case 'newsletter-erase':
        await recordDeadToolErasure(job, env);
        break;
      case 'visitor-reply':
        await recordDeadReplyAlert(job, env);
        break;
      case 'desk-reply':
        await recordDeadDeskReply(job, env);
        break;
      case 'mark-read':
        // Blue ticks are a courtesy: the message is stored and read on the desk whatever WhatsApp shows.
        logEvent('warn', 'conversation.read', { providerMessageId: await wamidRef(job.messageId), outcome: 'dead' });
        break;
    }
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
