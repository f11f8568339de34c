import { COLLECTIONS, KINDS, consentOr, type Lead, type LeadKind } from './lead';
import { searchTokenOf, searchTokens } from './search-tokens';
import {
  FOLLOW_UP_STATUSES,
  includesCursorRow,
  lastContactOf,
  type DeskState,
  type FollowUpStatus,
  type LeadChange,
  type LeadQuery,
  type LeadRecord,
  type Position,
} from './listing';
import type { Document, FirestoreClient, Value } from './firestore-client';
import { marksOf } from './verdict';

/** The owners' follow-up lives on the lead document under these fields. */
const DESK_FIELDS = {
  status: 'deskStatus',
  statusBy: 'deskStatusBy',
  statusAt: 'deskStatusAt',
  note: 'deskNote',
  noteBy: 'deskNoteBy',
  noteAt: 'deskNoteAt',
  corrected: 'deskCorrected',
  correctedBy: 'deskCorrectedBy',
  correctedAt: 'deskCorrectedAt',
} as const;

/**
 * The later of a lead's arrival and its last status or note change (lastContactOf), kept on the document so
 * the retention query is one range on one field: set at arrival, with each status or note, and by the
 * search-word refresh for documents stored before it existed.
 */
export const LAST_CONTACT = 'lastContactAt';

/**
 * One kind's page: a runQuery ordered by arrival time and document name, both
 * descending, started at the cursor. A search adds `searchTokens array-contains`,
 * which (with the time range and order) uses the composite index declared in
 * firestore.indexes.json.
 */
