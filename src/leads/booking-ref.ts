import type { Lead } from '../store/leads/lead';

/** The bytes of a booking reference: 96 random bits, far beyond guessing one that belongs to someone. */
const BOOKING_REF_BYTES = 12;

/**
 * A new booking reference: random bytes from the platform's CSPRNG as lower-case hex. It says nothing about the
 * visitor, so the "Book a call" link may carry it to the booking tool and back.
 */
export function newBookingRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(BOOKING_REF_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The lead with a booking reference of its own when it is one a call can follow (a quiz response, an enquiry). */
export function withBookingRef(lead: Lead): Lead {
  if (lead.kind === 'newsletter' || lead.bookingRef !== undefined) return lead;
  return { ...lead, bookingRef: newBookingRef() };
}
