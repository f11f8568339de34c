import type { Env } from '../env';
import type { BookingEvent } from '../store/bookings';

/** What applying one event did: stored it, saw it before, or found a newer event already stored. */
export type BookingOutcome = 'applied' | 'repeat' | 'stale';

/** Stub, replaced at merge by the lead engineer's implementation. */
export async function applyBookingEvent(env: Env, event: BookingEvent, now: Date): Promise<BookingOutcome> {
  void env;
  void event;
  void now;
  throw new Error('stub');
}
