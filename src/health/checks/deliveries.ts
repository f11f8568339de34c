import type { Config } from '../../config/index';
import type { Env } from '../../env';
import { DELIVERY_WINDOW_HOURS, failing, ok, type Check } from './check';

interface Counts {
  owner_failed: number;
  owner_unresolved: number;
  unconfirmed: number;
  visitor_failed: number;
  email_failed: number;
  unverified: number;
  dead_leads: number;
  parked: number;
}

/**
 * What the ledger says about the last day. Unhealthy while an owner alert failed or died and the owners
 * were not told another way (no alert email went out for that lead), an owner alert is unconfirmed past
 * OWNER_ALERT_CONFIRM_MINUTES, an email failed, a lead was refused for good, or a lead waits parked.
 * A visitor's message failing (a mistyped number) and skipped unverified submissions are reported only.
 */
export async function checkDeliveries(env: Env, config: Config, now: number): Promise<Check> {
  const since = new Date(now - DELIVERY_WINDOW_HOURS * 3_600_000).toISOString();
  const confirmBy = new Date(now - config.alerts.confirmMinutes * 60_000).toISOString();
  const row = await env.DB.prepare(
    `SELECT
       COUNT(*) FILTER (WHERE audience = 'owner' AND (status IN ('failed', 'dead') OR receipt = 'failed')) AS owner_failed,
       COUNT(*) FILTER (WHERE audience = 'owner' AND (status IN ('failed', 'dead') OR receipt = 'failed')
         AND NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.submission_id = d.submission_id
           AND e.audience = 'email' AND e.status = 'sent')) AS owner_unresolved,
       COUNT(*) FILTER (WHERE audience = 'owner' AND status = 'sent' AND channel = 'graph'
         AND (receipt IS NULL OR receipt = 'sent') AND sent_at < ?2
         AND NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.submission_id = d.submission_id
           AND e.audience = 'email' AND e.status = 'sent')) AS unconfirmed,
       COUNT(*) FILTER (WHERE audience = 'visitor' AND (status IN ('failed', 'dead') OR receipt = 'failed')) AS visitor_failed,
       COUNT(*) FILTER (WHERE audience = 'email' AND status IN ('failed', 'dead')) AS email_failed,
       COUNT(*) FILTER (WHERE status = 'skipped' AND skip_reason = 'unverified') AS unverified,
       (SELECT COUNT(*) FROM dead_leads WHERE created_at >= ?1) AS dead_leads,
       (SELECT COALESCE(SUM(CASE metric WHEN 'lead_parked' THEN count ELSE -count END), 0) FROM daily_counts
         WHERE metric IN ('lead_parked', 'lead_unparked')) AS parked
     FROM deliveries d WHERE created_at >= ?1`,
  )
    .bind(since, confirmBy)
    .first<Counts>();
  const c: Counts = {
    owner_failed: row?.owner_failed ?? 0,
    owner_unresolved: row?.owner_unresolved ?? 0,
    unconfirmed: row?.unconfirmed ?? 0,
    visitor_failed: row?.visitor_failed ?? 0,
    email_failed: row?.email_failed ?? 0,
    unverified: row?.unverified ?? 0,
    dead_leads: row?.dead_leads ?? 0,
    parked: Math.max(row?.parked ?? 0, 0),
  };
  const detail =
    `Last ${DELIVERY_WINDOW_HOURS} h: ${c.owner_failed} owner alerts failed (${c.owner_unresolved} not made up by email), ` +
    `${c.unconfirmed} unconfirmed after ${config.alerts.confirmMinutes} min, ${c.email_failed} emails failed, ` +
    `${c.visitor_failed} visitor messages failed, ${c.unverified} skipped as unverified, ${c.dead_leads} dead leads; ` +
    `${c.parked} leads parked now.`;
  const healthy = c.owner_unresolved + c.unconfirmed + c.email_failed + c.dead_leads + c.parked === 0;
  return healthy
    ? ok('deliveries', detail)
    : failing('deliveries', `${detail} Open the desk: resend failed messages, contact dead leads by hand.`);
}
