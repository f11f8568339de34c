import type { Env } from '../env';
import type { Lead } from '../leads/types';
import { readNotifyConfig } from './config';
import { DeliveryStore } from './deliveries';
import { parseJob } from './job';
import { maskPhone } from './params';
import { sendsFor, type Send } from './templates';
import { createSender, type WhatsAppSender } from './whatsapp';

/** How long a 'sending' claim is honoured before it counts as interrupted (> the 10 s send timeout). */
export const SENDING_LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 15 * 60;

/** Exponential backoff from the queue's attempt counter (1 on first delivery): 10 s, 20 s, 40 s … 15 min. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(attempts, 1), MAX_BACKOFF_SECONDS);
}

/** What one send needs from the job: nothing more to do, or try again no sooner than `after` seconds. */
type Step = { done: true } | { done: false; after: number };

/**
 * Queue consumer for site-jobs. Each message is handled on its own and acked or
 * retried on its own; one bad message never holds up or fails the batch.
 */
export async function handleJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
  for (const message of batch.messages) {
    const parsed = parseJob(message.body);
    if (!parsed.ok) {
      // Retrying cannot fix a body; drop it loudly.
      console.error(`notify: dropped malformed job ${message.id} (${parsed.reason})`);
      message.ack();
      continue;
    }
    try {
      const wait = await notify(parsed.job.lead, env, store);
      if (wait === undefined) message.ack();
      else message.retry({ delaySeconds: Math.max(backoffSeconds(message.attempts), wait) });
    } catch (err) {
      // Typically D1 being unavailable: nothing is lost, the queue brings the job back.
      console.error(`notify: job ${message.id} for ${parsed.job.lead.id} failed, will retry`, err);
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
}

/** Sends every message a lead triggers; returns the minimum wait before a retry, or undefined when all are done. */
async function notify(lead: Lead, env: Env, store: DeliveryStore): Promise<number | undefined> {
  const sender = createSender(env);
  let wait: number | undefined;
  // In order (journey_users before journey_owner); a failed send does not stop the next one.
  for (const send of sendsFor(lead, readNotifyConfig(env))) {
    const step = await deliver(lead, send, store, sender);
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
  }
  return wait;
}

async function deliver(lead: Lead, send: Send, store: DeliveryStore, sender: WhatsAppSender): Promise<Step> {
  const key = store.key(lead.id, send);
  const now = new Date();
  const row = await store.open(key, lead.kind, send, now.toISOString());
  const what = `${send.template} to ${maskPhone(send.to)} for ${lead.id}`;

  if (row.status === 'sending') {
    const leaseEnds = Date.parse(row.updated_at) + SENDING_LEASE_SECONDS * 1000;
    if (leaseEnds > now.getTime()) return { done: false, after: Math.ceil((leaseEnds - now.getTime()) / 1000) };
    const staleBefore = new Date(now.getTime() - SENDING_LEASE_SECONDS * 1000).toISOString();
    if (await store.markInterrupted(key, staleBefore, now.toISOString())) {
      console.error(`notify: ${what} was interrupted mid-send; marked failed, not resent`);
    }
    return { done: true };
  }
  // sent, failed (permanent) and dead are final: a redelivered job sends nothing twice.
  if (row.status !== 'pending') return { done: true };
  // Lost the race to a concurrent delivery of the same job: look again after its lease.
  if (!(await store.claim(key, now.toISOString()))) return { done: false, after: SENDING_LEASE_SECONDS };

  const outcome = await sender.send(send);
  await store.finish(key, outcome, sender.channel, new Date().toISOString());
  switch (outcome.kind) {
    case 'sent':
      return { done: true };
    case 'retryable':
      console.warn(`notify: ${what} failed (${outcome.code}: ${outcome.message}); will retry`);
      return { done: false, after: outcome.minDelaySeconds ?? 0 };
    case 'permanent':
      console.error(`notify: ${what} failed permanently (${outcome.code}: ${outcome.message})`);
      return { done: true };
  }
}

/** Consumer of site-jobs-dlq: the job ran out of retries. Records its unsent deliveries as dead. */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const store = new DeliveryStore(env.DB);
  for (const message of batch.messages) {
    const parsed = parseJob(message.body);
    if (!parsed.ok) {
      console.error(`notify: dead-lettered job ${message.id} is malformed (${parsed.reason}); nothing recorded`);
      message.ack();
      continue;
    }
    const lead = parsed.job.lead;
    try {
      const now = new Date().toISOString();
      for (const send of sendsFor(lead, readNotifyConfig(env))) {
        const row = await store.markDead(store.key(lead.id, send), lead.kind, send, now);
        if (row.status !== 'dead') continue;
        console.error(
          `notify: DEAD ${send.template} to ${maskPhone(send.to)} for ${lead.id} after ${row.attempts} attempts ` +
            `(last error ${row.last_error_code}: ${row.last_error_message})`,
        );
      }
      message.ack();
    } catch (err) {
      console.error(`notify: could not record dead-lettered job ${message.id} for ${lead.id}`, err);
      message.retry();
    }
  }
}
