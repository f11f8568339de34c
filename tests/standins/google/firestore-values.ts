/**
 * Firestore's typed JSON values (REST v1 `Value`), checked as strictly as the
 * real service checks them, and decoded to plain values for assertions.
 */
export type FirestoreValue = Record<string, unknown>;
export type Fields = Record<string, FirestoreValue>;

/** A malformed request: the stand-in answers it with 400 INVALID_ARGUMENT and this message. */
export class InvalidArgument extends Error {}

/** The kinds of value, in the order Firestore sorts them (integers and doubles sort together, as numbers). */
export const KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** Throws InvalidArgument, worded as Google words it, for anything the real API would refuse. */
export function checkFields(fields: unknown, at: string, inArray = false): asserts fields is Fields {
  if (!isObject(fields))
    throw new InvalidArgument(
      `Invalid value at '${at}' (type.googleapis.com/google.firestore.v1.Value), expected an object.`,
    );
  for (const [name, value] of Object.entries(fields)) {
    if (name === '') throw new InvalidArgument(`Property name cannot be empty (at '${at}').`);
    checkValue(value, `${at}[${JSON.stringify(name)}]`, inArray);
  }
}

function checkValue(value: unknown, at: string, inArray: boolean): void {
  if (!isObject(value))
    throw new InvalidArgument(
      `Invalid value at '${at}' (type.googleapis.com/google.firestore.v1.Value), expected an object.`,
    );
  const keys = Object.keys(value);
  const unknown = keys.find((k) => !(KINDS as readonly string[]).includes(k));
  if (unknown)
    throw new InvalidArgument(
      `Invalid JSON payload received. Unknown name "${unknown}" at '${at}': Cannot find field.`,
    );
  if (keys.length !== 1)
    throw new InvalidArgument(
      `Invalid JSON payload received. Oneof field 'value_type' is already set. Cannot set '${keys[1]}' at '${at}'.`,
    );
  const kind = keys[0] as (typeof KINDS)[number];
  const v = value[kind];
  const bad = (): never => {
    throw new InvalidArgument(`Invalid value at '${at}.${kind}' (${JSON.stringify(v)}).`);
  };
  switch (kind) {
    case 'nullValue':
      if (v !== null && v !== 'NULL_VALUE') bad();
      return;
    case 'booleanValue':
      if (typeof v !== 'boolean') bad();
      return;
    case 'integerValue':
      if (!(typeof v === 'string' && /^-?\d{1,19}$/.test(v)) && !Number.isSafeInteger(v)) bad();
      return;
    case 'doubleValue':
      if (typeof v !== 'number' && !['NaN', 'Infinity', '-Infinity'].includes(String(v))) bad();
      return;
    case 'timestampValue':
      if (typeof v !== 'string' || !RFC3339.test(v) || Number.isNaN(Date.parse(v))) bad();
      return;
    case 'stringValue':
    case 'bytesValue':
    case 'referenceValue':
      if (typeof v !== 'string') bad();
      return;
    case 'geoPointValue':
      if (!isObject(v) || typeof v.latitude !== 'number' || typeof v.longitude !== 'number') bad();
      return;
    case 'arrayValue':
      if (inArray) throw new InvalidArgument(`Cannot convert an array value in an array value (at '${at}').`);
      if (!isObject(v)) return bad();
      if (v.values !== undefined) {
        if (!Array.isArray(v.values)) bad();
        (v.values as unknown[]).forEach((item, i) => checkValue(item, `${at}.arrayValue.values[${i}]`, true));
      }
      return;
    case 'mapValue':
      if (!isObject(v)) return bad();
      if (v.fields !== undefined) checkFields(v.fields, `${at}.mapValue.fields`);
      return;
  }
}

/** Typed values to plain ones; a timestamp stays tagged so tests can tell it from a string. */
export function decodeFields(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, decodeValue(v)]));
}

function decodeValue(value: FirestoreValue): unknown {
  const [kind, v] = Object.entries(value)[0] ?? [];
  switch (kind) {
    case 'timestampValue':
      return { timestamp: v as string };
    case 'integerValue':
      return Number(v);
    case 'mapValue':
      return decodeFields(((v as { fields?: Fields }).fields ?? {}) as Fields);
    case 'arrayValue':
      return ((v as { values?: FirestoreValue[] }).values ?? []).map(decodeValue);
    case 'nullValue':
      return null;
    default:
      return v;
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
