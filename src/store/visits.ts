import { logEvent, errorMessage } from '../log';
import { QUIZ_STEP_COUNT } from '../content/site';
import { RETENTION } from '../content/privacy';
import type { VisitSource } from '../shared/visit-source';
import { dayOf, sha256Hex } from './counters';

/**
 * Visits counted on the server: one row per visitor of the day (a salted hash of their address and user agent),
 * rolled up by the cron into counts per day, source, medium and campaign once the day is over; the rows and the
 * day's salt are then deleted, so nothing that could name a person outlives its day.
 */

/** The quiz steps the counts keep (reached_1..reached_N): 1 is the quiz opened. */
export const STEP_COLUMNS = Array.from({ length: QUIZ_STEP_COUNT }, (_, i) => `reached_${i + 1}`);

/** The day's salt, kept in the isolate once read: a visit then costs one read, and a new visitor one write. */
let kept: { day: string; salt: string } | undefined;

async function saltOf(db: D1Database, day: string): Promise<string> {
  if (kept?.day === day) return kept.salt;
  const read = () => db.prepare('SELECT salt FROM visit_salt WHERE day = ?').bind(day).first<{ salt: string }>();
  let found = await read();
  if (!found) {
    await db
      .prepare('INSERT INTO visit_salt (day, salt) VALUES (?, ?) ON CONFLICT(day) DO NOTHING')
      .bind(day, crypto.randomUUID())
      .run();
    found = await read();
  }
  kept = { day, salt: found!.salt };
  return kept.salt;
}

/** Forgets the salt kept in the isolate (the cron deleted it; tests start a day afresh). */
export function forgetKeptSalt(): void {
  kept = undefined;
}

/**
 * New visitors of a day one address may add (a household, an office or a café behind one address; a phone network
 * behind one IPv4 address): past it, its further user agents are not counted, so no single address can write more
 * rows than this, however many user agents it makes up.
 */
export const MAX_VISITORS_PER_ADDRESS = 50;

/** The address of the day: SHA-256 of the day's salt and the address key (clientKey), for the cap above. */
async function addressKey(db: D1Database, day: string, client: string): Promise<string> {
  return sha256Hex(`${await saltOf(db, day)}|${client}`);
}

/** Who a visitor is for the day: SHA-256 of the day's salt, the address key (clientKey) and the user agent. */
async function visitorKey(db: D1Database, day: string, client: string, userAgent: string): Promise<string> {
  return sha256Hex(`${await saltOf(db, day)}|${client}|${userAgent}`);
}

export interface Visit {
  /** clientKey of the address. */
  client: string;
  userAgent: string;
  from: VisitSource;
  /** The quiz step this view is (1: the quiz opened), or 0. */
  step: number;
}

/**
 * Counts a page view: a new visitor of the day is one insert (none past MAX_VISITORS_PER_ADDRESS from its address);
 * a repeat writes nothing, unless it opened the quiz further than before (one update). The visit keeps the source
 * of the visitor's first view of the day. Never
 * throws: a failure is logged without the address or user agent, and the page was answered already.
 */
export async function countVisit(db: D1Database, visit: Visit, now = Date.now()): Promise<void> {
  try {
    const day = dayOf(now);
    const key = await visitorKey(db, day, visit.client, visit.userAgent);
    const seen = await db.prepare('SELECT step FROM visit_today WHERE key = ?').bind(key).first<{ step: number }>();
    if (seen) {
      if (visit.step > seen.step) await raise(db, key, visit.step);
      return;
    }
    const address = await addressKey(db, day, visit.client);
    const seenFromAddress = await db
      .prepare('SELECT COUNT(*) AS n FROM visit_today WHERE client = ?')
      .bind(address)
      .first<{ n: number }>();
    if ((seenFromAddress?.n ?? 0) >= MAX_VISITORS_PER_ADDRESS) return;
    const { source, medium, campaign } = visit.from;
    await db
      .prepare(
        `INSERT INTO visit_today (key, day, source, medium, campaign, step, client) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(key) DO NOTHING`,
      )
      .bind(key, day, source, medium, campaign, visit.step, address)
      .run();
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
  db: D1Database,
  visitor: { client: string; userAgent: string },
  step: number,
  now = Date.now(),
): Promise<void> {
  try {
    await raise(db, await visitorKey(db, dayOf(now), visitor.client, visitor.userAgent), step);
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
 * Run by the cron: adds the visitors of the days that are over into visit_counts and deletes their rows and
 * salts, in one transaction (a day is never added twice); then deletes counts older than the notice says (RETENTION.visitCountMonths).
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
      db.prepare('DELETE FROM visit_salt WHERE day < ?').bind(today),
      db.prepare('DELETE FROM visit_counts WHERE day < ?').bind(countsCutoff(now)),
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
