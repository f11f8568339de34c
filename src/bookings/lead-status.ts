import type { BookingLink, BookingProvider, BookingRecord } from '../store/bookings/bookings';
import type { FollowUpStatus, LeadRecord } from '../store/leads/listing';
import type { LeadStore } from '../store/leads/port';
import type { ClientStore } from '../store/clients/clients';

/** Who changed a lead's status when a booking tool did (the desk shows it beside the status). */
export const TOOL_NAMES: Record<BookingProvider, string> = { calcom: 'Cal.com', calendly: 'Calendly' };

/**
 * The lead a new booking belongs to: only the one whose "Book a call" link carried its reference. The attendee's name
 * and address are whatever someone typed on the tool's public page, and a lead's address was never proved to be its
 * sender's, so a booking without the reference links to no lead by itself: it waits on the desk, with the leads
 * holding its address as candidates, until an owner links it.
 */
export async function matchLead(
  leads: LeadStore,
  booking: Pick<BookingRecord, 'ref'>,
): Promise<{ lead: LeadRecord; by: 'ref' } | null> {
  if (!booking.ref) return null;
  const lead = await leads.findByBookingRef(booking.ref);
  return lead ? { lead, by: 'ref' } : null;
}

/**
 * The client a booking from their private page belongs to: the engagement whose "Book next session" link carried
 * its own reference, and so the engagement's lead. A client's call changes no status: they stay `client`.
 */
export async function matchEngagement(
  leads: LeadStore,
  clients: ClientStore,
  booking: Pick<BookingRecord, 'ref'>,
): Promise<{ lead: LeadRecord; by: 'ref' } | null> {
  if (!booking.ref) return null;
  const engagement = await clients.engagementByReference(booking.ref);
  if (!engagement) return null;
  const lead = await leads.get(engagement.lead.kind, engagement.lead.id);
  return lead ? { lead, by: 'ref' } : null;
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
