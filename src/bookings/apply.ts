import type { Env } from '../env';
import type { BookingProvider } from '../store/bookings';
import type { LeadKind } from '../store/lead';

/** An owner links an unmatched booking to a lead by hand. A stub in this branch: the real one replaces it at merge. */
export async function linkBooking(
  _env: Env,
  _booking: { provider: BookingProvider; id: string },
  _lead: { kind: LeadKind; id: string },
  _by: string,
  _now: Date,
): Promise<'linked' | 'no_booking' | 'no_lead' | 'already_linked'> {
  throw new Error('linkBooking is not written yet');
}
