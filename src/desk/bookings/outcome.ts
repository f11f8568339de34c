import * as z from 'zod';
import { readConfig, type Env } from '../../env';
import { BOOKING_PROVIDERS } from '../../shared/booking';
import { CALL_OUTCOMES, type BookingRecord } from '../../store/bookings/bookings';
import { deskOutcome as copy } from './outcome-words';
import { leadPath } from '../page';

/** A booking's address on the desk: its tool and the tool's id (URL-encoded in the path: a Calendly id is a URI). */
export const BookingParams = z.object({
  provider: z.enum(BOOKING_PROVIDERS, copy.errors.booking),
  id: z.string().min(1, copy.errors.booking).max(400, copy.errors.booking),
});

/** The pages a call's forms are on, and so where a post goes back to. */
export const FROM = ['lead', 'bookings', 'inbox'] as const;
export type From = (typeof FROM)[number];
const from = z.enum(FROM).catch('bookings');

/** The outcome form: the button pressed, and the page it was on. */
export const OutcomeForm = z.object({ outcome: z.enum(CALL_OUTCOMES, copy.errors.outcome), from });

/** The rebook form: its own id (an out-of-date page is refused) and the page it was on. */
export const RebookForm = z.object({ formId: z.uuid(), from });

/** Whether an owner may mark the call now: it is on (not cancelled nor moved) and its end has passed. */
export function markable(b: BookingRecord, now: Date): boolean {
  return b.status === 'booked' && Date.parse(b.endAt) <= now.getTime();
}

/** Why a call cannot be marked now, or null when it can. */
export function notMarkable(b: BookingRecord, now: Date): string | null {
  if (b.status !== 'booked') return copy.errors.notOn;
  return markable(b, now) ? null : copy.errors.notEnded;
}

/** Where a call's forms post: `/desk/bookings/<provider>/<id, encoded>/<what>`. */
export const bookingAction = (b: BookingRecord, what: 'outcome' | 'rebook') =>
  `/desk/bookings/${b.provider}/${encodeURIComponent(b.id)}/${what}`;

/** The page a post goes back to: the lead's (when the call is linked), the inbox, or Bookings. */
export function backTo(b: BookingRecord, page: From): string {
  if (page === 'lead' && b.lead) return leadPath(b.lead.kind, b.lead.id);
  return page === 'inbox' ? '/desk' : '/desk/bookings';
}

/** An owner as the desk names them: their name (OWNER_NAMES) when their email is among OWNER_EMAILS, else the email. */
export function ownerNames(env: Env): (email: string) => string {
  const owners = readConfig(env).whatsapp.owners;
  return (email) => {
    const owner = owners.find((o) => o.email?.toLowerCase() === email.toLowerCase());
    return owner && owner.name !== owner.label ? owner.name : email;
  };
}
