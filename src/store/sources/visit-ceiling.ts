/**
 * The ceiling on what counting visits may write in a day, so that no flood of made-up visitors spends the D1 writes
 * the leads, the delivery ledger and the desk need, or fills the Sources page with sources nobody came from:
 * - per address (clientKey: an IPv4 address, an IPv6 /64): MAX_VISITORS_PER_ADDRESS new visitors;
 * - per IPv6 /48 (networkKey): MAX_VISITORS_PER_NETWORK, however many of its 65,536 /64s the visits come from;
 * - for the whole site: VISITS_DAILY_LIMIT. Past it counting pauses until the day is over, and the moment it
 *   paused is kept with the day's totals, for the Sources page to say so.
 * All three are read in one query before the insert (a count per day in visit_tally, the address's rows of the day
 * in visit_today): a visitor past a ceiling costs that read and no write, and once the site's ceiling is reached the
 * isolate stops reading too.
 */

/**
 * New visitors of a day one address may add (a household, an office or a café behind one address; a phone network
 * behind one IPv4 address): past it, its further browsers are not counted, so no single address can write more
 * rows than this, however many user agents it makes up.
 */
export const MAX_VISITORS_PER_ADDRESS = 50;

/**
 * New visitors of a day one IPv6 /48 may add: four addresses' worth. A home or an office given a /48 (or a /56
 * inside it) uses a few /64s, one per network, so a few addresses' worth covers its people; a mobile network puts
 * many subscribers' /64s in one /48, and 200 new visitors a day from one of them is still far more than this site
 * sees from one network. One holder of a /48 then writes at most 200 rows a day, not 65,536 × 50.
 */
export const MAX_VISITORS_PER_NETWORK = 4 * MAX_VISITORS_PER_ADDRESS;

/** visit_tally's scope of the whole site's count (the others are the day's fingerprints of a /48). */
const SITE = 'site';

/** The day (and ceiling) this isolate found the site's ceiling reached on: it reads nothing more that day. */
let pausedOn: { day: string; limit: number } | undefined;

/** Whether this isolate already found the day's ceiling (`limit`) reached: it then reads nothing to know it. */
export const pausedHere = (day: string, limit: number) => pausedOn?.day === day && pausedOn.limit === limit;

export interface Newcomer {
  day: string;
  /** VISITS_DAILY_LIMIT. */
  limit: number;
  /** The day's fingerprint of the address (clientKey). */
  address: string;
  /** The day's fingerprint of the IPv6 /48 (networkKey), or null (IPv4, no address). */
  network: string | null;
}

/**
 * Whether the day has room for one more new visitor from this address and network. At the site's ceiling, the
 * moment counting paused is recorded once (the day's first) and the isolate remembers it.
 */
export async function hasRoom(db: D1Database, visitor: Newcomer, now: number): Promise<boolean> {
  const { day, limit } = visitor;
  if (pausedHere(day, limit)) return false;
  const seen = await db
    .prepare(
      `SELECT (SELECT n FROM visit_tally WHERE day = ?1 AND scope = '${SITE}') AS site,
              (SELECT n FROM visit_tally WHERE day = ?1 AND scope = ?2) AS network,
              (SELECT COUNT(*) FROM visit_today WHERE client = ?3) AS address`,
    )
    .bind(day, visitor.network ?? '', visitor.address)
    .first<{ site: number | null; network: number | null; address: number }>();
  if ((seen?.site ?? 0) >= limit) {
    await db
      .prepare('INSERT INTO visit_pauses (day, since, ceiling) VALUES (?, ?, ?) ON CONFLICT(day) DO NOTHING')
      .bind(day, new Date(now).toISOString(), limit)
      .run();
    pausedOn = { day, limit };
    return false;
  }
  if ((seen?.address ?? 0) >= MAX_VISITORS_PER_ADDRESS) return false;
  return visitor.network === null || (seen?.network ?? 0) < MAX_VISITORS_PER_NETWORK;
}

/** The write that adds one to a day's count of `scope` in visit_tally (the funnel's ceilings count there too). */
export const addToTally = (db: D1Database, day: string, scope: string): D1PreparedStatement =>
  db
    .prepare('INSERT INTO visit_tally (day, scope, n) VALUES (?, ?, 1) ON CONFLICT(day, scope) DO UPDATE SET n = n + 1')
    .bind(day, scope);

/** The writes that count a new visitor against the day's ceilings, for the batch that inserts its row. */
export function tallyNewcomer(db: D1Database, visitor: Newcomer): D1PreparedStatement[] {
  const add = (scope: string) => addToTally(db, visitor.day, scope);
  return visitor.network === null ? [add(SITE)] : [add(SITE), add(visitor.network)];
}

/** The cron's deletions: the counts of the days that are over; the pauses with the totals they explain. */
export const pruneCeilings = (db: D1Database, today: string, countsCutoff: string): D1PreparedStatement[] => [
  db.prepare('DELETE FROM visit_tally WHERE day < ?').bind(today),
  db.prepare('DELETE FROM visit_pauses WHERE day < ?').bind(countsCutoff),
];

/** A day on which counting paused at the site's ceiling. */
export interface VisitPause {
  day: string;
  /** When it paused (ISO). */
  since: string;
  /** VISITS_DAILY_LIMIT then. */
  ceiling: number;
}

/** The days from `fromDay` on (YYYY-MM-DD) on which counting paused, oldest first. */
export async function visitPauses(db: D1Database, fromDay: string): Promise<VisitPause[]> {
  const { results } = await db
    .prepare('SELECT day, since, ceiling FROM visit_pauses WHERE day >= ? ORDER BY day')
    .bind(fromDay)
    .all<VisitPause>();
  return results;
}
