import { logEvent, errorMessage } from '../../log';
import { type Env, readConfig } from '../../env';
import { QUIZ_STEP_COUNT } from '../../words/site';
import { RETENTION } from '../../words/privacy';
import type { VisitSource } from '../../shared/visit-source';
import { browserName } from './browser-name';
import { dayOf } from './counters';
import { hasRoom, pausedHere, pruneCeilings, tallyNewcomer } from './visit-ceiling';
import { visitFingerprint } from './visit-keys';

export { MAX_VISITORS_PER_ADDRESS, MAX_VISITORS_PER_NETWORK, visitPauses, type VisitPause } from './visit-ceiling';

/**
 * Visits counted on the server: one row per visitor of the day (a keyed hash of their address and browser's name,
 * under a key derived from ERASURE_KEY and the day and stored nowhere), rolled up by the cron into counts per day,
 * source, medium and campaign once the day is over; the rows are then deleted, so nothing that could name a person
 * outlives its day. Counting has a ceiling per address, per IPv6 /48 and for the site (visit-ceiling.ts).
 */

/** The quiz steps the counts keep (reached_1..reached_N): 1 is the quiz opened. */
export const STEP_COLUMNS = Array.from({ length: QUIZ_STEP_COUNT }, (_, i) => `reached_${i + 1}`);

/** The key's secret and the site's ceiling: a missing ERASURE_KEY outside development throws here (ConfigError). */
function settingsOf(env: Env) {
  const config = readConfig(env);
  return { secret: config.privacy.erasureKey, limit: config.limits.visitsDailyLimit };
}

/** Who a visitor is for the day: the day's fingerprint of the address key (clientKey) and the browser's name. */
const visitorKey = (secret: string, day: string, client: string, userAgent: string) =>
  visitFingerprint(secret, day, `visitor|${client}|${browserName(userAgent)}`);

export interface Visit {
  /** clientKey of the address. */
  client: string;
  /** networkKey of the address (its IPv6 /48), or null. */
  network?: string | null;
  userAgent: string;
  from: VisitSource;
  /** The quiz step this view is (1: the quiz opened), or 0. */
  step: number;
}

/**
 * Counts a page view: a new visitor of the day is one insert, with its counts in visit_tally (none past a ceiling:
 * visit-ceiling.ts); a repeat writes nothing, unless it opened the quiz further than before (one update). The visit
 * keeps the source of the visitor's first view of the day. It runs after the response, in statements of its own,
 * never inside another write's batch. Never throws: a failure is logged without the address or user agent, and the
 * page was answered already.
 */
export async function countVisit(env: Env, visit: Visit, now = Date.now()): Promise<void> {
  try {
    const db = env.DB;
    const { secret, limit } = settingsOf(env);
    const day = dayOf(now);
    const key = await visitorKey(secret, day, visit.client, visit.userAgent);
    if (pausedHere(day, limit)) {
      // Past the site's ceiling a view costs no read: only a known visitor opening the quiz still moves its row.
      if (visit.step > 0) await raise(db, key, visit.step);
      return;
    }
    const seen = await db.prepare('SELECT step FROM visit_today WHERE key = ?').bind(key).first<{ step: number }>();
    if (seen) {
      if (visit.step > seen.step) await raise(db, key, visit.step);
      return;
    }
    const newcomer = {
      day,
      limit,
      address: await visitFingerprint(secret, day, `address|${visit.client}`),
      network: visit.network ? await visitFingerprint(secret, day, `network|${visit.network}`) : null,
    };
    if (!(await hasRoom(db, newcomer, now))) return;
    const { source, medium, campaign } = visit.from;
    await db.batch([
      db
        .prepare(
          `INSERT INTO visit_today (key, day, source, medium, campaign, step, client) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(key) DO NOTHING`,
        )
        .bind(key, day, source, medium, campaign, visit.step, newcomer.address),
      ...tallyNewcomer(db, newcomer),
    ]);
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'count visit', outcome: 'not counted', error: errorMessage(err) });
  }
}

