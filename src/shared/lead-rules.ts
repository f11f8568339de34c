// The rules of the lead forms that the browser and the Worker both apply: limits and field checks, how a form's
// fields become the object an endpoint validates, the hidden fields, and what a server-rendered form shows. No
// zod import, so the first-view islands can use them without pulling zod into their chunk; lead-schemas.ts
// builds the API's schemas on them.

export const LIMITS = { name: 60, email: 254, phone: 32, description: 2000 } as const;

/**
 * A real address shape: one `@`; a local part without spaces, quotes, angle
 * brackets or other characters mail software treats specially; a domain of
 * dotted labels (letters and marks of any script, digits, inner hyphens) ending in a label
 * of at least two characters. International domains pass as typed.
 */
export const EMAIL_PATTERN =
  /^[^\s@"`<>()[\]\\,;:]+@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}]$/u;

/**
 * A person's name as it may appear in a message to a stranger's phone: letters
 * of any script, combining marks, spaces and . ' ’ - (no digits, @, / or :, so
 * it cannot carry a number, an address or a link). At least one letter.
 */
export const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M} .'’-]+$/u;

/**
 * What a web address looks like inside a name: a letter or digit, a dot, then two or more letters
 * (`sbi-kyc.in`, `bit.ly`, `Dr.Asha`). Initials pass: `A.K. Sharma` (one letter after each dot) and
 * `J. R. Nair` (a space after it). A name matching this is refused, so it can never carry a link.
 */
export const NAME_ADDRESS = /[\p{L}\p{N}]\.\p{L}{2,}/u;

/**
 * Whether a name typed where the site does not check it (a booking tool's public page) passes the name rule of
 * the site's forms: NAME_PATTERN, not NAME_ADDRESS, no forbidden character. One that fails is never shown as
 * written, so it cannot carry a link, a number or an address to an owner's phone.
 */
export function passesNameRule(name: string): boolean {
  return NAME_PATTERN.test(name) && !NAME_ADDRESS.test(name) && !hasForbiddenChars(name);
}

/** Titles a greeting skips to reach the person's own first name. */
const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'shri', 'sri', 'smt', 'kumari', 'sir', 'madam']);

/** At most this many characters of a name greet a visitor in a message to the number they typed. */
export const GREETING_MAX = 30;

/**
 * The name a message to a number the visitor typed greets them by: the first word of the name that is not
 * a title (`Dr. Asha Rao` → `Asha`), at most GREETING_MAX characters. Only the owners see the whole name.
 */
export function greetingName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const own = words.find((w) => !TITLES.has(w.replace(/\.$/, '').toLowerCase())) ?? words[0] ?? '';
  return [...own].slice(0, GREETING_MAX).join('');
}

/**
 * Never accepted in any field: control characters (except tab, line feed and
 * carriage return, which single-line fields refuse separately), format
 * characters (bidi overrides, zero-width marks, the byte-order mark) and lone
 * surrogate halves (which a store may refuse to encode).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cf}\p{Cs}]/u;

export function hasForbiddenChars(value: string): boolean {
  return FORBIDDEN_CHARS.test(value);
}

/** Fills `{name}` placeholders in a message from src/words (`{field} is required.`). */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The messages a form needs to check its fields before sending (a subset of site.forms). */
export interface CheckMessages {
  required: string;
  invalidEmail: string;
}

/**
 * The checks the browser makes before sending, with the server's messages (the server checks again):
 * each required field is filled, and the email has an address shape (EMAIL_PATTERN). `required` maps field names to labels.
 */
export function checkFields(
  values: Record<string, string>,
  required: Record<string, string>,
  emailField: string,
  messages: CheckMessages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, label] of Object.entries(required)) {
    if (!(values[name] ?? '').trim()) errors[name] = fillMessage(messages.required, { field: label });
  }
  const email = (values[emailField] ?? '').trim();
  if (!errors[emailField] && email && !EMAIL_PATTERN.test(email)) errors[emailField] = messages.invalidEmail;
  return errors;
}

// How a form's fields become the object a lead endpoint validates. Field names say where a value goes:
// `email` is a top-level field, `contact.first` is `first` inside `contact`. The browser builds its JSON from the
// form this way and the server reads a plain HTML form post the same way, so both send one shape.

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

/** Where a guide asked for without JavaScript is answered: `${GUIDE_DONE_PATH}=<slug>#guides`, its block. */
export const GUIDE_DONE_PATH = '/?guide';

/**
 * What a server-rendered lead form shows. Every form carries a submission id in a hidden field; after a
 * plain HTML post was refused, the page is rendered again with the values typed, the message beside
 * each field and, when no field is to blame, one message for the whole form.
 */
export interface FormState {
  submissionId: string;
  /** Field values by input name (`contact.first`), as posted. */
  values?: Record<string, string>;
  /** Messages by input name, from the same validation the JSON API answers with. */
  errors?: Record<string, string>;
  /** A message for the whole form (rate limited, store down). */
  problem?: string;
  /** The form was accepted (the page after the redirect): show the thank-you instead. */
  done?: boolean;
}
