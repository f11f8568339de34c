import type { DeskState, FollowUpStatus, LeadRecord } from './listing';
import { KINDS, consentOr, type Consent, type LeadKind } from './lead';
import { marksOf } from './verdict';

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
  };
  for (const [k, v] of Object.entries(fields)) {
    const value = optional(v);
    if (value !== undefined) desk[k as keyof typeof fields] = value;
  }
  const corrected = json<unknown>(row.desk_corrected, undefined);
  if (Array.isArray(corrected)) desk.corrected = corrected.map(String);
  return desk;
}
