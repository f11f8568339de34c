import type { Env } from '../env';
import type { BookingProvider, BookingRecord } from '../store/bookings/bookings';
import { getBookingStore } from '../store/bookings/open';

/**
 * Time passing for a stored booking, for the local run's journeys only (POST /__dev/bookings/pass): its call
 * (`startAt`, `endAt` and its history's current step) moves `hours` back, so a journey sees a call's end pass without
 * waiting. Written through the booking store, so it works alike on any store, and an owner's mark stays. Null when
 * there is no such booking.
 */
export async function moveCallBack(
  env: Env,
  provider: BookingProvider,
  id: string,
  hours: number,
): Promise<Pick<BookingRecord, 'startAt' | 'endAt'> | null> {
  const store = getBookingStore(env);
  const booking = await store.get(provider, id);
  if (!booking) return null;
  const back = (at: string) => new Date(Date.parse(at) - hours * 3_600_000).toISOString();
  const history = booking.history.map((step, i) =>
    i === booking.history.length - 1 ? { ...step, startAt: back(step.startAt), endAt: back(step.endAt) } : step,
  );
  const moved = { startAt: back(booking.startAt), endAt: back(booking.endAt) };
  await store.put({ ...booking, ...moved, history });
  return moved;
}