export async function queryKind(
  client: FirestoreClient,
  kind: LeadKind,
  query: LeadQuery,
  after: Position | null,
  limit: number,
): Promise<Array<LeadRecord & { at: string }>> {
  const time = KINDS[kind].timeField;
  const filters: Value[] = [];
  const token = query.q ? searchTokenOf(query.q) : null;
  if (token) filters.push(fieldFilter('searchTokens', 'ARRAY_CONTAINS', { stringValue: token }));
  if (query.from) filters.push(fieldFilter(time, 'GREATER_THAN_OR_EQUAL', { timestampValue: query.from }));
  if (query.to) filters.push(fieldFilter(time, 'LESS_THAN', { timestampValue: query.to }));
  const structuredQuery: Value = {
    from: [{ collectionId: COLLECTIONS[kind] }],
    orderBy: [
      { field: { fieldPath: time }, direction: 'DESCENDING' },
      { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
    ],
    limit,
  };
  if (filters.length === 1) structuredQuery.where = filters[0];
  if (filters.length > 1) structuredQuery.where = { compositeFilter: { op: 'AND', filters } };
  if (after) {
    structuredQuery.startAt = {
      values: [{ timestampValue: after.at }, { referenceValue: `${client.prefix}/${COLLECTIONS[kind]}/${after.id}` }],
      // before: true starts at the cursor's own document (included), false just after it.
      before: includesCursorRow(kind, after),
    };
  }
  const documents = await client.query(structuredQuery);
  return documents.map((document) => {
    const record = fromDocument(kind, document);
    return { ...record, at: String(plain(document.fields?.[time]) ?? '') };
  });
}

export async function getDocument(client: FirestoreClient, kind: LeadKind, id: string): Promise<LeadRecord | null> {
  const doc = await client.get(COLLECTIONS[kind], id);
  return doc && fromDocument(kind, doc);
}

/** Sets only the changed follow-up fields (updateMask), refusing to create a document that does not exist. */
export async function patchDesk(
  client: FirestoreClient,
  kind: LeadKind,
  id: string,
  change: LeadChange,
): Promise<boolean> {
  const fields: Record<string, Value> =
    'status' in change
      ? {
          [DESK_FIELDS.status]: { stringValue: change.status },
          [DESK_FIELDS.statusBy]: { stringValue: change.by },
          [DESK_FIELDS.statusAt]: { timestampValue: change.at },
        }
      : {
          [DESK_FIELDS.note]: { stringValue: (change as { note: string }).note },
          [DESK_FIELDS.noteBy]: { stringValue: change.by },
          [DESK_FIELDS.noteAt]: { timestampValue: change.at },
        };
  return client.patch(COLLECTIONS[kind], id, { ...fields, [LAST_CONTACT]: { timestampValue: change.at } });
}

/** Writes a corrected lead's contact fields and search words, and who corrected which fields when. */
export async function patchContact(
  client: FirestoreClient,
  lead: Lead,
  fields: string[],
  by: string,
  at: string,
): Promise<boolean> {
  const str = (stringValue: string) => ({ stringValue });
  const contact: Record<string, Value> =
    lead.kind === 'quiz'
      ? {
          contact: {
            mapValue: { fields: Object.fromEntries(Object.entries(lead.contact).map(([k, v]) => [k, str(v)])) },
          },
        }
      : lead.kind === 'newsletter'
        ? { email: str(lead.email) }
        : { name: str(lead.name), email: str(lead.email), phone: str(lead.phone) };
  return client.patch(COLLECTIONS[lead.kind], lead.id, {
    ...contact,
    searchTokens: { arrayValue: { values: searchTokens(lead).map(str) } },
    [DESK_FIELDS.corrected]: { arrayValue: { values: fields.map(str) } },
    [DESK_FIELDS.correctedBy]: str(by),
    [DESK_FIELDS.correctedAt]: { timestampValue: at },
  });
}

/** Ids of the oldest leads whose last contact is before `before` (one range on LAST_CONTACT, its own index). */
export async function queryExpired(
  client: FirestoreClient,
  kind: LeadKind,
  before: string,
  limit: number,
): Promise<string[]> {
  const documents = await client.query({
    from: [{ collectionId: COLLECTIONS[kind] }],
    where: fieldFilter(LAST_CONTACT, 'LESS_THAN', { timestampValue: before }),
    orderBy: [{ field: { fieldPath: LAST_CONTACT }, direction: 'ASCENDING' }],
    limit,
  });
  return documents.map((doc) => decodeURIComponent(doc.name.slice(doc.name.lastIndexOf('/') + 1)));
}

/** Replaces a stored lead's search words and last contact (only those fields); a lead erased meanwhile is left absent. */
export async function patchSearch(client: FirestoreClient, lead: LeadRecord): Promise<void> {
  await client.patch(COLLECTIONS[lead.kind], lead.id, {
    searchTokens: { arrayValue: { values: searchTokens(lead).map((t) => ({ stringValue: t })) } },
    [LAST_CONTACT]: { timestampValue: lastContactOf(lead) },
  });
}

/** Marks a subscription unsubscribed (only that field); false when there is no such subscription. */
export async function patchUnsubscribed(client: FirestoreClient, id: string, at: string): Promise<boolean> {
  return client.patch(COLLECTIONS.newsletter, id, { unsubscribedAt: { timestampValue: at } });
}

function fieldFilter(fieldPath: string, op: string, value: Value): Value {
  return { fieldFilter: { field: { fieldPath }, op, value } };
}

function fromDocument(kind: LeadKind, doc: Document): LeadRecord {
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
  for (const key of ['statusBy', 'note', 'noteBy', 'correctedBy'] as const) {
    const v = f[DESK_FIELDS[key]];
    if (typeof v === 'string' && v !== '') desk[key] = v;
  }
  for (const key of ['statusAt', 'noteAt', 'correctedAt'] as const) {
    const v = f[DESK_FIELDS[key]];
    if (typeof v === 'string' && v !== '') desk[key] = isoOf(v);
  }
  const corrected = f[DESK_FIELDS.corrected];
  if (Array.isArray(corrected)) desk.corrected = corrected.map(String);
  return desk;
}

/** Firestore's microsecond timestamps as the millisecond ISO strings the rest of the site uses. */
function isoOf(v: unknown): string {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/** A typed REST value as a plain one; timestamps stay strings (exact, for cursors). */
function plain(value: Value | undefined): unknown {
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
