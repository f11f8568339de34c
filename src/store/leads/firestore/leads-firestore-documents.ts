import { KINDS, consentOr, type Consent, type Lead, type LeadKind } from '../lead';
import { searchTokens } from '../search-tokens';
import { FOLLOW_UP_STATUSES, type DeskState, type FollowUpStatus, type LeadRecord } from '../listing';
import type { Document, Value } from '../../firestore/firestore-client';
import { marksOf, verdictOf } from '../verdict';

// A lead as a Firestore document: the fields it is written with, and how a stored document reads as a lead.

/** The owners' follow-up lives on the lead document under these fields. */
export const DESK_FIELDS = {
  status: 'deskStatus',
  statusBy: 'deskStatusBy',
  statusAt: 'deskStatusAt',
  note: 'deskNote',
  noteBy: 'deskNoteBy',
  noteAt: 'deskNoteAt',
  corrected: 'deskCorrected',
  correctedBy: 'deskCorrectedBy',
  correctedAt: 'deskCorrectedAt',
  owner: 'deskOwner',
  ownerBy: 'deskOwnerBy',
  ownerAt: 'deskOwnerAt',
  nextAt: 'deskNextAt',
  nextNote: 'deskNextNote',
  nextBy: 'deskNextBy',
  nextSetAt: 'deskNextSetAt',
} as const;

/** The follow-up fields stored as timestamps (the rest are strings). */
export const DESK_TIMES = ['statusAt', 'noteAt', 'correctedAt', 'ownerAt', 'nextAt', 'nextSetAt'] as const;

/**
 * The later of a lead's arrival and its last status or note change (lastContactOf), kept on the document so
 * the retention query is one range on one field: set at arrival, with each status or note, and by the
 * search-word refresh for documents stored before it existed.
 */
export const LAST_CONTACT = 'lastContactAt';

/**
 * A lead's document: its form's fields, with the words the desk searches by (searchTokens, queried with
 * array-contains), each with its consent {version, at (a timestamp)}, Turnstile's `verdict` (verdict.ts) when the
 * lead carries one, and, when the visit had any, its attribution map; a quiz response also with `recommended`,
 * the program titles, and `newsletterConsent` {version, at} when the newsletter box was ticked; a subscription
 * made with the quiz, its `quizId` and `tags`; a quiz response and an enquiry, its `bookingRef` (looked up by
 * equality on its single-field index); every lead, its fingerprint `bodyHash` (lead-fingerprint.ts), which a
 * repeat of its submission id is compared with. The arrival time is stamped by Firestore.
 */
export function documentFor(lead: Lead, fingerprint: string): Record<string, unknown> {
  // Fields a lead lacks (attribution when the visit had none) are left out: Firestore has no "undefined".
  const common = {
    searchTokens: searchTokens(lead),
    bodyHash: fingerprint,
    consent: consentMap(lead.consent),
    attribution: lead.attribution,
    verdict: verdictOf(lead),
  };
  switch (lead.kind) {
    case 'quiz':
      return defined({
        status: 'submitted',
        answers: lead.answers,
        contact: lead.contact,
        source: lead.source,
        recommended: lead.recommended,
        newsletterConsent: consentMap(lead.newsletterConsent),
        bookingRef: lead.bookingRef,
        ...common,
      });
    case 'newsletter':
      return defined({ email: lead.email, quizId: lead.quizId, tags: lead.tags, ...common });
    case 'enquiry':
      return defined({
        name: lead.name,
        phone: lead.phone,
        email: lead.email,
        description: lead.description,
        bookingRef: lead.bookingRef,
        ...common,
      });
  }
}

/** consent as stored: its time as a Firestore timestamp. A lead parked before consent was recorded has none. */
function consentMap(consent: Consent | undefined): { version: string; at: Date } | undefined {
  return consent && { version: consent.version, at: new Date(consent.at) };
}

function defined(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== undefined));
}

