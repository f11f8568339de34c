import type { Contact } from '../leads/lead';
import { normalizePhone } from '../phone';
import { searchTokenOf } from '../leads/search-tokens';
import { isUserId } from '../../shared/user-id';

// A person: everything held about one email address or phone number (the owners' "find, copy, correct, erase").

/**
 * One person as an owner names them: an email address (lower case) or a phone number (E.164); a WhatsApp user id
 * (`US.…`) goes where a number does.
 */
export type Person = { email: string; phone?: undefined } | { phone: string; email?: undefined };

/**
 * The person a search box's text names, or null when it is neither a plausible email address nor a phone
 * number of `region` (numbers without a country code are read as numbers of that region).
 */
export function personOf(text: string, region: string): Person | null {
  const value = text.trim();
  if (value.includes('@')) {
    const email = value.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? { email } : null;
  }
  // A WhatsApp user id (a person who shows no number) stands for them as a number does.
  if (isUserId(value)) return { phone: value };
  const phone = normalizePhone(value, region);
  return phone ? { phone } : null;
}

/** The word a person's records are looked up by in the search index (then matched exactly by `holds`). */
export function personToken(person: Person): string {
  // The last eight digits are a stored word of any number however it was typed (with or without its country code).
  return person.email !== undefined ? searchTokenOf(person.email)! : person.phone.replace(/\D/g, '').slice(-8);
}

/** Whether a contact belongs to the person: the same address, or the same number however it was typed. */
export function holds(contact: Pick<Contact, 'email' | 'phone'>, person: Person, region: string): boolean {
  if (person.email !== undefined) return contact.email.trim().toLowerCase() === person.email;
  if (!contact.phone) return false;
  const digits = (v: string) => v.replace(/\D/g, '');
  return (
    (normalizePhone(contact.phone, region) ?? contact.phone) === person.phone ||
    digits(contact.phone) === digits(person.phone)
  );
}
