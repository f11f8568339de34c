import * as z from 'zod';
import type { BookingEvent } from '../store/bookings/bookings';
import { timestampedSignature } from '../security/hmac';
import * as field from './fields';

/** How far a signature's timestamp may be from now, either way: an older delivery is a replay, refused. */
export const CALENDLY_TOLERANCE_SECONDS = 300;

/**
 * Calendly's `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>` (parts in any order, several v1 allowed):
 * v1 is hex HMAC-SHA256 of `<t>.` followed by the raw body's bytes. 'stale' when the signature holds but `t` is
 * more than five minutes from `now`; 'invalid' when it is missing, malformed or matches no v1.
 */
export const verifyCalendly = timestampedSignature(CALENDLY_TOLERANCE_SECONDS);

const Envelope = z.object({ event: z.string(), created_at: field.Instant, payload: z.unknown() }).loose();

const Payload = z
  .object({
    uri: field.BookingId,
    name: z.unknown(),
    email: z.unknown(),
    scheduled_event: z.object({ start_time: field.Instant, end_time: field.Instant }).loose(),
    tracking: z.object({ utm_content: field.Ref, utm_term: field.Program }).loose().nullish().catch(undefined),
    rescheduled: z.boolean().nullish().catch(undefined),
    old_invitee: field.OtherBooking,
    new_invitee: field.OtherBooking,
  })
  .loose();

/**
 * The booking events of a signed Calendly body (one per delivery). A booking is an invitee: `invitee.created` is a
 * new booking, or a reschedule when it names the `old_invitee` it replaces; `invitee.canceled` is a cancellation,
 * and when `rescheduled` is true it names the `new_invitee` that carries on. The lead's reference and the program
 * come back in `tracking`, where the link's `utm_content` and `utm_term` put them.
 */
export function readCalendly(body: unknown): field.Reading {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return field.skippedBody();
  const { event: name, created_at: at } = envelope.data;
  if (name !== 'invitee.created' && name !== 'invitee.canceled') return field.ignoredBody();
  const payload = Payload.safeParse(envelope.data.payload);
  if (!payload.success) return field.skippedBody();
  const p = payload.data;
  const email = field.firstValid(field.Email, p.email);
  if (email === undefined) return field.skippedBody();
  const replaces = name === 'invitee.created' ? p.old_invitee : undefined;
  const movedTo = name === 'invitee.canceled' && p.rescheduled === true ? p.new_invitee : undefined;
  return field.oneEvent({
    provider: 'calendly',
    bookingId: p.uri,
    event: name === 'invitee.canceled' ? 'cancelled' : replaces !== undefined ? 'rescheduled' : 'created',
    at,
    startAt: p.scheduled_event.start_time,
    endAt: p.scheduled_event.end_time,
    name: field.firstValid(field.Name, p.name) ?? '',
    email,
    ref: p.tracking?.utm_content,
    program: p.tracking?.utm_term,
    replaces,
    movedTo,
  });
}

/** readCalendly's events. */
export function calendlyEvents(body: unknown): BookingEvent[] {
  return readCalendly(body).events;
}
