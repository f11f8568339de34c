import { logEvent, errorMessage } from '../../log';
import { QUIZ_STEP_COUNT, TIME_ZONE } from '../../words/site';
import { type Env, readConfig } from '../../env';
import { LEAD_KINDS, type LeadKind } from '../leads/lead';
import { funnelDailyLimit, funnelPausedHere, networkScope, roomForStep, tallyStep } from './funnel-ceiling';
import { periodFingerprint, visitFingerprint } from './visit-keys';

/** What is counted per day: leads stored by kind, and the quiz funnel. */
export const FUNNEL_METRICS = [
  'quiz_view',
  // Step 1 is the view itself; steps 2.. are counted when first reached in a visit.
  ...Array.from({ length: QUIZ_STEP_COUNT - 1 }, (_, i) => `quiz_step_${i + 2}`),
] as const;
/** lead_parked and lead_unparked: leads parked while the store was down, and parked leads written or kept dead. */
export type Metric =
  `lead_${LeadKind}` | 'lead_parked' | 'lead_unparked' | 'turnstile_unreachable' | (typeof FUNNEL_METRICS)[number];

/** The calendar day of an instant in the owners' time zone. */
export function dayOf(ms: number): string {
  return new Date(ms + TIME_ZONE.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Adds one to today's count of `metric`. A failure is logged, never passed on: counting must not cost a lead. */
export async function count(db: D1Database, metric: Metric, now = Date.now()): Promise<void> {
  try {
    await db
      .prepare(
        `INSERT INTO daily_counts (day, metric, count) VALUES (?, ?, 1)
         ON CONFLICT(day, metric) DO UPDATE SET count = count + 1`,
      )
      .bind(dayOf(now), metric)
      .run();
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'count', metric, outcome: 'not counted', error: errorMessage(err) });
  }
}

/** The hour a funnel count belongs to, in UTC: `2026-11-24T21`. */
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);

export type FunnelMetric = (typeof FUNNEL_METRICS)[number];

/** A step of the quiz reached from an address. */
export interface FunnelCount {
  metric: FunnelMetric;
  /** clientKey of the address. */
  client: string;
  /** networkKey of the address (its IPv6 /48), or null. */
  network: string | null;
}

/**
 * Adds one to today's count of a funnel step, at most once per address (clientKey) and hour: one address cannot
 * move the funnel by more than a visitor could. What is kept is the hour's fingerprint of the address and step,
 * under a key derived from ERASURE_KEY and the hour and stored nowhere (visit-keys.ts), deleted by the cron once the
 * hour is over. Within the day's ceilings per IPv6 /48 and for the site (funnel-ceiling.ts): a repeat, or a step
 * past a ceiling, is one read and no write. Called after the response, in statements of its own, never inside
 * another write's batch. Never throws (see count): a missing ERASURE_KEY outside development is logged as an error
 * and nothing is counted.
 */
export async function countOncePerAddress(
  env: Env,
  { metric, client, network }: FunnelCount,
  now = Date.now(),
): Promise<'counted' | 'repeat' | 'refused' | 'failed'> {
  try {
    const db = env.DB;
    const config = readConfig(env);
    const secret = config.privacy.erasureKey;
    const [day, hour] = [dayOf(now), hourOf(now)];
    const limit = funnelDailyLimit(config.limits.visitsDailyLimit);
    if (funnelPausedHere(day, limit)) return 'refused';
    const step = {
      day,
      limit,
      key: await periodFingerprint(secret, 'funnel', hour, `step|${client}|${metric}`),
      network: network ? networkScope(await visitFingerprint(secret, day, `network|${network}`)) : null,
    };
    const room = await roomForStep(db, step);
    if (room !== 'room') return room;
    await db.batch([
      db.prepare('INSERT INTO funnel_seen (key, hour) VALUES (?, ?) ON CONFLICT(key) DO NOTHING').bind(step.key, hour),
      db
        .prepare(
          `INSERT INTO daily_counts (day, metric, count) VALUES (?, ?, 1)
           ON CONFLICT(day, metric) DO UPDATE SET count = count + 1`,
        )
        .bind(day, metric),
      ...tallyStep(db, step),
    ]);
    return 'counted';
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'count', metric, outcome: 'not counted', error: errorMessage(err) });
    return 'failed';
  }
}

/**
 * Run by the cron: forgets the funnel's fingerprints of the hours that are over (its tallies of the day go with the
 * visits' once the day is over: rollUpVisits).
 */
export async function pruneFunnel(db: D1Database, now = Date.now()): Promise<void> {
  try {
    await db.prepare('DELETE FROM funnel_seen WHERE hour < ?').bind(hourOf(now)).run();
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'prune funnel', outcome: 'failed', error: errorMessage(err) });
  }
}

export interface DailyCounts {
  /** Oldest first, each day of the window, including days with nothing counted. */
  days: string[];
  /** metric -> day -> count */
  counts: Record<string, Record<string, number>>;
}

/** The last `days` days of every metric. */
export async function dailyCounts(db: D1Database, days: number, now = Date.now()): Promise<DailyCounts> {
  const list = Array.from({ length: days }, (_, i) => dayOf(now - (days - 1 - i) * 86_400_000));
  const { results } = await db
    .prepare(`SELECT day, metric, count FROM daily_counts WHERE day >= ? ORDER BY day`)
    .bind(list[0])
    .all<{ day: string; metric: string; count: number }>();
  const counts: Record<string, Record<string, number>> = {};
  for (const metric of [...LEAD_KINDS.map((k) => `lead_${k}`), ...FUNNEL_METRICS]) counts[metric] = {};
  for (const row of results) (counts[row.metric] ??= {})[row.day] = row.count;
  return { days: list, counts };
}
