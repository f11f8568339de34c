/**
 * runQuery for the Firestore stand-in: a single collection, field filters
 * (AND), orderBy with the implicit __name__ tie-break, startAt/endAt cursors
 * and limit, evaluated the way Firestore does. Like Firestore, a query that
 * needs a composite index is refused unless the index is declared (the
 * repository's firestore.indexes.json is passed in).
 */
import { InvalidArgument, KINDS, isObject, type Fields, type FirestoreValue } from './firestore-values';
import type { StoredDocument } from './firestore';

export interface CompositeIndex {
  collectionGroup: string;
  queryScope?: string;
  fields: Array<{ fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS' }>;
}

interface Filter {
  field: string;
  op: string;
  value: FirestoreValue;
}
interface Order {
  field: string;
  direction: 'ASCENDING' | 'DESCENDING';
}

const OPS = ['EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'ARRAY_CONTAINS'];
const RANGE = ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL'];

export function runQuery(
  body: Record<string, unknown>,
  documents: Map<string, StoredDocument>,
  prefix: string,
  indexes: CompositeIndex[],
): Array<Record<string, unknown>> {
  const q = body.structuredQuery;
  if (!isObject(q)) throw new InvalidArgument('Missing structuredQuery.');
  const allowed = ['from', 'where', 'orderBy', 'startAt', 'endAt', 'limit', 'offset', 'select'];
  const unknown = Object.keys(q).find((k) => !allowed.includes(k));
  if (unknown)
    throw new InvalidArgument(`Invalid JSON payload received. Unknown name "${unknown}" at 'structured_query'.`);
  const from = q.from;
  if (!Array.isArray(from) || from.length !== 1 || !isObject(from[0]) || typeof from[0].collectionId !== 'string') {
    throw new InvalidArgument('The stand-in serves queries on exactly one collection.');
  }
  const collection = from[0].collectionId;
  const filters = parseWhere(q.where);
  const orders = parseOrderBy(q.orderBy);
  const ranges = filters.filter((f) => RANGE.includes(f.op));
  for (const f of ranges) {
    if (orders.length > 0 && orders[0]!.field !== f.field) {
      throw new InvalidArgument(
        `inequality filter property and first sort order must be the same: ${f.field} and ${orders[0]!.field}`,
      );
    }
  }
  if (orders.length === 0 && ranges[0]) orders.push({ field: ranges[0].field, direction: 'ASCENDING' });
  requireIndex(collection, filters, orders, indexes);
  const last = orders[orders.length - 1];
  if (!last || last.field !== '__name__') orders.push({ field: '__name__', direction: last?.direction ?? 'ASCENDING' });

  const rows: Array<{ name: string; doc: StoredDocument; keys: FirestoreValue[] }> = [];
  for (const [key, doc] of documents) {
    if (!key.startsWith(`${collection}/`)) continue;
    const name = `${prefix}/${key}`;
    if (!filters.every((f) => matches(doc.fields, f))) continue;
    const keys = orders.map((o) => (o.field === '__name__' ? { referenceValue: name } : get(doc.fields, o.field)));
    if (keys.some((k) => k === undefined)) continue; // Firestore leaves out documents without an ordered field.
    rows.push({ name, doc, keys: keys as FirestoreValue[] });
  }
  const sortKeys = new Map(rows.map((r) => [r, r.keys.map(sortable)]));
  const compareRows = (a: unknown[], b: unknown[]) => {
    for (let i = 0; i < orders.length; i++) {
      const c = compare(a[i], b[i]);
      if (c !== 0) return orders[i]!.direction === 'DESCENDING' ? -c : c;
    }
    return 0;
  };
  rows.sort((a, b) => compareRows(sortKeys.get(a)!, sortKeys.get(b)!));

  let result = rows;
  const startAt = parseCursor(q.startAt, 'startAt');
  if (startAt) {
    const cursor = startAt.values.map(sortable);
    result = result.filter((r) => {
      const c = compareCursor(sortKeys.get(r)!, cursor, orders);
      return startAt.before ? c >= 0 : c > 0;
    });
  }
  const endAt = parseCursor(q.endAt, 'endAt');
  if (endAt) {
    const cursor = endAt.values.map(sortable);
    result = result.filter((r) => {
      const c = compareCursor(sortKeys.get(r)!, cursor, orders);
      return endAt.before ? c < 0 : c <= 0;
    });
  }
  if (q.offset !== undefined) result = result.slice(Number(q.offset));
  if (q.limit !== undefined) {
    const limit = isObject(q.limit) ? Number(q.limit.value) : Number(q.limit);
    if (!Number.isInteger(limit) || limit < 0) throw new InvalidArgument('limit must be a non-negative integer.');
    result = result.slice(0, limit);
  }
  const readTime = new Date().toISOString();
  if (result.length === 0) return [{ readTime }];
  return result.map((r) => ({ document: { name: r.name, ...r.doc }, readTime }));

  /** Compares a row's keys with a cursor's (possibly shorter) values in query order. */
  function compareCursor(keys: unknown[], cursor: unknown[], order: Order[]): number {
    for (let i = 0; i < cursor.length; i++) {
      const c = compare(keys[i], cursor[i]);
      if (c !== 0) return order[i]!.direction === 'DESCENDING' ? -c : c;
    }
    return 0;
  }
}

function parseWhere(where: unknown): Filter[] {
  if (where === undefined) return [];
  if (!isObject(where)) throw new InvalidArgument("Invalid value at 'structured_query.where'.");
  if (isObject(where.compositeFilter)) {
    const { op, filters } = where.compositeFilter;
    if (op !== 'AND' || !Array.isArray(filters) || filters.length === 0) {
      throw new InvalidArgument('The stand-in serves AND composite filters only.');
    }
    return filters.flatMap(parseWhere);
  }
  const f = where.fieldFilter;
  if (!isObject(f) || !isObject(f.field) || typeof f.field.fieldPath !== 'string' || !isObject(f.value)) {
    throw new InvalidArgument("Invalid value at 'structured_query.where.field_filter'.");
  }
  if (!OPS.includes(String(f.op))) throw new InvalidArgument(`The stand-in does not serve operator ${String(f.op)}.`);
  return [{ field: f.field.fieldPath, op: String(f.op), value: f.value as FirestoreValue }];
}

function parseOrderBy(orderBy: unknown): Order[] {
  if (orderBy === undefined) return [];
  if (!Array.isArray(orderBy)) throw new InvalidArgument("Invalid value at 'structured_query.order_by'.");
  return orderBy.map((o: unknown) => {
    if (!isObject(o) || !isObject(o.field) || typeof o.field.fieldPath !== 'string') {
      throw new InvalidArgument("Invalid value at 'structured_query.order_by'.");
    }
    const direction = o.direction ?? 'ASCENDING';
    if (direction !== 'ASCENDING' && direction !== 'DESCENDING') {
      throw new InvalidArgument(`Invalid value at 'structured_query.order_by.direction' (${String(direction)}).`);
    }
    return { field: o.field.fieldPath, direction };
  });
}

function parseCursor(cursor: unknown, at: string): { values: FirestoreValue[]; before: boolean } | null {
  if (cursor === undefined) return null;
  if (!isObject(cursor) || !Array.isArray(cursor.values)) throw new InvalidArgument(`Invalid value at '${at}'.`);
  return { values: cursor.values as FirestoreValue[], before: cursor.before === true };
}

/**
 * Single-field indexes serve one filter or order field; equality or
 * array-contains on one field together with a range or order on another needs a
 * declared composite index, as on Firestore.
 */
function requireIndex(collection: string, filters: Filter[], orders: Order[], indexes: CompositeIndex[]): void {
  const fixed = filters.filter((f) => f.op === 'EQUAL' || f.op === 'ARRAY_CONTAINS');
  const sorted = orders.filter((o) => o.field !== '__name__');
  const rangeField = filters.find((f) => RANGE.includes(f.op))?.field;
  const orderFields =
    sorted.length > 0 ? sorted : rangeField ? [{ field: rangeField, direction: 'ASCENDING' as const }] : [];
  const needs = fixed.length > 0 && orderFields.some((o) => !fixed.some((f) => f.field === o.field));
  if (!needs) return;
  const want = [
    ...fixed.map((f) => (f.op === 'ARRAY_CONTAINS' ? `${f.field}:CONTAINS` : `${f.field}:ASCENDING`)),
    ...orderFields.map((o) => `${o.field}:${o.direction}`),
  ];
  const found = indexes.some((index) => {
    if (index.collectionGroup !== collection) return false;
    const have = index.fields
      .filter((f) => f.fieldPath !== '__name__')
      .map((f) => `${f.fieldPath}:${f.arrayConfig ?? f.order}`);
    return (
      have.length === want.length &&
      want.every((w) => have.includes(w)) &&
      have.slice(-orderFields.length).join() === want.slice(-orderFields.length).join()
    );
  });
  if (!found) {
    throw new FailedPrecondition(
      `The query requires an index on ${collection} (${want.join(', ')}). You can create it in firestore.indexes.json.`,
    );
  }
}

export class FailedPrecondition extends Error {}

function get(fields: Fields, path: string): FirestoreValue | undefined {
  let value: FirestoreValue | undefined = { mapValue: { fields } };
  for (const part of path.split('.')) {
    const map = value?.mapValue as { fields?: Fields } | undefined;
    value = map?.fields?.[part];
    if (value === undefined) return undefined;
  }
  return value;
}

function matches(fields: Fields, f: Filter): boolean {
  const value = get(fields, f.field);
  if (value === undefined) return false;
  if (f.op === 'ARRAY_CONTAINS') {
    const values = ((value.arrayValue as { values?: FirestoreValue[] } | undefined)?.values ?? []).map(sortable);
    const wanted = sortable(f.value);
    return values.some((v) => compare(v, wanted) === 0);
  }
  const [a, b] = [sortable(value), sortable(f.value)];
  // Filters compare values of the same type only.
  if (typeOrder(value) !== typeOrder(f.value)) return false;
  const c = compare(a, b);
  switch (f.op) {
    case 'EQUAL':
      return c === 0;
    case 'LESS_THAN':
      return c < 0;
    case 'LESS_THAN_OR_EQUAL':
      return c <= 0;
    case 'GREATER_THAN':
      return c > 0;
    default:
      return c >= 0;
  }
}

/** A comparable form of a value: [type order, value], timestamps as nanosecond-padded text. */
function sortable(value: FirestoreValue): [number, string | number] {
  const [kind, v] = Object.entries(value)[0] ?? ['nullValue', null];
  switch (kind) {
    case 'timestampValue': {
      const text = String(v);
      const match = /^(.*?)(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
      const utc = match && match[3] !== 'Z' ? new Date(Date.parse(text)).toISOString().slice(0, 19) : match?.[1];
      return [typeOrder(value), `${utc}.${(match?.[2] ?? '').padEnd(9, '0')}`];
    }
    case 'integerValue':
    case 'doubleValue':
      return [typeOrder(value), Number(v)];
    case 'booleanValue':
      return [typeOrder(value), v ? 1 : 0];
    default:
      return [typeOrder(value), typeof v === 'string' ? v : JSON.stringify(v)];
  }
}

function typeOrder(value: FirestoreValue): number {
  const kind: string = Object.keys(value)[0] ?? 'nullValue';
  // Integers and doubles are one type to Firestore's ordering: numbers.
  return (KINDS as readonly string[]).indexOf(kind === 'doubleValue' ? 'integerValue' : kind);
}

function compare(a: unknown, b: unknown): number {
  const [ta, va] = a as [number, string | number];
  const [tb, vb] = b as [number, string | number];
  if (ta !== tb) return ta < tb ? -1 : 1;
  return va === vb ? 0 : va < vb ? -1 : 1;
}
