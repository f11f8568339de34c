import { contactOf, type Lead } from './lead';

// The words a lead is found by in the desk: the same in both stores.

/** The shortest start of a word an owner can search by, and the longest start stored (a longer search is cut to it). */
export const SEARCH_PREFIX = { min: 3, max: 32 } as const;
/**
 * Raised whenever the words a lead is found by change: the cron then rewrites every stored lead's
 * words (search-backfill.ts), so older leads are found like new ones. Version 3 also gave every Firestore
 * lead the last-contact time its retention query needs.
 */
export const SEARCH_VERSION = 3;

/** Every start of `text` from the shortest searchable length to the longest stored (the text itself when shorter). */
function starts(text: string, into: Set<string>): void {
  if (!text) return;
  if (text.length < SEARCH_PREFIX.min) into.add(text);
  for (let n = SEARCH_PREFIX.min; n <= Math.min(text.length, SEARCH_PREFIX.max); n++) {
    const start = text.slice(0, n);
    if (!start.endsWith(' ')) into.add(start);
  }
}

/**
 * The words a lead can be found by, lower case, so a search box finds what an owner remembers:
 * the start of the name or of any word in it ("nil" finds Nila, "asha ver" Asha Verma), the start
 * of the email address or of its domain ("asha.v", "example"), and the phone number's last digits
 * (at least three, up to the whole number). Both stores match a search against these exactly, so the
 * same search finds the same leads in either.
 */
export function searchTokens(lead: Lead): string[] {
  const { name, email, phone } = contactOf(lead);
  const tokens = new Set<string>();
  const cleanName = name.toLowerCase().replace(/\s+/g, ' ').trim();
  starts(cleanName, tokens);
  for (const word of cleanName.split(' ').slice(1)) starts(word, tokens);
  const address = email.trim().toLowerCase();
  starts(address, tokens);
  starts(address.slice(address.lastIndexOf('@') + 1), tokens);
  const digits = phone.replace(/\D/g, '');
  for (let n = SEARCH_PREFIX.min; n <= digits.length; n++) tokens.add(digits.slice(-n));
  if (digits.length > 0 && digits.length < SEARCH_PREFIX.min) tokens.add(digits);
  return [...tokens];
}

/**
 * The one token a search box's text is matched as; null when there is nothing to search for. Digits
 * (with the signs a phone number is written with) are the number's last digits; anything else is
 * the start of a name, address or domain, cut to the longest start stored.
 */
export function searchTokenOf(q: string): string | null {
  const text = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return null;
  if (/^[+\d\s().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    return digits.length > 0 ? digits : null;
  }
  return text.slice(0, SEARCH_PREFIX.max).trim();
}
