/**
 * The plain constants behind the lead schemas, with no zod import, so the
 * browser's first-view islands can use them without pulling zod into their chunk.
 * lead-schemas.ts re-exports them for the API.
 */

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

/** Fills `{name}` placeholders in a message from src/content (`{field} is required.`). */
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
