import type { Env } from '../../env';
import { logEvent, errorMessage } from '../../log';
import { RETENTION } from '../../words/privacy';

/** Delivery rows and attempts are kept this long, then deleted (the privacy notice says so). */
export const KEEP_DELIVERIES_DAYS = RETENTION.messageDays;

/** Run by the cron: deletes ledger rows older than KEEP_DELIVERIES_DAYS (a bounded batch per run). */
export async function pruneDeliveries(env: Env, now = Date.now()): Promise<number> {
  const before = new Date(now - KEEP_DELIVERIES_DAYS * 86_400_000).toISOString();
  try {
    const removed = await prune(env.DB, before);
    if (removed > 0) logEvent('info', 'delivery.pruned', { removed, olderThanDays: KEEP_DELIVERIES_DAYS });
    return removed;
  } catch (err) {
    logEvent('error', 'delivery.pruned', { outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}

/** Deletes delivery rows and attempts older than `before` (ISO), at most `limit` of each per call. */
async function prune(db: D1Database, before: string, limit = 1000): Promise<number> {
  const [rows, attempts] = await db.batch([
    db
      .prepare(`DELETE FROM deliveries WHERE rowid IN (SELECT rowid FROM deliveries WHERE created_at < ? LIMIT ?)`)
      .bind(before, limit),
    db
      .prepare(`DELETE FROM delivery_attempts WHERE id IN (SELECT id FROM delivery_attempts WHERE at < ? LIMIT ?)`)
      .bind(before, limit),
  ]);
  return (rows?.meta.changes ?? 0) + (attempts?.meta.changes ?? 0);
}
