import { readConfig, type Env } from '../../env';
import { getPaymentStore } from './open';

/** A tool event's id is kept this long: Razorpay retries a delivery for 24 hours, so a repeat never comes later. */
export const PAYMENT_EVENT_DAYS = 30;

/**
 * Run by the cron after the leads' retention (which turns an expired lead's payments into accounting copies): deletes
 * the accounting copies paid more than PAYMENT_RECORD_YEARS ago, with their refunds, oldest first, and forgets the
 * tool events older than PAYMENT_EVENT_DAYS; a bounded batch of each. Answers how many copies it deleted.
 */
export async function prunePayments(env: Env, now: number, batch: number): Promise<number> {
  const store = getPaymentStore(env);
  let deleted = 0;
  for (const copy of await store.expiredCopies(recordCutoff(env, now), batch)) {
    if (await store.deletePayment(copy.id)) deleted += 1;
  }
  await store.pruneEvents(new Date(now - PAYMENT_EVENT_DAYS * 86_400_000).toISOString(), batch);
  return deleted;
}

/** The accounting copies of payments made before this time have been kept PAYMENT_RECORD_YEARS. */
export function recordCutoff(env: Env, now: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - readConfig(env).payments.recordYears);
  return cutoff.toISOString();
}
