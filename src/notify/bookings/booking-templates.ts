import { bookingAlerts as copy } from '../../words/bookings/booking-alerts';
import { PROGRAM_SLUGS } from '../../words/site';
import type { JobOf } from '../../queue/jobs';
import type { BookingRecord } from '../../store/bookings/bookings';
import { LIMITS, passesNameRule } from '../../shared/lead-rules';
import { programTitle } from '../../shared/recommend';
import type { ProgramContent } from '../../shared/site-content';
import type { NotifyConfig } from '../ledger/config';
import { EMPTY_PARAM, formatIndianDateTime, templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

// The owners' alerts of a booked or cancelled call (call_booked, call_cancelled): pure, so a redelivered job
// builds the same sends and finds its rows in the ledger.

/** The ledger's lead kind of a booking alert's rows (their key names the booking event, not a lead). */
export const BOOKING_ALERT_KIND = 'booking';

/**
 * The ledger key of a booking event's alerts: the same for every delivery of the job, and holding nothing of the
 * person (a hash of the provider, the booking id, the event and its time). Erasure finds a booking's alerts by it.
 */
export async function bookingAlertId(job: Pick<JobOf<'booking-alert'>, 'provider' | 'bookingId' | 'event' | 'at'>) {
  const data = new TextEncoder().encode([job.provider, job.bookingId, job.event, job.at].join('|'));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  return `booking:${hex.slice(0, 32)}`;
}

/**
 * The ledger keys every alert of a booking may have used (one per step of its history: a new or moved call alerts as
 * `created`, a cancellation as `cancelled`): what a person's copy and erasure add to the rows of their leads.
 */
export async function bookingAlertIds(booking: Pick<BookingRecord, 'provider' | 'id' | 'history'>) {
  const ids = await Promise.all(
    booking.history.map((step) =>
      bookingAlertId({
        provider: booking.provider,
        bookingId: booking.id,
        event: step.event === 'cancelled' ? 'cancelled' : 'created',
        at: step.at,
      }),
    ),
  );
  return [...new Set(ids)];
}

/**
 * The attendee's name as an alert shows it. Anyone can book on the tool's public page, so a name that fails the
 * site's name rule (one that reads as a web address, holds digits, @, / or :) is shown as "someone", never as
 * written; an empty one too. At most LIMITS.name characters.
 */
export function attendeeName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || !passesNameRule(trimmed)) return copy.someone;
  return Array.from(trimmed).slice(0, LIMITS.name).join('').trimEnd();
}

/**
 * The title of the program the booking link named: as published (`programs`), else the first version's title of
 * that slug, or "—" for none (or a slug the site never had a program of).
 */
export function bookingProgram(slug: string | undefined, programs: readonly ProgramContent[] = []): string {
  const published = programs.find((p) => p.slug === slug);
  if (published) return published.title;
  const known = PROGRAM_SLUGS.find((s) => s === slug);
  return known ? programTitle(known) : EMPTY_PARAM;
}

/** When the alert's call is: the start the event itself carried (its history step), else the booking's. */
function callStart(booking: BookingRecord, job: JobOf<'booking-alert'>): string {
  const step = booking.history.find((h) => h.event === job.event && h.at === job.at);
  return step?.startAt ?? booking.startAt;
}

/** Where the desk shows the booking: its lead's page when linked, else the list of bookings. */
export function bookingDeskLink(siteUrl: string, lead: { kind: string; id: string } | undefined): string {
  return lead ? `${siteUrl}/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}` : `${siteUrl}/desk/bookings`;
}

/**
 * One alert per owner: call_booked for a new booking, call_cancelled for a cancellation; the program named as
 * `programs` (the published ones) title it.
 */
export function bookingAlertSends(
  booking: BookingRecord,
  job: JobOf<'booking-alert'>,
  config: NotifyConfig,
  link: string,
  programs: readonly ProgramContent[] = [],
): Send[] {
  const definition = job.event === 'created' ? WHATSAPP_TEMPLATES.callBooked : WHATSAPP_TEMPLATES.callCancelled;
  const who = attendeeName(booking.name);
  const when = formatIndianDateTime(callStart(booking, job));
  const program = bookingProgram(booking.program, programs);
  return config.owners.map((owner) =>
    templateMessage(definition, owner.phone, 'owner', { body: [owner.name, who, when, program, link] }),
  );
}
