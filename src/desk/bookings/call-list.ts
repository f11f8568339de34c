import type { Env } from '../../env';
import { type BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import { daysAround } from './bookings';

const DAY = 86_400_000;
/** How far ahead and back the calls are listed: a season of calls either way. */
export const CALL_DAYS = 90;
/** Calls read at most each way: far more than two owners take in 90 days. */
const CALLS_READ = 200;

/** The calls on `/desk/bookings`, each booking in exactly one group. */
export interface CallList {
  /** Still on, starting during the owners' day (a call under way or just ended still shows), soonest first. */
  today: BookingRecord[];
  /** Still on, starting from tomorrow, soonest first. */
  upcoming: BookingRecord[];
  /** Every booking that started before today (booked, moved or cancelled), latest first: its outcome shows. */
  past: BookingRecord[];
  /** Cancelled or moved calls that were due from today on, soonest first. */
  cancelled: BookingRecord[];
}

/** The calls from 90 days back to 90 days ahead, by the owners' day (linked or not: a waiting one shows too). */
export async function callList(env: Env, now: Date): Promise<CallList> {
  const { today, tomorrow } = daysAround(now);
  const start = Date.parse(today);
  const iso = (ms: number) => new Date(ms).toISOString();
  const store = getBookingStore(env);
  const ahead = await store.starting(today, iso(start + CALL_DAYS * DAY), 'asc', CALLS_READ);
  const past = await store.starting(iso(start - CALL_DAYS * DAY), today, 'desc', CALLS_READ);
  const on = ahead.filter((b) => b.status === 'booked');
  return {
    today: on.filter((b) => b.startAt < tomorrow),
    upcoming: on.filter((b) => b.startAt >= tomorrow),
    past,
    cancelled: ahead.filter((b) => b.status !== 'booked'),
  };
}

/** How a call ended up, from its tool's events: moved (to when), cancelled (when), or kept as booked. */
export type Outcome =
  { kind: 'moved'; to: string } | { kind: 'cancelled'; at: string } | { kind: 'kept' } | { kind: 'unknown' };

export function outcomeOf(b: BookingRecord): Outcome {
  const steps = [...b.history].reverse();
  if (b.status === 'moved') {
    const step = steps.find((s) => s.event === 'rescheduled');
    return step ? { kind: 'moved', to: step.startAt } : { kind: 'unknown' };
  }
  if (b.status === 'cancelled') return { kind: 'cancelled', at: steps.find((s) => s.event === 'cancelled')?.at ?? '' };
  return { kind: 'kept' };
}
