/**
 * The booking reference of the tab's latest quiz response, kept in sessionStorage (never in an address of the
 * site): the quiz's answer gives it, and the result page's "Book a call" link carries it to the booking tool.
 * It is random and says nothing about the visitor; it ends with the tab.
 */
import { BOOKING_REF_PATTERN } from '../../src/shared/booking';

const KEY = 'lead:booking-ref';

/** Keeps the reference the API answered with; anything of another shape is not kept. */
export function keepBookingRef(ref: string | undefined): void {
  try {
    if (ref !== undefined && BOOKING_REF_PATTERN.test(ref)) sessionStorage.setItem(KEY, ref);
  } catch {
    // Storage blocked (privacy settings): the link goes without the reference, and a booking is matched by email.
  }
}

/** The reference kept for this tab, or undefined. */
export function keptBookingRef(): string | undefined {
  try {
    const ref = sessionStorage.getItem(KEY) ?? '';
    return BOOKING_REF_PATTERN.test(ref) ? ref : undefined;
  } catch {
    return undefined;
  }
}