/** A stored document as the desk reads it (a lead with the owners' follow-up). */
export function fromDocument(kind: LeadKind, doc: Document): LeadRecord {
  const f = Object.fromEntries(Object.entries(doc.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  const id = decodeURIComponent(doc.name.slice(doc.name.lastIndexOf('/') + 1));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const createdAt = isoOf(f[KINDS[kind].timeField]);
  const desk = deskOf(f);
  // Consent, attribution and Turnstile's verdict: absent on leads stored before they were recorded.
  const consent = (f.consent ?? {}) as Record<string, unknown>;
  const attribution = f.attribution as Record<string, unknown> | undefined;
  const base = {
    consent: consentOr(
      consent.version ? { version: text(consent.version), at: isoOf(consent.at) } : undefined,
      createdAt,
    ),
    ...(attribution && { attribution: Object.fromEntries(Object.entries(attribution).map(([k, v]) => [k, text(v)])) }),
    ...marksOf(f.verdict),
    ...(typeof f.bookingRef === 'string' && { bookingRef: f.bookingRef }),
  };
  switch (kind) {
    case 'quiz': {
      const contact = (f.contact ?? {}) as Record<string, unknown>;
      const optIn = f.newsletterConsent as Record<string, unknown> | undefined;
      const answers = Object.fromEntries(
        Object.entries((f.answers ?? {}) as Record<string, unknown>).map(([k, v]) => [k, text(v)]),
      );
      return {
        kind,
        id,
        createdAt,
        answers,
        contact: {
          first: text(contact.first),
          last: text(contact.last),
          email: text(contact.email),
          phone: text(contact.phone),
        },
        source: text(f.source),
        recommended: Array.isArray(f.recommended) ? f.recommended.map(text) : [],
        ...(optIn?.version !== undefined && {
          newsletterConsent: { version: text(optIn.version), at: isoOf(optIn.at) },
        }),
        ...base,
        desk,
      };
    }
    case 'newsletter':
      return {
        kind,
        id,
        createdAt,
        email: text(f.email),
        ...(typeof f.quizId === 'string' && { quizId: f.quizId }),
        ...(Array.isArray(f.tags) && { tags: f.tags.map(text) }),
        ...base,
        desk,
        ...(typeof f.unsubscribedAt === 'string' && { unsubscribedAt: isoOf(f.unsubscribedAt) }),
      };
    case 'enquiry':
      return {
        kind,
        id,
        createdAt,
        name: text(f.name),
        phone: text(f.phone),
        email: text(f.email),
        description: text(f.description),
        ...base,
        desk,
      };
  }
}

function deskOf(f: Record<string, unknown>): DeskState {
  const status = FOLLOW_UP_STATUSES.includes(f[DESK_FIELDS.status] as FollowUpStatus)
    ? (f[DESK_FIELDS.status] as FollowUpStatus)
    : 'new';
  const desk: DeskState = { status };
  for (const key of ['statusBy', 'note', 'noteBy', 'correctedBy', 'owner', 'ownerBy', 'nextBy'] as const) {
    const v = f[DESK_FIELDS[key]];
    if (typeof v === 'string' && v !== '') desk[key] = v;
  }
  for (const key of DESK_TIMES) {
    const v = f[DESK_FIELDS[key]];
    if (typeof v === 'string' && v !== '') desk[key] = isoOf(v);
  }
  const corrected = f[DESK_FIELDS.corrected];
  if (Array.isArray(corrected)) desk.corrected = corrected.map(String);
  // A next date's note may be empty; it exists exactly when the date does.
  if (desk.nextAt !== undefined)
    desk.nextNote = typeof f[DESK_FIELDS.nextNote] === 'string' ? String(f[DESK_FIELDS.nextNote]) : '';
  return desk;
}

/** Firestore's microsecond timestamps as the millisecond ISO strings the rest of the site uses. */
function isoOf(v: unknown): string {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** A typed REST value as a plain one; timestamps stay strings (exact, for cursors). */
export function plain(value: Value | undefined): unknown {
  if (!value) return undefined;
  const [kind, v] = Object.entries(value)[0] ?? [];
  switch (kind) {
    case 'mapValue':
      return Object.fromEntries(
        Object.entries(((v as { fields?: Record<string, Value> }).fields ?? {}) as Record<string, Value>).map(
          ([k, inner]) => [k, plain(inner)],
        ),
      );
    case 'arrayValue':
      return ((v as { values?: Value[] }).values ?? []).map(plain);
    case 'integerValue':
      return Number(v);
    case 'nullValue':
      return null;
    default:
      return v;
  }
}
