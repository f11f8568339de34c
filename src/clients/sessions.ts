import type { BookingRecord } from '../store/bookings/bookings';
import type { EngagementRecord } from '../store/clients/clients';

/** Where an engagement's sessions stand at a moment. */
export interface SessionCount {
  /** Calls that count: ended, booked through the engagement's reference, not a no-show an owner said not to count. */
  used: number;
  /** What is left of the package (never below 0). */
  left: number;
  /** The next call booked through the engagement that has not ended yet, soonest first. */
  next?: BookingRecord;
  /** Calls booked and not yet ended: they will use sessions too. */
  upcoming: number;
  /** No-shows the owners have not yet answered "count this session?" for (each counts until answered no). */
  toAsk: BookingRecord[];
}

/**
 * Counts an engagement's sessions from the lead's bookings: a call booked through the engagement's reference that
 * ended and was not a no-show counts as used; a no-show counts too unless an owner answered "count this session?"
 * with no (the default is yes). A moved or cancelled booking never counts.
 */
export function countSessions(engagement: EngagementRecord, bookings: BookingRecord[], now: Date): SessionCount {
  const own = bookings.filter((b) => b.ref === engagement.reference && b.status === 'booked');
  const ended = own.filter((b) => Date.parse(b.endAt) <= now.getTime());
  // "Don't count it" is an answer about a no-show: a call marked attended later counts whatever was answered.
  const counted = ended.filter((b) => b.outcome?.value !== 'no_show' || !engagement.uncounted.includes(b.id));
  const toAsk = ended.filter((b) => b.outcome?.value === 'no_show' && !engagement.answered.includes(b.id));
  const ahead = own
    .filter((b) => Date.parse(b.endAt) > now.getTime())
    .sort((a, b) => Date.parse(a.startAt) - Date.parse(b.startAt));
  return {
    used: counted.length,
    left: Math.max(0, engagement.sessions - counted.length),
    ...(ahead[0] && { next: ahead[0] }),
    upcoming: ahead.length,
    toAsk,
  };
}
