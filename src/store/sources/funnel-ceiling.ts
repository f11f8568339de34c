import { logEvent } from '../../log';
import { QUIZ_STEP_COUNT } from '../../words/site';
import { MAX_VISITORS_PER_NETWORK, addToTally } from './visit-ceiling';

/**
 * The ceiling on what counting the quiz's steps (countOncePerAddress) may write in a day, so that no flood of
 * made-up addresses spends the D1 writes the leads, the delivery ledger and the desk need, nor moves the funnel at
 * will. An address counts each step at most once an hour (its fingerprint of the hour in funnel_seen); past that,
 * a day's counts have the visits' ceilings times the quiz's steps (every visitor those ceilings let count may count
 * at each step):
 * - per IPv6 /48 (networkKey): MAX_FUNNEL_STEPS_PER_NETWORK, however many of its 65,536 /64s the counts come from;
 * - for the whole site: funnelDailyLimit(VISITS_DAILY_LIMIT). Past it the steps are not counted until the day is
 *   over (the isolate logs it once).
 * Both are counted in visit_tally, scopes 'funnel' and 'funnel|' + the day's fingerprint of the /48 (the one the
 * visits' ceiling keeps), and deleted with the visits' tallies by the cron once the day is over. They are read in
 * the query that asks whether the step is new this hour: a count past a ceiling costs that read and no write, and
 * once the site's ceiling is reached the isolate stops reading too.
 */

/** Steps one IPv6 /48 may count in a day: its most new visitors of a day (200), each at every step of the quiz. */
export const MAX_FUNNEL_STEPS_PER_NETWORK = MAX_VISITORS_PER_NETWORK * QUIZ_STEP_COUNT;

/** Steps the site counts in a day: VISITS_DAILY_LIMIT visitors, each at every step of the quiz. */
export const funnelDailyLimit = (visitsDailyLimit: number) => visitsDailyLimit * QUIZ_STEP_COUNT;

/** visit_tally's scope of the whole site's step count (the others are 'funnel|' + the day's fingerprint of a /48). */
const SITE = 'funnel';

/** visit_tally's scope of a /48's step count, from the day's fingerprint of the /48. */
export const networkScope = (fingerprint: string) => `${SITE}|${fingerprint}`;

/** The day (and ceiling) this isolate found the site's ceiling reached on: it reads nothing more that day. */
let pausedOn: { day: string; limit: number } | undefined;

/** Whether this isolate already found the day's ceiling (`limit`) reached: it then reads nothing to know it. */
export const funnelPausedHere = (day: string, limit: number) => pausedOn?.day === day && pausedOn.limit === limit;

export interface FunnelStep {
  day: string;
  /** funnelDailyLimit(VISITS_DAILY_LIMIT). */
  limit: number;
  /** The hour's fingerprint of the address (clientKey) and the step: funnel_seen's key. */
  key: string;
  /** networkScope of the address's /48, or null (IPv4, no address). */
  network: string | null;
}

/**
 * Whether the step is new this hour for its address ('repeat' if not) and the day has room for it ('refused' if
 * not), in one read. At the site's ceiling the isolate remembers the day, and logs it once.
 */
export async function roomForStep(db: D1Database, step: FunnelStep): Promise<'room' | 'repeat' | 'refused'> {
  const { day, limit } = step;
  const seen = await db
    .prepare(
      `SELECT (SELECT 1 FROM funnel_seen WHERE key = ?1) AS seen,
              (SELECT n FROM visit_tally WHERE day = ?2 AND scope = '${SITE}') AS site,
              (SELECT n FROM visit_tally WHERE day = ?2 AND scope = ?3) AS network`,
    )
    .bind(step.key, day, step.network ?? '')
    .first<{ seen: number | null; site: number | null; network: number | null }>();
  if (seen?.seen) return 'repeat';
  if ((seen?.site ?? 0) >= limit) {
    if (!funnelPausedHere(day, limit)) {
      logEvent('warn', 'desk.action', { action: 'count quiz steps', outcome: 'paused', day, ceiling: limit });
    }
    pausedOn = { day, limit };
    return 'refused';
  }
  return step.network === null || (seen?.network ?? 0) < MAX_FUNNEL_STEPS_PER_NETWORK ? 'room' : 'refused';
}

/** The writes that count a step against the day's ceilings, for the batch that inserts its fingerprint. */
export const tallyStep = (db: D1Database, step: FunnelStep): D1PreparedStatement[] =>
  step.network === null
    ? [addToTally(db, step.day, SITE)]
    : [addToTally(db, step.day, SITE), addToTally(db, step.day, step.network)];
