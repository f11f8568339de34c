import { describeError, redact } from '../log';
import { readConfig, type Env } from '../env';
import type { Lead } from '../leads/types';
import { DeliveryStore } from './deliveries';
import { backoffSeconds, deliver } from './deliver';
import { parseJob } from './job';
import { maskPhone } from './params';
import { isReplayJob, replayDeliveries, replayToDead } from './replay';
import { sendsFor } from './templates';
import { overVisitorCap, visitorMessageGoesElsewhere } from './visitor-cap';
import { createSender } from './whatsapp';

/**
 * Queue consumer for site-jobs. Each message is handled on its own and acked or
 * retried on its own; one bad message never holds up or fails the batch.
 */
export async function handleJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
  for (const message of batch.messages) {
    const parsed = isReplayJob(message.body) ? undefined : parseJob(message.body);
    if (parsed && !parsed.ok) {
      // Retrying cannot fix a body; drop it loudly.
      console.error(`notify: dropped malformed job ${message.id} (${parsed.reason})`);
      message.ack();
      continue;
    }
    try {
      const wait = parsed ? await notify(parsed.job.lead, env, store) : await replayDeliveries(env, store);
      if (wait === undefined) message.ack();
      else message.retry({ delaySeconds: Math.max(backoffSeconds(message.attempts), wait) });
    } catch (err) {
      // Typically D1 being unavailable: nothing is lost, the queue brings the job back.
      console.error(`notify: job ${message.id} failed, will retry: ${describeError(err)}`);
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
}

/** Sends every message a lead triggers; returns the minimum wait before a retry, or undefined when all are done. */
async function notify(lead: Lead, env: Env, store: DeliveryStore): Promise<number | undefined> {
  const config = readConfig(env);
  const sender = createSender(env);
  const ref = { submissionId: lead.id, leadKind: lead.kind };
  let wait: number | undefined;
  if (sender.channel === 'none' || config.whatsapp.owners.length === 0) {
    const problems = config.problems.filter((p) => /^(WHATSAPP|OWNER)_/.test(p.setting)).map((p) => p.message);
    if (problems.length > 0) console.error(`notify: ${lead.kind} ${lead.id}: ${problems.join(' ')}`);
  }
  // In order (journey_users before journey_owner); a failed send does not stop the next one.
  const cap = config.limits.visitorMessagesPerDay;
  for (const send of sendsFor(lead, config.whatsapp)) {
    if (await overVisitorCap(env.DB, lead.id, send, cap, new Date())) {
      console.log(`notify: ${send.template} to ${maskPhone(send.to)} skipped: ${cap} messages in 24 h already`);
      continue;
    }
    if (await visitorMessageGoesElsewhere(env.DB, lead.id, send)) {
      console.log(`notify: ${send.template} to ${maskPhone(send.to)} skipped: ${lead.id} already has a visitor number`);
      continue;
    }
    const step = await deliver(ref, send, store, sender);
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
  }
  return wait;
}

/**
 * A dead letter that could not be recorded (typically D1 briefly unavailable) is tried again with
 * a growing delay; after this many tries it is sent to the dead-letter queue afresh, so it never
 * runs out of retries (the queue deletes a message that does). The site-jobs-dlq consumer in
 * wrangler.toml must allow more retries than this.
 */
export const DEAD_LETTER_TRIES_BEFORE_RESEND = 10;

/** Consumer of site-jobs-dlq: the job ran out of retries. Records its unsent deliveries as dead. */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
  for (const message of batch.messages) {
    try {
      await recordDeadLetter(message, env, store);
      message.ack();
    } catch (err) {
      console.error(`notify: could not record dead-lettered job ${message.id}, will try again: ${describeError(err)}`);
      await keepDeadLetter(message, env);
    }
  }
}

async function recordDeadLetter(message: Message<unknown>, env: Env, store: DeliveryStore): Promise<void> {
  if (isReplayJob(message.body)) return replayToDead(store);
  const parsed = parseJob(message.body);
  if (!parsed.ok) {
    console.error(`notify: dead-lettered job ${message.id} is malformed (${parsed.reason}); nothing recorded`);
    return;
  }
  const lead = parsed.job.lead;
  const now = new Date().toISOString();
  for (const send of sendsFor(lead, readConfig(env).whatsapp)) {
    if (await visitorMessageGoesElsewhere(env.DB, lead.id, send)) continue;
    const row = await store.markDead(store.key(lead.id, send), lead.kind, send, now);
    if (row.status !== 'dead') continue;
    console.error(
      `notify: DEAD ${send.template} to ${maskPhone(send.to)} for ${lead.id} after ${row.attempts} attempts ` +
        `(last error ${row.last_error_code}: ${redact(row.last_error_message ?? '')})`,
    );
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
    console.error(`notify: could not send dead-lettered job ${message.id} again, the queue will retry it`, err);
    message.retry({ delaySeconds });
  }
}
