import type { BookingLink, BookingProvider, BookingRecord } from '../store/bookings';
import { contactOf } from '../store/lead';
import type { FollowUpStatus, LeadRecord } from '../store/listing';
import type { LeadStore } from '../store/port';

/** Who changed a lead's status when a booking tool did (the desk shows it beside the status). */
export const TOOL_NAMES: Record<BookingProvider, string> = { calcom: 'Cal.com', calendly: 'Calendly' };

/** How many leads with the attendee's address are looked at, newest first: more than one person ever has. */
const EMAIL_CANDIDATES = 20;

/**
 * The lead a new booking belongs to: the one whose link carried its reference; else the newest quiz response or
 * enquiry with the attendee's address that passed the form's check (an unverified lead's address may be anyone's).
 */
export async function matchLead(
  leads: LeadStore,
  booking: Pick<BookingRecord, 'ref' | 'email'>,
): Promise<{ lead: LeadRecord; by: 'ref' | 'email' } | null> {
  if (booking.ref) {
    const lead = await leads.findByBookingRef(booking.ref);
    if (lead) return { lead, by: 'ref' };
  }
  if (!booking.email) return null;
  const { leads: found } = await leads.list({ q: booking.email, limit: EMAIL_CANDIDATES });
  const lead = found.find(
    (l) =>
      (l.kind === 'quiz' || l.kind === 'enquiry') &&
      l.verified !== false &&
      contactOf(l).email?.trim().toLowerCase() === booking.email,
  );
  return lead ? { lead, by: 'email' } : null;
}

/**
 * Marks a lead booked; answers the status it had, to restore when the call is cancelled. A lead already booked
 * or a client keeps its status (undefined: nothing to restore).
 */
export async function bookedStatus(
  leads: LeadStore,
  lead: LeadRecord,
  by: string,
  at: string,
): Promise<FollowUpStatus | undefined> {
  const before = lead.desk.status;
  if (before === 'booked' || before === 'client') return undefined;
  await leads.update(lead.kind, lead.id, { status: 'booked', by, at });
  return before;
}

/**
 * After a cancellation: a lead still `booked` goes back to the status it had before the call (`fallback` when
 * this booking did not set it); one an owner has moved on since (contacted, client, closed) is left as it is.
 */
export async function restoredStatus(
  leads: LeadStore,
  link: BookingLink,
  fallback: FollowUpStatus,
  by: string,
  at: string,
): Promise<void> {
  const lead = await leads.get(link.kind, link.id);
  if (!lead || lead.desk.status !== 'booked') return;
  await leads.update(link.kind, link.id, { status: link.statusBefore ?? fallback, by, at });
}
