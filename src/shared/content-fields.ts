/**
 * The kinds of field the owners edit, each with its length and a readable message: plain text (no markup is
 * interpreted: it is rendered escaped, line breaks kept), one-line text, links (`https://…` or a path of this
 * site), ISO dates and slugs. Imports nothing server-only: the desk's forms and the API share these.
 */
import * as z from 'zod';

/** Control characters other than the line break and the tab never belong in a text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/;

const normalised = (s: string) => s.replace(/\r\n?/g, '\n').trim();

/** Plain text of at most `max` characters; line breaks are kept. `min` 0 allows an empty text. */
export const text = (max: number, min = 1) =>
  z
    .string({ error: 'must be text' })
    .transform(normalised)
    .pipe(
      z
        .string()
        .min(min, { error: min === 1 ? 'is required' : `needs at least ${min} characters` })
        .max(max, { error: `must be at most ${max} characters` })
        .refine((s) => !CONTROL.test(s), { error: 'contains characters that cannot be shown' }),
    );

/** Plain text on one line (a title, a label, a button). */
export const line = (max: number, min = 1) =>
  text(max, min).refine((s) => !s.includes('\n'), { error: 'must be on one line' });

const SITE_PATH = /^\/(?!\/)[^\s\\]*$/;
/** https://, a host name with a dot (no user or password), then an optional port, path, query or fragment. */
const HTTPS = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s\\]*)?$/i;

/** Whether `s` is an https:// address with a host, or a path of this site (`/…`, never `//host`). */
export function isSafeLink(s: string): boolean {
  return SITE_PATH.test(s) || HTTPS.test(s);
}

/** A link: `https://…` or a path of this site. */
export const link = () =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(500, { error: 'must be at most 500 characters' })
    .refine(isSafeLink, { error: 'must start with https:// or be a path of this site starting with /' });

/** A link, or empty for none. */
export const optionalLink = () => z.union([z.literal(''), link()], { error: 'must be empty, https://… or /…' });

/** A price in whole rupees, from 1 to 10,00,000 (the most a payment link asks for). */
export const rupees = () =>
  z
    .number({ error: 'must be a whole number of rupees' })
    .int({ error: 'must be a whole number of rupees' })
    .min(1, { error: 'must be at least 1 rupee' })
    .max(1_000_000, { error: 'must be at most 10,00,000 rupees' });

/** A calendar date, YYYY-MM-DD, that exists. */
export const isoDate = () =>
  z
    .string({ error: 'must be a date' })
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      error: 'is not a date: choose the day, month and year',
    });

/** A stable id in addresses: lower-case letters, digits and single hyphens. */
export const slug = () =>
  z
    .string({ error: 'must be text' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lower-case letters, digits and hyphens' })
    .max(60, { error: 'must be at most 60 characters' });

/** A slug made from a title, unique among `taken` (a new program's stable id). */
export function slugFrom(title: string, taken: readonly string[]): string {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'program';
  let candidate = base;
  for (let n = 2; taken.includes(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** A list of at most `max` items. */
export const list = <T extends z.ZodType>(item: T, max: number, min = 0) =>
  z
    .array(item, { error: 'must be a list' })
    .min(min, { error: `needs at least ${min}` })
    .max(max, { error: `must have at most ${max}` });

/** Each problem of a refused value as "path: message" (e.g. "programs.1.link: must start with https://…"). */
export function fieldProblems(error: z.ZodError): { field: string; message: string }[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(content)', message: issue.message }));
}
