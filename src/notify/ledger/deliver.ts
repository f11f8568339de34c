import { logEvent, maskRecipient, wamidRef } from '../../log';
import type { LedgerRules } from './budgets';
import { TIMED_OUT, type MessageSender } from './channel';
import type { DeliveryStore } from './ledger-store';
import type { SkipReason } from './ledger-rows';
import type { Send } from './templates';

// The send step: one message through the ledger, at most once, whichever channel carries it.

/** How long a 'sending' claim is honoured before it counts as interrupted (> the 10 s send timeout). */
export const SENDING_LEASE_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 15 * 60;

/** Exponential backoff from the queue's attempt counter (1 on first delivery): 10 s, 20 s, 40 s … 15 min. */
export function backoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(attempts, 1), MAX_BACKOFF_SECONDS);
}

/**
 * What one send needs: nothing more, or another try no sooner than `after` seconds.
 * `folded` is set when this call put an owner alert into its hour's digest.
 */
export type Step = { done: true; folded?: { hourStart: string } } | { done: false; after: number };

/** Which submission a send belongs to. */
export interface SendRef {
  submissionId: string;
  leadKind: string;
}

/**
 * Sends one message at most once: claims its D1 row, sends, records the outcome.
 * A row already sent, failed or dead is left alone, so a redelivered job sends nothing twice.
 */
export async function deliver(
  ref: SendRef,
  send: Send,
  store: DeliveryStore,
  sender: MessageSender,
  rules: LedgerRules,
  retryAs: 'pending' | 'replay' = 'pending',
): Promise<Step> {
  const key = store.key(ref.submissionId, send);
  const now = new Date();
  const row = await store.open(key, ref.leadKind, send, now, rules);
  const what = {
    submissionId: ref.submissionId,
    kind: ref.leadKind,
    template: send.template,
    to: maskRecipient(send.to),
    audience: send.audience,
  };

  if (row.status === 'skipped') {
    if (row.created)
      logEvent('info', 'delivery.skipped', { ...what, reason: row.skip_reason satisfies SkipReason | null });
    const folded =
      row.created && (row.skip_reason === 'hourly_cap' || row.skip_reason === 'unverified') && row.digest_hour;
    return folded ? { done: true, folded: { hourStart: row.digest_hour! } } : { done: true };
  }
  if (row.status === 'sending') {
    const leaseEnds = Date.parse(row.updated_at) + SENDING_LEASE_SECONDS * 1000;
    if (leaseEnds > now.getTime()) return { done: false, after: Math.ceil((leaseEnds - now.getTime()) / 1000) };
    const staleBefore = new Date(now.getTime() - SENDING_LEASE_SECONDS * 1000).toISOString();
    const as = rules.uncertainIsUnknown ? 'unknown' : 'failed';
    if (await store.markInterrupted(key, staleBefore, now.toISOString(), as)) {
      logEvent('error', 'delivery.failed', { ...what, outcome: 'interrupted', code: 'interrupted' });
    }
    return { done: true };
  }
  if (row.status !== 'pending' && row.status !== 'replay') return { done: true };
  // Lost the race to a concurrent delivery of the same job: look again after its lease.
  if (!(await store.claim(key, now.toISOString()))) return { done: false, after: SENDING_LEASE_SECONDS };

  const outcome = await sender.send(send);
  const unknown = rules.uncertainIsUnknown && outcome.kind === 'retryable' && outcome.code === TIMED_OUT;
  await store.finish(key, outcome, sender.channel, new Date().toISOString(), unknown ? 'unknown' : retryAs);
  if (unknown) {
    logEvent('error', 'delivery.failed', { ...what, channel: sender.channel, outcome: 'unknown', code: outcome.code });
    return { done: true };
  }
  switch (outcome.kind) {
    case 'sent':
      logEvent('info', 'delivery.sent', {
        ...what,
        channel: sender.channel,
        providerMessageId: outcome.messageId === null ? null : await wamidRef(outcome.messageId),
      });
      return { done: true };
    case 'retryable':
      logEvent('warn', 'delivery.retry', {
        ...what,
        channel: sender.channel,
        code: outcome.code,
        error: outcome.message,
      });
      return { done: false, after: outcome.minDelaySeconds ?? 0 };
    case 'permanent':
      logEvent('error', 'delivery.failed', {
        ...what,
        channel: sender.channel,
        outcome: 'permanent',
        code: outcome.code,
        error: outcome.message,
      });
      return { done: true };
  }
}
