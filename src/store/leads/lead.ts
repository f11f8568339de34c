import * as z from 'zod';
import { consent as consentCopy } from '../../words/privacy';
import type { Attribution } from '../../shared/attribution';
import { LEAD_KINDS, type LeadKind } from '../../shared/lead-kinds';
import { E164 } from '../phone';
import { BOOKING_REF_PATTERN } from '../../shared/booking';

export type { Attribution };
export { LEAD_KINDS, type LeadKind };

// A lead as stored, one shape per kind (zod), and the table of what differs between the kinds (KINDS).

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
  /**
   * The opaque reference the lead's "Book a call" link carries (BOOKING_REF: random, 96 bits, hex), so that a
   * booking comes back to it; made when a quiz response or an enquiry is accepted. Absent on other kinds and on
   * leads stored before it existed.
   */
  bookingRef: z.string().regex(BOOKING_REF_PATTERN).optional(),
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
type LeadOf<K extends Lead['kind']> = Extract<Lead, { kind: K }>;

/** What every lead records besides its form's fields. */
export type LeadBase = Pick<Lead, 'id' | 'createdAt' | 'consent' | 'attribution'>;

/** The name, email and phone of a lead (a subscriber has only an email); search words are made from these. */
export interface Contact {
  name: string;
  email: string;
  phone: string;
}

// `K` must be a kind the schema has, and contactOf indexes the table with the schema's kinds: so the schema and
// the list of kinds (shared/lead-kinds.ts) cannot disagree without a type error.
interface KindRule<K extends Lead['kind']> {
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

/** The kinds of lead whose "Book a call" link carries a reference (Lead.bookingRef). */
export const BOOKABLE_KINDS = ['quiz', 'enquiry'] as const satisfies readonly LeadKind[];

/** Where each kind of lead lives: the Firestore collection and the D1 table share the name. */
export const COLLECTIONS = Object.fromEntries(LEAD_KINDS.map((k) => [k, KINDS[k].collection])) as Record<
  LeadKind,
  string
>;

/** The name, email and phone of any lead. */
export function contactOf(lead: Lead): Contact {
  return (KINDS[lead.kind].contact as (lead: Lead) => Contact)(lead);
}
