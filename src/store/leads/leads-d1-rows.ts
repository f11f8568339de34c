import { deskWriteOf, type DeskState, type FollowUpStatus, type LeadChange, type LeadRecord } from './listing';
import { COLLECTIONS, KINDS, consentOr, type Consent, type Lead, type LeadKind } from './lead';
import { marksOf, verdictOf } from './verdict';

// A lead as rows of D1: the INSERT it is stored with, the SELECT that reads it with the owners' follow-up
// (lead_desk), and a row read back as a lead.

export type Row = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const optional = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function json<T>(v: unknown, fallback: T): T {
  try {
    return typeof v === 'string' ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** A D1 row of one of the lead tables (joined with lead_desk) as the desk reads it. */
export function fromRow(kind: LeadKind, row: Row): LeadRecord {
  const desk = deskOf(row);
  const createdAt = text(row[KINDS[kind].timeColumn]);
  // Consent and attribution (migrations/0005), Turnstile's verdict (0018): NULL on leads stored before they were recorded.
  const base = {
    consent: consentOr(json<Consent | undefined>(row.consent, undefined), createdAt),
    ...(typeof row.attribution === 'string' && { attribution: json<Record<string, string>>(row.attribution, {}) }),
    ...marksOf(row.verdict),
    // The booking reference (migrations/0019): quiz responses and enquiries only, NULL on leads stored before it.
    ...(typeof row.booking_ref === 'string' && { bookingRef: row.booking_ref }),
  };
  switch (kind) {
    case 'quiz':
      return {
        kind,
        id: text(row.id),
        createdAt: text(row.created_at),
        answers: json<Record<string, string>>(row.answers, {}),
        contact: { first: '', last: '', email: '', phone: '', ...json<object>(row.contact, {}) },
        source: text(row.source),
        recommended: json<string[]>(row.recommended, []),
        ...(typeof row.newsletter_consent === 'string' && {
          newsletterConsent: json<Consent>(row.newsletter_consent, { version: '', at: '' }),
        }),
        ...base,
        desk,
      };
    case 'newsletter': {
      const unsubscribedAt = optional(row.unsubscribed_at);
      return {
        kind,
        id: text(row.id),
        createdAt,
        email: text(row.email),
        ...(typeof row.quiz_id === 'string' && { quizId: row.quiz_id }),
        ...(typeof row.tags === 'string' && { tags: json<string[]>(row.tags, []) }),
        ...base,
        desk,
        ...(unsubscribedAt !== undefined && { unsubscribedAt }),
      };
    }
    case 'enquiry':
      return {
        kind,
        id: text(row.id),
        createdAt: text(row.created_at),
        name: text(row.name),
        phone: text(row.phone),
        email: text(row.email),
        description: text(row.description),
        ...base,
        desk,
      };
  }
}

function deskOf(row: Row): DeskState {
  const desk: DeskState = { status: (optional(row.desk_status) as FollowUpStatus | undefined) ?? 'new' };
  const fields = {
    statusBy: row.desk_status_by,
    statusAt: row.desk_status_at,
    note: row.desk_note,
    noteBy: row.desk_note_by,
    noteAt: row.desk_note_at,
    correctedBy: row.desk_corrected_by,
    correctedAt: row.desk_corrected_at,
    owner: row.desk_owner,
    ownerBy: row.desk_owner_by,
    ownerAt: row.desk_owner_at,
    nextAt: row.desk_next_at,
    nextBy: row.desk_next_by,
    nextSetAt: row.desk_next_set_at,
  };
  for (const [k, v] of Object.entries(fields)) {
    const value = optional(v);
    if (value !== undefined) desk[k as keyof typeof fields] = value;
  }
  const corrected = json<unknown>(row.desk_corrected, undefined);
  if (Array.isArray(corrected)) desk.corrected = corrected.map(String);
  // A next date's note may be empty; it exists exactly when the date does.
  if (desk.nextAt !== undefined) desk.nextNote = text(row.desk_next_note);
  return desk;
}

/**
 * The INSERT that stores a new lead in its kind's table with its fingerprint (lead-fingerprint.ts); a repeat of
 * its id changes nothing.
 */
export function insertLead(db: D1Database, lead: Lead, fingerprint: string): D1PreparedStatement {
  switch (lead.kind) {
    case 'quiz':
      return db
        .prepare(
          `INSERT INTO quiz_responses (id, created_at, status, answers, contact, source, recommended, consent, attribution,
             newsletter_consent, verdict, booking_ref, body_hash)
           VALUES (?, ?, 'submitted', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
        )
        .bind(
          lead.id,
          lead.createdAt,
          JSON.stringify(lead.answers),
          JSON.stringify(lead.contact),
          lead.source,
          jsonText(lead.recommended),
          jsonText(lead.consent),
          jsonText(lead.attribution),
          jsonText(lead.newsletterConsent),
          verdictOf(lead) ?? null,
          lead.bookingRef ?? null,
          fingerprint,
        );
    case 'newsletter':
      return db
        .prepare(
          `INSERT INTO news_letter (id, email, subscribed_at, consent, attribution, quiz_id, tags, verdict, body_hash)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
        )
        .bind(
          lead.id,
          lead.email,
          lead.createdAt,
          jsonText(lead.consent),
          jsonText(lead.attribution),
          lead.quizId ?? null,
          jsonText(lead.tags),
          verdictOf(lead) ?? null,
          fingerprint,
        );
    case 'enquiry':
      return db
        .prepare(
          `INSERT INTO enquiries (id, name, phone, email, description, created_at, consent, attribution, verdict,
             booking_ref, body_hash)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
        )
        .bind(
          lead.id,
          lead.name,
          lead.phone,
          lead.email,
          lead.description,
          lead.createdAt,
          jsonText(lead.consent),
          jsonText(lead.attribution),
          verdictOf(lead) ?? null,
          lead.bookingRef ?? null,
          fingerprint,
        );
  }
}

/** The columns a corrected contact rewrites, with their new values. */
export function contactColumns(lead: Lead): Record<string, unknown> {
  return lead.kind === 'quiz'
    ? { contact: JSON.stringify(lead.contact) }
    : lead.kind === 'newsletter'
      ? { email: lead.email }
      : { name: lead.name, email: lead.email, phone: lead.phone };
}

/** lead_desk's columns for a change's fields (deskWriteOf), with their values: the owners' follow-up as D1 keeps it. */
export function deskColumns(change: Exclude<LeadChange, { correction: unknown }>): Record<string, string | null> {
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return Object.fromEntries(Object.entries(deskWriteOf(change)).map(([name, value]) => [snake(name), value ?? null]));
}

/** The lead's columns with its follow-up (no lead_desk row: status new). */
export function selectLeads(kind: LeadKind, from = `${COLLECTIONS[kind]} t`): string {
  return `SELECT t.*, d.status AS desk_status, d.status_by AS desk_status_by, d.status_at AS desk_status_at,
    d.note AS desk_note, d.note_by AS desk_note_by, d.note_at AS desk_note_at,
    d.corrected AS desk_corrected, d.corrected_by AS desk_corrected_by, d.corrected_at AS desk_corrected_at,
    d.owner AS desk_owner, d.owner_by AS desk_owner_by, d.owner_at AS desk_owner_at, d.next_at AS desk_next_at,
    d.next_note AS desk_next_note, d.next_by AS desk_next_by, d.next_set_at AS desk_next_set_at
    FROM ${from} LEFT JOIN lead_desk d ON d.kind = '${kind}' AND d.id = t.id`;
}

/** A map or list as JSON text; NULL when absent (no attribution, or a lead parked before these fields existed). */
export function jsonText(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
