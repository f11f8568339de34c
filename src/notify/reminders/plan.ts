import type { BookingRecord } from '../../store/bookings/bookings';

const HOUR_MS = 3_600_000;

/**
 * When the site knew the call's current time: the latest of when it first heard of the booking and when the step
 * that set the current start arrived (a call moved on the same booking id learns its new time then).
 */
export function knownSince(booking: Pick<BookingRecord, 'startAt' | 'receivedAt' | 'history'>): string {
  const steps = [...booking.history].sort((a, b) => a.at.localeCompare(b.at));
  // The steps since the start was last something else: the first of them set the current time.
  let setAt: string | undefined;
  for (const step of steps) {
    if (step.startAt !== booking.startAt) setAt = undefined;
    else setAt ??= step.at;
  }
  return setAt && setAt > booking.receivedAt ? setAt : booking.receivedAt;
}

/**
 * The reminder due now for a booking, as hours before its call, or null. Only a call still on, linked to a lead and
 * still ahead gets one. An offset is due once `now` is that many hours before the start; an offset whose moment
 * had passed when the site learnt the call's time is skipped (a call booked 30 minutes ahead gets none). Of several
 * due, only the smallest is: a cron that was down never sends a stale day-before reminder after the hour-before
 * one is due. Whether it went already is the ledger's question, not this one's.
 */
export function dueReminder(
  booking: Pick<BookingRecord, 'status' | 'lead' | 'startAt' | 'receivedAt' | 'history'>,
  offsets: readonly number[],
  now: Date,
): number | null {
  if (booking.status !== 'booked' || !booking.lead) return null;
  const start = Date.parse(booking.startAt);
  if (!(start > now.getTime())) return null;
  const known = Date.parse(knownSince(booking));
  const due = offsets.filter((o) => known <= start - o * HOUR_MS && now.getTime() >= start - o * HOUR_MS);
  return due.length > 0 ? Math.min(...due) : null;
}
