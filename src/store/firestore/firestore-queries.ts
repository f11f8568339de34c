import type { Value } from './firestore-client';
import { MAX_READ } from './firestore-guard';

// The structured queries the Firestore adapters run, each on one field so that its single-field index serves it.

/** One field compared with a value, as a structured query filters. */
export function fieldFilter(fieldPath: string, op: string, value: Value): Value {
  return { fieldFilter: { field: { fieldPath }, op, value } };
}

/** Documents that pass every one of `filters` (a composite AND). */
export function allOf(...filters: Value[]): Value {
  return { compositeFilter: { op: 'AND', filters } };
}

/** Documents whose `field` is in [from, to): one range on one field. */
export function inRange(field: string, from: Value, to: Value): Value {
  return allOf(fieldFilter(field, 'GREATER_THAN_OR_EQUAL', from), fieldFilter(field, 'LESS_THAN', to));
}

/** A collection's documents whose `field` equals `value`, at most MAX_READ (ordered, if at all, after reading). */
export function whereEqual(collectionId: string, field: string, value: Value): Value {
  return { from: [{ collectionId }], where: fieldFilter(field, 'EQUAL', value), limit: MAX_READ };
}

/** A collection's `limit` oldest documents whose time `field` is before `before`, oldest first. */
export function oldestBefore(collectionId: string, field: string, before: string, limit: number): Value {
  return {
    from: [{ collectionId }],
    where: fieldFilter(field, 'LESS_THAN', { timestampValue: before }),
    orderBy: [{ field: { fieldPath: field }, direction: 'ASCENDING' }],
    limit,
  };
}
