import * as z from 'zod';
import { ApiException } from '../http/errors';
import { FOLLOW_UP_STATUSES, decodeCursor, type LeadQuery, type OwnerFilter } from '../store/leads/listing';
import { TIME_ZONE } from '../words/site';
import { LEAD_KINDS } from '../store/leads/lead';
import { isE164 } from '../store/phone';

/** A calendar day in the owners' time zone, YYYY-MM-DD. */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Use a real date.');
const empty = (v: unknown) => (v === '' ? undefined : v);
const followUpStatus = z.enum(FOLLOW_UP_STATUSES, 'Choose new, contacted, booked, client or closed.');

/** The inbox's "Whose" filter: the signed-in owner's leads, the other owner's, or the leads nobody took. */
export const WHOSE = ['mine', 'theirs', 'nobody'] as const;
export type Whose = (typeof WHOSE)[number];

/** The inbox and export filters: `/desk?q=…&kind=…&status=…&owner=…&from=…&to=…&cursor=…`. */
export const ListParams = z
  .object({
    q: z.preprocess(empty, z.string().trim().max(120, 'Search for at most 120 characters.').optional()),
    kind: z.preprocess(empty, z.enum(LEAD_KINDS, 'Choose quiz, newsletter or enquiry.').optional()),
    status: z.preprocess(empty, followUpStatus.optional()),
    owner: z.preprocess(empty, z.enum(WHOSE, 'Choose mine, theirs or nobody.').optional()),
    from: z.preprocess(empty, day.optional()),
    to: z.preprocess(empty, day.optional()),
    cursor: z.preprocess(
      empty,
      z
        .string()
        .max(400)
        .refine((v) => decodeCursor(v) !== null, 'This page link is not valid any more; start from the newest.')
        .optional(),
    ),
  })
  .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'From must be on or before To.', path: ['to'] });
export type ListParams = z.infer<typeof ListParams>;

/** A lead's address on the desk: `/desk/leads/:kind/:id`. */
export type LeadParams = z.infer<typeof LeadParams>;
export const LeadParams = z.object({
  kind: z.enum(LEAD_KINDS, 'Unknown kind of lead.'),
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown lead id.'),
});

export const StatusForm = z.object({ status: followUpStatus });
export type StatusForm = z.infer<typeof StatusForm>;
export const NoteForm = z.object({ note: z.string().max(2000, 'Keep the note under 2,000 characters.').default('') });
export const ResendForm = z.object({
  template: z.string().min(1).max(100),
  /**
   * An owner by label (Admin1, Admin2; Admin1:email for their alert email), the visitor's own number,
   * `visitor:email` (the visitor's own address: the quiz result) or `subscriber` (the newsletter tool's call for the
   * subscriber's own address). An address never leaves the server.
   */
  recipient: z
    .string()
    .refine((r) => /^(Admin\d(:email)?|visitor:email|subscriber)$/.test(r) || isE164(r), 'Unknown recipient.'),
});

/** Parses or throws the one error shape: 400 with the field that failed. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? 'input')] ??= issue.message;
  throw new ApiException(400, 'invalid_input', 'Some parameters are not valid.', fields);
}

/** The start of a day in the owners' zone, as a UTC instant. */
export function dayStart(value: string): string {
  return new Date(Date.parse(`${value}T00:00:00Z`) - TIME_ZONE.utcOffsetMinutes * 60_000).toISOString();
}

/**
 * The filters as a store query: To includes the whole day; whose leads (`owner`) is the store's filter the desk
 * made of it for the signed-in owner (src/desk/leads/owner/owners.ts).
 */
export function toQuery(params: ListParams, limit: number, owner?: OwnerFilter): LeadQuery {
  const query: LeadQuery = { limit };
  if (owner) query.owner = owner;
  if (params.kind) query.kind = params.kind;
  if (params.q) query.q = params.q;
  if (params.status) query.status = params.status;
  if (params.from) query.from = dayStart(params.from);
  if (params.to) query.to = new Date(Date.parse(dayStart(params.to)) + 86_400_000).toISOString();
  if (params.cursor) query.cursor = params.cursor;
  return query;
}

/** `/desk/people`: the erasure just made, shown once (the search itself is a form post: nothing personal in a URL). */
export const PeopleParams = z.object({
  erased: z.preprocess(empty, z.coerce.number().int().positive().optional()),
});
export type PeopleParams = z.infer<typeof PeopleParams>;

/**
 * The people forms (find, copy, erase): the address or number searched for, the other identifiers the owner
 * ticked as theirs (`also.0`, `also.1`, … one box each), and for an erasure the owner typing it again.
 */
export const PeopleForm = z.object({
  q: z.preprocess(empty, z.string().trim().max(254, 'Search for at most 254 characters.').optional()),
  also: z
    .record(z.string(), z.string().trim().max(254))
    .optional()
    .transform((boxes) => Object.values(boxes ?? {}).slice(0, 50)),
  confirm: z.string().trim().max(254).default(''),
});
export type PeopleForm = z.infer<typeof PeopleForm>;
