import * as z from 'zod';
import type { BookingEvent } from '../store/bookings/bookings';
import { BOOKING_REF_PATTERN } from '../shared/booking';

/**
 * The rules both booking tools' events pass (src/bookings/calcom.ts, calendly.ts): what the attendee typed on the
 * tool's public page is trimmed and cut short, and what the link carried back (the lead's reference, the program)
 * is kept only in the form the site made it, so a hand-edited link can name nothing else.
 */

/** What one signed body held: the events the site acts on, and how many it left out and why (for the log line). */
export interface Reading {
  events: BookingEvent[];
  /** Events of a kind the site does not act on (a no-show, a payment, a meeting started…). */
  ignored: number;
  /** A body, or an event, that is not the tool's shape. */
  skipped: number;
}

/** A program's id as the site names it. */
const SLUG = /^[a-z0-9-]{1,60}$/;
const NAME_MAX = 200;

/** The tool's id of a booking (a Cal.com uid, a Calendly invitee URI). */
export const BookingId = z.string().min(1).max(300);

/** A time with its offset, kept in one form (UTC, milliseconds) so that events compare as text. */
export const Instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

/** Trimmed, inner runs of white space made one space, at most 200 characters; not empty. */
export const Name = z
  .string()
  .transform((s) => [...s.trim().replace(/\s+/g, ' ')].slice(0, NAME_MAX).join(''))
  .pipe(z.string().min(1));

/** Trimmed and lower case; the tool checked the address, so only its form is asked for here. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/);

/** The reference, or nothing (absent, null or not the site's form): never a reason to skip the event. */
export const Ref = z.string().regex(BOOKING_REF_PATTERN).optional().catch(undefined);

/** The program's slug, or nothing, as Ref. */
export const Program = z.string().regex(SLUG).optional().catch(undefined);

/** A booking id the event points at (the booking it replaces or moved to), or nothing. */
export const OtherBooking = BookingId.optional().catch(undefined);

/** The first of `values` that `schema` takes, as it parses it; undefined when none does. */
export function firstValid<T>(schema: z.ZodType<T>, ...values: unknown[]): T | undefined {
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** A body's one event; the optional fields it did not have are left out, not written as undefined. */
export function oneEvent(event: BookingEvent): Reading {
  const kept = Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));
  return { events: [kept as unknown as BookingEvent], ignored: 0, skipped: 0 };
}

/** What a body that is not the tool's shape reads as. */
export function skippedBody(): Reading {
  return { events: [], ignored: 0, skipped: 1 };
}

/** What a body of an event the site does not act on reads as. */
export function ignoredBody(): Reading {
  return { events: [], ignored: 1, skipped: 0 };
}
