import * as z from 'zod';
import type { BookingEvent, BookingEventKind } from '../store/bookings/bookings';
import { signedWith } from '../security/hmac';
import * as field from './fields';

/** What Cal.com sends as the signature when the webhook has no secret: never accepted. */
const NO_SECRET = 'no-secret-provided';

/**
 * Cal.com's `X-Cal-Signature-256`: hex HMAC-SHA256 of the raw body with the webhook's secret, no prefix and no
 * timestamp (a replay is a repeat, which the store's dedupe absorbs). Missing, malformed or `no-secret-provided`
 * is refused.
 */
export async function verifyCalcom(raw: Uint8Array, header: string | undefined, secret: string): Promise<boolean> {
  const mac = header?.trim() ?? '';
  if (mac === '' || mac === NO_SECRET) return false;
  return signedWith(secret, raw, [mac]);
}

/** The triggers the site acts on; every other (requested, rejected, paid, meeting, no-show…) is answered and ignored. */
const KINDS = new Map<string, BookingEventKind>([
  ['BOOKING_CREATED', 'created'],
  ['BOOKING_RESCHEDULED', 'rescheduled'],
  ['BOOKING_CANCELLED', 'cancelled'],
]);

const Envelope = z.object({ triggerEvent: z.string(), createdAt: field.Instant, payload: z.unknown() }).loose();

const Person = z.object({ name: z.unknown(), email: z.unknown() }).loose();
const Answer = z.object({ value: z.unknown() }).loose();

const Payload = z
  .object({
    uid: field.BookingId,
    startTime: field.Instant,
    endTime: field.Instant,
    attendees: z.array(z.unknown()).optional().catch(undefined),
    responses: z
      .object({ name: Answer.optional().catch(undefined), email: Answer.optional().catch(undefined) })
      .loose()
      .optional()
      .catch(undefined),
    metadata: z.object({ ref: field.Ref, program: field.Program }).loose().nullish().catch(undefined),
    rescheduleUid: field.OtherBooking,
  })
  .loose();

/**
 * The booking events of a signed Cal.com body (one per delivery): BOOKING_CREATED, BOOKING_RESCHEDULED (the new
 * booking, replacing `rescheduleUid`) and BOOKING_CANCELLED. The attendee is the first of `attendees`, else the
 * booking form's name and email answers. The lead's reference and the program come back in `metadata`, where the
 * link's `metadata[ref]` and `metadata[program]` put them.
 */
export function readCalcom(body: unknown): field.Reading {
  const envelope = Envelope.safeParse(body);
  if (!envelope.success) return field.skippedBody();
  const kind = KINDS.get(envelope.data.triggerEvent);
  if (!kind) return field.ignoredBody();
  const payload = Payload.safeParse(envelope.data.payload);
  if (!payload.success) return field.skippedBody();
  const p = payload.data;
  const first = Person.safeParse(p.attendees?.[0]);
  const attendee = first.success ? first.data : { name: undefined, email: undefined };
  const email = field.firstValid(field.Email, attendee.email, p.responses?.email?.value);
  // An address is what the booking is matched and kept by: without one the event is not a booking's.
  if (email === undefined) return field.skippedBody();
  return field.oneEvent({
    provider: 'calcom',
    bookingId: p.uid,
    event: kind,
    at: envelope.data.createdAt,
    startAt: p.startTime,
    endAt: p.endTime,
    name: field.firstValid(field.Name, attendee.name, p.responses?.name?.value) ?? '',
    email,
    ref: p.metadata?.ref,
    program: p.metadata?.program,
    replaces: kind === 'rescheduled' ? p.rescheduleUid : undefined,
  });
}

/** readCalcom's events. */
export function calcomEvents(body: unknown): BookingEvent[] {
  return readCalcom(body).events;
}
