import { BOOKABLE_KINDS, COLLECTIONS, KINDS, type LeadKind } from '../lead';
import { searchTokenOf } from '../search-tokens';
import { includesCursorRow, ownerMatches, type LeadQuery, type LeadRecord, type Position } from '../listing';
import type { FirestoreClient, Value } from '../../firestore/firestore-client';
import { DESK_FIELDS, LAST_CONTACT, fromDocument, plain } from './leads-firestore-documents';
import { allOf, fieldFilter, oldestBefore } from '../../firestore/firestore-queries';

type Row = LeadRecord & { at: string };

/** Documents read in one batch of a filtered scan. */
const SCAN_BATCH = 100;
/** At most this many documents of one kind are read for one page of a filtered scan (a page may then be short). */
const MAX_SCAN = 2000;

/**
 * One kind's page, newest first, started at the cursor. One equality the document stores, without a search, runs
 * with the time order on its composite index declared in firestore.indexes.json: a follow-up status (`deskStatus`:
 * contacted, booked, client, closed) on (deskStatus, time desc), one owner (`deskOwner`) on (deskOwner, time desc).
 * What no such query finds — `new` and nobody's are also the absence of the field, a search with a filter or two
 * filters at once would need an index per pair — reads the pages of the one indexed equality (or the unfiltered
 * pages) in batches and keeps the matching leads, at most MAX_SCAN documents per page.
 */
export async function queryKind(
  client: FirestoreClient,
  kind: LeadKind,
  query: LeadQuery,
  after: Position | null,
  limit: number,
): Promise<Row[]> {
  const { status, owner } = query;
  const statusEquality = status && status !== 'new' && !query.q;
  const ownerEquality = owner && owner !== 'nobody' && owner.takenBy.length === 1 && !query.q;
  const extra = statusEquality
    ? fieldFilter(DESK_FIELDS.status, 'EQUAL', { stringValue: status })
    : ownerEquality
      ? fieldFilter(DESK_FIELDS.owner, 'EQUAL', { stringValue: owner.takenBy[0]! })
      : undefined;
  // Every filter the query itself answers: nothing to keep or drop after reading.
  if (!status && !owner) return runKind(client, kind, query, after, limit);
  if ((statusEquality || !status) && (!owner || (ownerEquality && !statusEquality))) {
    return runKind(client, kind, query, after, limit, extra);
  }
  if (owner && owner !== 'nobody' && owner.takenBy.length === 0) return [];
  const keep = (row: Row) => (!status || row.desk.status === status) && ownerMatches(row.desk, owner);
  const found: Row[] = [];
  for (let position = after, scanned = 0; found.length < limit && scanned < MAX_SCAN;) {
    const batch = await runKind(client, kind, query, position, SCAN_BATCH, extra);
    found.push(...batch.filter(keep));
    scanned += batch.length;
    const last = batch[batch.length - 1];
    if (!last || batch.length < SCAN_BATCH) break;
    // The cursor's own kind: the next batch starts just after the last document read.
    position = { at: last.at, id: last.id, kind };
  }
  return found.slice(0, limit);
}

/**
 * A runQuery ordered by arrival time and document name, both descending, started at the cursor. A search adds
 * `searchTokens array-contains`, which (with the time range and order) uses the composite index declared in
 * firestore.indexes.json.
 */
async function runKind(
  client: FirestoreClient,
  kind: LeadKind,
  query: LeadQuery,
  after: Position | null,
  limit: number,
  extra?: Value,
): Promise<Row[]> {
  const time = KINDS[kind].timeField;
  const filters: Value[] = extra ? [extra] : [];
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
  if (filters.length > 1) structuredQuery.where = allOf(...filters);
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

/** Ids of the oldest leads whose last contact is before `before` (one range on LAST_CONTACT, its own index). */
export async function queryExpired(
  client: FirestoreClient,
  kind: LeadKind,
  before: string,
  limit: number,
): Promise<string[]> {
  const documents = await client.query(oldestBefore(COLLECTIONS[kind], LAST_CONTACT, before, limit));
  return documents.map((doc) => decodeURIComponent(doc.name.slice(doc.name.lastIndexOf('/') + 1)));
}

/** The quiz response or enquiry whose `bookingRef` is this one: an equality on the field's own index. */
export async function queryBookingRef(client: FirestoreClient, ref: string): Promise<LeadRecord | null> {
  for (const kind of BOOKABLE_KINDS) {
    const [doc] = await client.query({
      from: [{ collectionId: COLLECTIONS[kind] }],
      where: fieldFilter('bookingRef', 'EQUAL', { stringValue: ref }),
      limit: 1,
    });
    if (doc) return fromDocument(kind, doc);
  }
  return null;
}

/**
 * One kind's leads with a next date, soonest first, from `from` on: an order (and a range) on `deskNextAt` alone, its
 * single-field index, which leaves out every document without the field.
 */
export async function queryDated(
  client: FirestoreClient,
  kind: LeadKind,
  limit: number,
  from?: string,
): Promise<LeadRecord[]> {
  const documents = await client.query({
    from: [{ collectionId: COLLECTIONS[kind] }],
    ...(from && { where: fieldFilter(DESK_FIELDS.nextAt, 'GREATER_THAN_OR_EQUAL', { timestampValue: from }) }),
    orderBy: [{ field: { fieldPath: DESK_FIELDS.nextAt }, direction: 'ASCENDING' }],
    limit,
  });
  return documents.map((doc) => fromDocument(kind, doc));
}
