/**
 * The "Book a call" link: the booking page (BOOKING_URL) with the program it is about as a plain parameter, and,
 * after a lead exists and when the booking tool is known (BOOKING_PROVIDER), the lead's opaque reference in the
 * field that tool passes back with its webhook, so a booking comes back to the lead. It never carries the
 * visitor's name, email or phone: the booking page asks for those itself. Imports nothing server-only.
 */

/** The parameter the booking page receives: a program id (slug), never anything personal. */
export const BOOKING_PROGRAM_PARAM = 'program';

/** A lead's booking reference: 96 random bits as 24 lower-case hex characters, nothing derived from the visitor. */
export const BOOKING_REF_PATTERN = /^[0-9a-f]{24}$/;

/** The booking tools whose links carry a lead's reference and whose webhooks the site takes (BOOKING_PROVIDER). */
export const BOOKING_PROVIDERS = ['calcom', 'calendly'] as const;
export type BookingLinkProvider = (typeof BOOKING_PROVIDERS)[number];

/** The lead a link is for: the tool it goes to and the lead's reference. */
export interface BookingFor {
  provider: BookingLinkProvider;
  ref: string;
}

/**
 * The fields each tool hands back unchanged in its webhook: Cal.com keeps `metadata[...]` parameters as the
 * booking's metadata; Calendly keeps the UTM parameters as the invitee's tracking.
 */
const CARRIED: Record<BookingLinkProvider, { ref: string; program: string }> = {
  calcom: { ref: 'metadata[ref]', program: 'metadata[program]' },
  calendly: { ref: 'utm_content', program: 'utm_term' },
};

/**
 * The booking page's address with `program=<slug>` added after any parameters it has (before a fragment), and,
 * for a lead, its reference in the fields its tool passes back. A reference of any other shape is left out. Without
 * a program (after an enquiry) only the reference is added, or nothing.
 */
export function bookingLink(bookingUrl: string, program: string | undefined, booking?: BookingFor): string {
  const hashAt = bookingUrl.indexOf('#');
  const base = hashAt === -1 ? bookingUrl : bookingUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : bookingUrl.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  const pairs: [string, string][] = program === undefined ? [] : [[BOOKING_PROGRAM_PARAM, program]];
  const carried = booking && CARRIED[booking.provider];
  if (carried && BOOKING_REF_PATTERN.test(booking.ref)) {
    pairs.push([carried.ref, booking.ref]);
    if (program !== undefined) pairs.push([carried.program, program]);
  }
  // The names are fixed and written as each tool documents them (`metadata[ref]`); the values are encoded.
  const query = pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return query === '' ? bookingUrl : `${base}${separator}${query}${hash}`;
}
