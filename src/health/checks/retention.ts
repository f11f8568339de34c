import { RETENTION } from '../../words/privacy';
import type { Env } from '../../env';
import { getLeadStore } from '../../store/leads/open';
import { getPaymentStore } from '../../store/payments/open';
import { recordCutoff } from '../../store/payments/retention';
import { RETAINED_KINDS, retentionCutoff } from '../../store/people/retention';
import { dayOf } from '../../store/sources/counters';
import { failing, ok, type Check } from './check';

/** A day of grace after a period ends: the cron deletes in batches every 15 minutes. */
const RETENTION_GRACE_MS = 86_400_000;

/**
 * Nothing is held longer than the privacy notice says: no quiz response or enquiry past its last contact's
 * period, no dead lead and no message record past theirs, no visitor fingerprint past its day, no payment's accounting
 * copy past PAYMENT_RECORD_YEARS (a day of grace). Failing means a cron step that
 * deletes is failing (its log event names it).
 */
export async function checkRetention(env: Env, now: number): Promise<Check> {
  const late: string[] = [];
  const store = getLeadStore(env);
  for (const kind of RETAINED_KINDS) {
    if ((await store.expired(kind, retentionCutoff(now - RETENTION_GRACE_MS), 1)).length > 0) late.push(kind);
  }
  const older = async (table: string, days: number) =>
    (await env.DB.prepare(`SELECT 1 FROM ${table} WHERE created_at < ? LIMIT 1`)
      .bind(new Date(now - days * 86_400_000 - RETENTION_GRACE_MS).toISOString())
      .first()) !== null;
  if (await older('dead_leads', RETENTION.deadLeadDays)) late.push('dead leads');
  if (await older('deliveries', RETENTION.messageDays)) late.push('message records');
  // A visitor's fingerprint, and a network's (visit_tally), lives for its day alone.
  const pastDay = await env.DB.prepare(
    `SELECT 1 FROM visit_today WHERE day < ?1 UNION ALL SELECT 1 FROM visit_tally WHERE day < ?1 LIMIT 1`,
  )
    .bind(dayOf(now - RETENTION_GRACE_MS))
    .first();
  if (pastDay) late.push('visitor fingerprints');
  const receipts = await getPaymentStore(env).expiredCopies(recordCutoff(env, now - RETENTION_GRACE_MS), 1);
  if (receipts.length > 0) late.push('payment receipts');
  if (late.length === 0) return ok('retention', 'Nothing is kept longer than the privacy notice says.');
  return failing(
    'retention',
    `Kept longer than the privacy notice says: ${late.join(', ')}. The cron's deleting step is failing: see the logs (events lead.expired, dead_lead.pruned, delivery.pruned, desk.action).`,
  );
}
