import type { Env } from '../env';
import { logEvent, errorMessage } from '../log';
import { DeliveryStore } from './deliveries';
import { RETENTION } from '../content/privacy';

/** Delivery rows and attempts are kept this long, then deleted (the privacy notice says so). */
export const KEEP_DELIVERIES_DAYS = RETENTION.messageDays;

/** Run by the cron: deletes ledger rows older than KEEP_DELIVERIES_DAYS (a bounded batch per run). */
export async function pruneDeliveries(env: Env, now = Date.now()): Promise<number> {
  const before = new Date(now - KEEP_DELIVERIES_DAYS * 86_400_000).toISOString();
  try {
    const removed = await new DeliveryStore(env.DB).prune(before);
    if (removed > 0) logEvent('info', 'delivery.pruned', { removed, olderThanDays: KEEP_DELIVERIES_DAYS });
    return removed;
  } catch (err) {
    logEvent('error', 'delivery.pruned', { outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}
