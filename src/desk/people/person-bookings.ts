import type { Env } from '../../env';
import { bookingAlertIds } from '../../notify/bookings/booking-templates';
import { reminderPrefix } from '../../notify/reminders/reminder-keys';
import { type BookingRecord } from '../../store/bookings/bookings';
import { getBookingStore } from '../../store/bookings/open';
import type { LeadRecord } from '../../store/leads/listing';
import type { Person } from '../../store/people/person';

/**
 * A person's booked calls: those linked to their leads (part of the lead) and those made with an address the owner
 * confirmed as theirs. Each once.
 */
export async function bookingsOfPerson(env: Env, people: Person[], leads: LeadRecord[]): Promise<BookingRecord[]> {
  const store = getBookingStore(env);
  const found = new Map<string, BookingRecord>();
  const add = (list: BookingRecord[]) => list.forEach((b) => found.set(`${b.provider}:${b.id}`, b));
  for (const lead of leads) if (lead.kind !== 'newsletter') add(await store.forLead(lead.kind, lead.id));
  for (const email of confirmedEmails(people)) add(await store.withEmail(email));
  return [...found.values()].sort((a, b) => b.startAt.localeCompare(a.startAt));
}

const confirmedEmails = (people: Person[]) => people.flatMap((p) => (p.email ? [p.email.trim().toLowerCase()] : []));

/** The bookings made with an address the owner confirmed as the person's: theirs in full. */
export function bookingsMadeBy(bookings: BookingRecord[], people: Person[]): BookingRecord[] {
  const theirs = new Set(confirmedEmails(people));
  return bookings.filter((b) => theirs.has(b.email.trim().toLowerCase()));
}

/**
 * The bookings as a person's copy shows them. A booking is the person's when it was made with an address the owner
 * confirmed as theirs: then it is shown whole. A call on their lead booked with another address is someone else's
 * booking: the copy shows only that a call was booked on their lead, when, for which program and where it stands;
 * never the attendee's name or address, the tool's booking id (it opens the booking's cancel and reschedule pages),
 * its reference or its history.
 */
export function bookingsCopy(bookings: BookingRecord[], people: Person[]) {
  const theirs = new Set(bookingsMadeBy(bookings, people));
  return bookings.map((b) => {
    const lead = b.lead && { lead: { kind: b.lead.kind, id: b.lead.id, linkedBy: b.lead.by, linkedAt: b.lead.at } };
    if (theirs.has(b)) {
      const { lead: _link, ...whole } = b;
      return { ...whole, ...lead };
    }
    const { provider, status, startAt, endAt, program } = b;
    return {
      provider,
      status,
      startAt,
      endAt,
      ...(program !== undefined && { program }),
      attendee: 'someone else’s address (not included)',
      ...lead,
    };
  });
}

/** Erases the bookings; answers how many there were. */
export async function eraseBookings(env: Env, bookings: BookingRecord[]): Promise<number> {
  const store = getBookingStore(env);
  let erased = 0;
  for (const b of bookings) if (await store.erase(b.provider, b.id)) erased += 1;
  return erased;
}

/** The ledger keys of the owners' alerts about these bookings (each carries the attendee's name). */
export async function bookingAlertKeys(bookings: BookingRecord[]): Promise<string[]> {
  return (await Promise.all(bookings.map((b) => bookingAlertIds(b)))).flat();
}

/** The ledger keys (LIKE patterns) of the reminders of these bookings' calls, at any time they had. */
export async function bookingReminderPatterns(bookings: BookingRecord[]): Promise<string[]> {
  return Promise.all(bookings.map(async (b) => `${await reminderPrefix(b)}%`));
}
