import { logEvent, errorMessage } from '../log';
import { QUIZ_STEP_COUNT, TIME_ZONE } from '../content/site';
import { LEAD_KINDS, type LeadKind } from './lead';

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

/** The hex SHA-256 of a text. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** This hour's salt, made by the first count of the hour (a random value; deleted by the cron after the hour). */
async function saltOf(db: D1Database, hour: string): Promise<string> {
  const read = () => db.prepare('SELECT salt FROM funnel_salt WHERE hour = ?').bind(hour).first<{ salt: string }>();
  const found = await read();
  if (found) return found.salt;
  await db
    .prepare('INSERT INTO funnel_salt (hour, salt) VALUES (?, ?) ON CONFLICT(hour) DO NOTHING')
    .bind(hour, crypto.randomUUID())
    .run();
  return (await read())!.salt;
}

/**
 * Adds one to today's count of a funnel step, at most once per address (clientKey) and hour: one address
 * cannot move the funnel by more than a visitor could. What is kept is a salted hash that the cron deletes
 * with its salt once the hour is over. A repeat is only read, never written. Never throws (see count).
 */
export async function countOncePerAddress(
  db: D1Database,
  metric: (typeof FUNNEL_METRICS)[number],
  client: string,
  now = Date.now(),
): Promise<'counted' | 'repeat' | 'failed'> {
  try {
    const hour = hourOf(now);
    const key = await sha256Hex(`${await saltOf(db, hour)}|${client}|${metric}`);
    if (await db.prepare('SELECT 1 FROM funnel_seen WHERE key = ?').bind(key).first()) return 'repeat';
    await db.batch([
      db.prepare('INSERT INTO funnel_seen (key, hour) VALUES (?, ?) ON CONFLICT(key) DO NOTHING').bind(key, hour),
      db
        .prepare(
          `INSERT INTO daily_counts (day, metric, count) VALUES (?, ?, 1)
           ON CONFLICT(day, metric) DO UPDATE SET count = count + 1`,
        )
        .bind(dayOf(now), metric),
    ]);
    return 'counted';
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'count', metric, outcome: 'not counted', error: errorMessage(err) });
    return 'failed';
  }
}

/** Run by the cron: forgets the funnel's hashes and salts of the hours that are over. */
export async function pruneFunnel(db: D1Database, now = Date.now()): Promise<void> {
  const hour = hourOf(now);
  try {
    await db.batch([
      db.prepare('DELETE FROM funnel_seen WHERE hour < ?').bind(hour),
      db.prepare('DELETE FROM funnel_salt WHERE hour < ?').bind(hour),
    ]);
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
