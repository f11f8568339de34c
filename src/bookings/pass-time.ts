import type { Env } from '../env';
import type { BookingProvider } from '../store/bookings/bookings';
import { getBookingStore } from '../store/bookings/open';

const HOUR = 3_600_000;

/**
 * Time passing for one stored booking, for the development-only aid that lets a journey see a call's end pass
 * without waiting: its call (`startAt`, `endAt` and its history's current step) moves `hours` back. Written through
 * the booking store, so it works alike on any store; an owner's mark stays (`put` never touches it). Null when there
 * is no such booking.
 */
export async function passTime(
  env: Env,
  provider: BookingProvider,
  id: string,
  hours: number,
): Promise<{ startAt: string; endAt: string } | null> {
  const store = getBookingStore(env);
  const booking = await store.get(provider, id);
  if (!booking) return null;
  const back = (at: string) => new Date(Date.parse(at) - hours * HOUR).toISOString();
  const last = booking.history.length - 1;
  const history = booking.history.map((step, i) =>
    i === last ? { ...step, startAt: back(step.startAt), endAt: back(step.endAt) } : step,
  );
  const moved = { ...booking, startAt: back(booking.startAt), endAt: back(booking.endAt), history };
  await store.put(moved);
  return { startAt: moved.startAt, endAt: moved.endAt };
}
