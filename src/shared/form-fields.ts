/**
 * How a form's fields become the object a lead endpoint validates. Field names say where a value goes:
 * `email` is a top-level field, `contact.first` is `first` inside `contact`. The browser builds its JSON
 * from the form this way and the server reads a plain HTML form post the same way, so both send one shape.
 * Imports nothing, so browser islands can use it.
 */

/** A name the forms use: letters and digits, at most one dot. Anything else a client sends is ignored. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)?$/;
const RESERVED = new Set(['constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty']);

export type FieldObject = Record<string, string | Record<string, string>>;

/** Turns [name, value] pairs into the nested object the schemas expect; a repeated name keeps its last value. */
export function fieldsToObject(entries: Iterable<[string, unknown]>): FieldObject {
  const out: FieldObject = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string' || !FIELD_NAME.test(name)) continue;
    const [head, tail] = name.split('.') as [string, string | undefined];
    if (RESERVED.has(head) || (tail !== undefined && RESERVED.has(tail))) continue;
    if (tail === undefined) {
      out[head] = value;
    } else {
      const inner = out[head];
      const group = typeof inner === 'object' ? inner : (out[head] = {});
      group[tail] = value;
    }
  }
  return out;
}

/** The hidden field every lead form carries, so a plain post and a script retry of one submission store one lead. */
export const SUBMISSION_ID_FIELD = 'submissionId';

/** The spam trap every lead form carries: people never see it, bots fill it in. */
export const HONEYPOT_FIELD = 'website';

/** A submission id as the browser's crypto.randomUUID() makes it: a v4 UUID, lower-case. */
export const SUBMISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The submission id a client claimed, compared lower-cased, or null when it is not one. */
export function submissionIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return SUBMISSION_ID.test(id) ? id : null;
}

/**
 * A path on this site, safe to send a browser to: `/` followed by neither `/` nor `\` (a browser reads
 * `//host` and `/\host` alike as another host), and no control character or space a browser would strip
 * before reading it.
 */
export function isSitePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /^\/(?![/\\])/.test(path) && !/[\u0000-\u0020\u007f]/.test(path);
}

/** The form's answer once a native (no-JavaScript) post succeeded: where the browser is sent, with no lead data in it. */
export const DONE_PATHS = {
  newsletter: '/?subscribed=1#newsletter',
  // A fragment of its own: a redirect without one would keep the form's #contact, showing the form again.
  enquiry: '/?enquiry=sent#sent',
  quiz: '/',
} as const;