const raise = (db: D1Database, key: string, step: number) =>
  db.prepare('UPDATE visit_today SET step = ? WHERE key = ? AND step < ?').bind(step, key, step).run();

/**
 * The visitor of the day reached a quiz step (2..QUIZ_STEP_COUNT): their row moves on, in one update that writes
 * only when the step is further than the row's. A visitor with no row today (not counted) changes nothing.
 */
export async function reachQuizStep(
  env: Env,
  visitor: { client: string; userAgent: string },
  step: number,
  now = Date.now(),
): Promise<void> {
  try {
    const { secret } = settingsOf(env);
    await raise(env.DB, await visitorKey(secret, dayOf(now), visitor.client, visitor.userAgent), step);
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'count quiz step', outcome: 'not counted', error: errorMessage(err) });
  }
}

/** The day before which daily counts are deleted. */
export function countsCutoff(now: number): string {
  const date = new Date(`${dayOf(now)}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - RETENTION.visitCountMonths);
  return date.toISOString().slice(0, 10);
}

/**
 * Run by the cron: adds the visitors of the days that are over into visit_counts and deletes their rows and their
 * days' tallies, in one transaction (a day is never added twice); then deletes counts, and the pauses that explain
 * them, older than the notice says (RETENTION.visitCountMonths).
 */
export async function rollUpVisits(db: D1Database, now = Date.now()): Promise<void> {
  const today = dayOf(now);
  const sums = STEP_COLUMNS.map((col, i) => `SUM(step >= ${i + 1}) AS ${col}`).join(', ');
  const adds = STEP_COLUMNS.map((col) => `${col} = ${col} + excluded.${col}`).join(', ');
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO visit_counts (day, source, medium, campaign, visits, ${STEP_COLUMNS.join(', ')})
           SELECT day, source, medium, campaign, COUNT(*), ${sums} FROM visit_today WHERE day < ?
           GROUP BY day, source, medium, campaign
           ON CONFLICT(day, source, medium, campaign) DO UPDATE SET visits = visits + excluded.visits, ${adds}`,
        )
        .bind(today),
      db.prepare('DELETE FROM visit_today WHERE day < ?').bind(today),
      db.prepare('DELETE FROM visit_counts WHERE day < ?').bind(countsCutoff(now)),
      ...pruneCeilings(db, today, countsCutoff(now)),
    ]);
  } catch (err) {
    logEvent('error', 'desk.action', { action: 'roll up visits', outcome: 'failed', error: errorMessage(err) });
  }
}

/** One day's visits of a source and campaign, and how many reached each quiz step (index 0 is step 1). */
export interface VisitDay {
  day: string;
  source: string;
  campaign: string;
  visits: number;
  reached: number[];
}

/**
 * The visits from `fromDay` on (YYYY-MM-DD), per day, source and campaign: the rolled-up days and today's
 * visitors not yet rolled up.
 */
export async function visitDays(db: D1Database, fromDay: string): Promise<VisitDay[]> {
  const counted = STEP_COLUMNS.map((col) => `SUM(${col})`).join(', ');
  const live = STEP_COLUMNS.map((_, i) => `SUM(step >= ${i + 1})`).join(', ');
  const rows = await db
    .prepare(
      `SELECT day, source, campaign, SUM(visits) AS visits, ${counted} FROM visit_counts WHERE day >= ?1
       GROUP BY day, source, campaign
       UNION ALL
       SELECT day, source, campaign, COUNT(*), ${live} FROM visit_today WHERE day >= ?1
       GROUP BY day, source, campaign`,
    )
    .bind(fromDay)
    .raw<[string, string, string, number, ...number[]]>();
  return rows.map(([day, source, campaign, visits, ...reached]) => ({ day, source, campaign, visits, reached }));
}
