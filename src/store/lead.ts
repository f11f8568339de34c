import * as z from 'zod';
import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { consent as consentCopy } from '../content/privacy';
import type { Attribution } from '../shared/attribution';

export type { Attribution };

/** A phone number in E.164 form (+ and up to 15 digits), as every number the site sends to is kept. */
export const E164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone must be E.164');

/**
 * Turns a number as a visitor typed it ("098123 45678", "+91 98123-45678", "0091 9812345678") into E.164
 * ("+919812345678"), reading numbers without a country code as numbers of `region`. Null when the result could
 * not be a real number of its country, so it is refused before anything is stored or addressed to it.
 *
 * The default (min) metadata checks length and leading digits, not every digit pattern: enough to catch typos
 * without adding 65 kB of metadata to the Worker.
 */
export function normalizePhone(raw: string, region: string): string | null {
  const text = raw.trim();
  // Letters are never part of a number a visitor means (libphonenumber would read "1-800-FLOWERS").
  if (text === '' || /[a-z]/i.test(text)) return null;
  const country = isSupportedCountry(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text, country ? { defaultCountry: country } : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/** The consent a lead records, or for one stored before consent was recorded, that it was not. */
export function consentOr(consent: Consent | undefined, createdAt: string): Consent {
  return consent ?? { version: consentCopy.notRecorded, at: createdAt };
}

const ConsentSchema = z.object({ version: z.string(), at: z.string() });
/** The consent notice a visitor was shown with the form (its version) and when they sent it (ISO). */
export type Consent = z.output<typeof ConsentSchema>;

const base = {
  /** The submission id. */
  id: z.string().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  /**
   * False when Turnstile is configured and the submission had no verified token: then no message goes to
   * a number it typed, and the owners hear of it only as a count in their hourly digest. Absent on leads
   * queued before the rule existed, all of which had passed Turnstile where it was on.
   */
  verified: z.boolean().optional(),
  /** Turnstile could not be checked (siteverify unreachable): no message to a typed number, owners told one by one. */
  unchecked: z.boolean().optional(),
  // Leads queued before consent and attribution were recorded have neither.
  consent: ConsentSchema.optional(),
  /** First-touch attribution of the visit; absent when the visit had none. */
  attribution: z
    .record(z.string(), z.string())
    .transform((a): Attribution => a)
    .optional(),
};

/**
 * A lead as stored: what the storage port writes, what the queue carries and what the notification step
 * receives. Queue bodies cross a deploy boundary (a job enqueued by an older version may reach a newer
 * one), so a lead in a job is parsed with this schema rather than trusted.
 */
export const LeadSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('quiz'),
      ...base,
      answers: z.record(z.string(), z.string()),
      contact: z.object({ first: z.string(), last: z.string(), email: z.string(), phone: z.string() }),
      source: z.string(),
      /** Titles of the programs the quiz recommended, most fitting first. */
      recommended: z.array(z.string()).default([]),
      /** Present only when the visitor ticked "Also send me the newsletter": that box's notice, and when. */
      newsletterConsent: ConsentSchema.optional(),
    }),
    z.object({
      kind: z.literal('newsletter'),
      ...base,
      email: z.string(),
      /**
       * A subscription made with the quiz's "Also send me the newsletter" box: that quiz response's id, and the
       * tags the newsletter tool gives the subscriber (`quiz-<program id>`). Absent for a signup on the form.
       */
      quizId: z.string().min(1).optional(),
      tags: z.array(z.string().min(1).max(100)).max(20).optional(),
    }),
    z.object({
      kind: z.literal('enquiry'),
      ...base,
      name: z.string(),
      phone: E164,
      email: z.string(),
      description: z.string(),
    }),
  ])
  .transform((lead) => ({ ...lead, consent: consentOr(lead.consent, lead.createdAt) }));

export type Lead = z.output<typeof LeadSchema>;
export type LeadKind = Lead['kind'];
type LeadOf<K extends LeadKind> = Extract<Lead, { kind: K }>;

