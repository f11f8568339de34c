import type { Env } from '../env';
import { bookingAlertIds } from '../notify/booking-templates';
import { getBookingStore, type BookingRecord } from '../store/bookings';
import type { LeadRecord } from '../store/listing';
import type { Person } from '../store/person';

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

/**
 * The bookings as a person's copy shows them. The attendee's name and address are what someone typed on the booking
 * tool's page: shown only when the address is one the owner confirmed as theirs; a call on their lead booked with
 * another address shows its time, program and history alone.
 */
export function bookingsCopy(bookings: BookingRecord[], people: Person[]) {
  const theirs = new Set(confirmedEmails(people));
  return bookings.map(({ name, email, lead, ...call }) => ({
    ...call,
    ...(theirs.has(email) ? { name, email } : { attendee: 'someone else’s address (not included)' }),
    ...(lead && { lead: { kind: lead.kind, id: lead.id, linkedBy: lead.by, linkedAt: lead.at } }),
  }));
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
