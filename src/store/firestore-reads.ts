import { COLLECTIONS, KINDS, type LeadKind } from './lead';
import { searchTokenOf } from './search-tokens';
import { includesCursorRow, type LeadQuery, type LeadRecord, type Position } from './listing';
import type { FirestoreClient, Value } from './firestore-client';
import { LAST_CONTACT, fromDocument, plain } from './firestore-documents';

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

function fieldFilter(fieldPath: string, op: string, value: Value): Value {
  return { fieldFilter: { field: { fieldPath }, op, value } };
}
