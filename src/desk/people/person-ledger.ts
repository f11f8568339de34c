import { readConfig, type Env } from '../../env';
import { replyAlertId, senderRef } from '../../notify/conversations/replies';
import { nudgeRowsOf } from '../../notify/nudges/nudge-keys';
import type { LedgerMatch } from '../../notify/people/forget';
import type { BookingRecord } from '../../store/bookings/bookings';
import { deadContact, type DeadLead } from '../../store/leads/dead-leads';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { holds, type Person } from '../../store/people/person';
import { isWhatsAppAddress } from '../../store/phone';
import { bookingReminderPatterns } from './person-bookings';

// Which rows of the delivery ledger are a person's: what their copy shows and their erasure forgets.

/** A person's identifier as the desk names them: their address, else their number. */
export const idOf = (person: Person): string => person.email ?? person.phone;

/** The values a ledger row may hold for these identifiers: each as stored, and as the records wrote it. */
function spellings(people: Person[], leads: LeadRecord[], dead: DeadLead[], region: string): string[] {
  const ids = new Set(people.map(idOf));
  const raw = [...leads.map(contactOf), ...dead.map((d) => deadContact(d.lead))].flatMap((c) => [c.email, c.phone]);
  const same = raw.filter((v): v is string => Boolean(v) && people.some((p) => holds(asContact(v!), p, region)));
  return [...new Set([...ids, ...same])];
}

const asContact = (value: string) => (value.includes('@') ? { email: value, phone: '' } : { email: '', phone: value });

/**
 * The ledger rows of the confirmed person: those addressed to a confirmed identifier, those about their leads
 * (owner alerts carry their name) unless addressed to an unconfirmed one, and the owners' alerts of what a
 * confirmed number wrote on WhatsApp (keyed by its pseudonym, not by a lead).
 */
export async function ledgerMatch(
  env: Env,
  people: Person[],
  others: Person[],
  leads: LeadRecord[],
  dead: DeadLead[],
  region: string,
  /** The ledger keys of the owners' alerts about their calls and payments. */
  alerts: string[],
  /** Their bookings whose reminders are theirs. */
  reminded: BookingRecord[],
): Promise<LedgerMatch> {
  const contacts = spellings(people, leads, dead, region);
  const key = readConfig(env).privacy.erasureKey;
  const refs = await Promise.all(phonesOf(people).map((phone) => senderRef(phone, key)));
  // The owners' nudges about their leads and their conversations carry their first name.
  const nudges = nudgeRowsOf(leads, refs);
  return {
    recipients: contacts,
    submissionIds: [
      ...new Set([...leads.map((l) => l.id), ...dead.map((d) => d.id), ...alerts, ...nudges.submissionIds]),
    ],
    contacts,
    exclude: spellings(others, leads, dead, region),
    submissionPatterns: [
      ...refs.map((ref) => replyAlertId({ hourStart: '%', sender: ref })),
      ...(await bookingReminderPatterns(reminded)),
      ...nudges.patterns,
    ],
  };
}

/** The WhatsApp addresses among the identifiers (numbers, E.164, and user ids): conversations are kept by them. */
export const phonesOf = (people: Person[]) =>
  people.flatMap((p) => (p.phone && isWhatsAppAddress(p.phone) ? [p.phone] : []));