/** What every lead records besides its form's fields. */
export type LeadBase = Pick<Lead, 'id' | 'createdAt' | 'consent' | 'attribution'>;

/** The name, email and phone of a lead (a subscriber has only an email); search words are made from these. */
export interface Contact {
  name: string;
  email: string;
  phone: string;
}

interface KindRule<K extends LeadKind> {
  /** The Firestore collection and the D1 table (they share the name). */
  collection: string;
  /** The arrival time's field in Firestore and its column in D1. */
  timeField: string;
  timeColumn: string;
  contact(lead: LeadOf<K>): Contact;
}

/** What differs between the kinds of lead, in one place. */
export const KINDS: { [K in LeadKind]: KindRule<K> } = {
  quiz: {
    collection: 'quiz_responses',
    timeField: 'createdAt',
    timeColumn: 'created_at',
    contact: (lead) => ({
      name: `${lead.contact.first} ${lead.contact.last}`.trim(),
      email: lead.contact.email,
      phone: lead.contact.phone,
    }),
  },
  newsletter: {
    collection: 'news_letter',
    timeField: 'subscribedAt',
    timeColumn: 'subscribed_at',
    contact: (lead) => ({ name: '', email: lead.email, phone: '' }),
  },
  enquiry: {
    collection: 'enquiries',
    timeField: 'createdAt',
    timeColumn: 'created_at',
    contact: (lead) => ({ name: lead.name, email: lead.email, phone: lead.phone }),
  },
};

export const LEAD_KINDS = Object.keys(KINDS) as LeadKind[];

/** Where each kind of lead lives: the Firestore collection and the D1 table share the name. */
export const COLLECTIONS = Object.fromEntries(LEAD_KINDS.map((k) => [k, KINDS[k].collection])) as Record<
  LeadKind,
  string
>;

/** The name, email and phone of any lead. */
export function contactOf(lead: Lead): Contact {
  return (KINDS[lead.kind].contact as (lead: Lead) => Contact)(lead);
}

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

/**
 * A store that could not take the write: the message is safe to log (never holds
 * a credential). `permanent` marks a refusal retrying cannot fix (the store
 * answered that the write itself is invalid or not allowed), as opposed to the
 * store being down or slow.
 */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
  readonly permanent: boolean;

  constructor(message: string, options?: { cause?: unknown; permanent?: boolean }) {
    super(message, options);
    this.permanent = options?.permanent ?? false;
  }
}

// A person: everything held about one email address or phone number (the owners' "find, copy, correct, erase").

/** One person as an owner names them: an email address (lower case) or a phone number (E.164). */
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

/** A correction of a lead's contact: only the fields its kind has are applied. */
export interface Correction {
  first?: string;
  last?: string;
  name?: string;
  email?: string;
  phone?: string;
}

/** The lead with the corrected fields applied, and which fields changed. */
export function corrected<L extends Lead>(lead: L, correction: Correction): { lead: L; fields: string[] } {
  const fields: string[] = [];
  const pick = (key: keyof Correction, current: string) => {
    const value = correction[key];
    if (value === undefined || value === current) return current;
    fields.push(key);
    return value;
  };
  switch (lead.kind) {
    case 'quiz': {
      const c = lead.contact;
      const contact = {
        first: pick('first', c.first),
        last: pick('last', c.last),
        email: pick('email', c.email),
        phone: pick('phone', c.phone),
      };
      return { lead: { ...lead, contact }, fields };
    }
    case 'newsletter':
      return { lead: { ...lead, email: pick('email', lead.email) }, fields };
    case 'enquiry':
      return {
        lead: {
          ...lead,
          name: pick('name', lead.name),
          email: pick('email', lead.email),
          phone: pick('phone', lead.phone),
        },
        fields,
      };
  }
  return { lead, fields };
}

/** The fields an owner can correct on each kind of lead, in the order the form shows them. */
export const CORRECTABLE: { [K in LeadKind]: Array<keyof Correction> } = {
  quiz: ['first', 'last', 'email', 'phone'],
  newsletter: ['email'],
  enquiry: ['name', 'email', 'phone'],
};
