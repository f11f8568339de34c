/**
 * The "Book a call" link after the quiz: the booking page (BOOKING_URL) with the program it is about as a plain
 * parameter, so the coach sees which recommendation led to the call. It never carries the visitor's name, email
 * or phone: the booking page asks for those itself. Imports nothing server-only.
 */

/** The parameter the booking page receives: a program id (slug), never anything personal. */
export const BOOKING_PROGRAM_PARAM = 'program';

/** The booking page's address with `program=<slug>` added after any parameters it has (before a fragment). */
export function bookingLink(bookingUrl: string, program: string): string {
  const hashAt = bookingUrl.indexOf('#');
  const base = hashAt === -1 ? bookingUrl : bookingUrl.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : bookingUrl.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${BOOKING_PROGRAM_PARAM}=${encodeURIComponent(program)}${hash}`;
}
