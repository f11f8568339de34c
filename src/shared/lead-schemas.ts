/**
 * One schema per form, shared by the form (client) and the API (server).
 * Imports nothing server-only. Messages are the ones the visitor sees.
 */
import { z } from 'zod';
import { QUIZ_STEPS } from '../content/site';

import { LIMITS, LOOSE_EMAIL } from './lead-rules';

// The plain constants live in a zod-free module so browser code can use them cheaply.
export { LIMITS, LOOSE_EMAIL };

/** Control characters (C0 but tab/newline/return, DEL, C1) and bidi overrides, which can spoof or break what owners read. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_ANYWHERE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Single-line fields (names, phone) also refuse line breaks, tabs and markup characters. */
const UNSAFE_IN_LINE = /[\t\n\r<>]/;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, { message: `${label} must be at most ${max} characters.`, abort: true })
    .refine(
      (v) => !UNSAFE_ANYWHERE.test(v) && !UNSAFE_IN_LINE.test(v),
      `${label} contains characters we cannot accept.`,
    );

export const email = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  // abort: the pattern backtracks quadratically, so it must never see a long string (a CPU-time attack).
  .max(LIMITS.email, { message: 'Email is too long.', abort: true })
  .regex(LOOSE_EMAIL, 'Please enter a valid email.');

const submissionId = z.uuid('submissionId must be a UUID.').optional();

/** Optional text: trimmed; absent, null or blank becomes ''. */
const optionalText = (label: string, max: number, { singleLine = false } = {}) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.`, abort: true })
    .refine(
      (v) => !UNSAFE_ANYWHERE.test(v) && !(singleLine && UNSAFE_IN_LINE.test(v)),
      `${label} contains characters we cannot accept.`,
    )
    .nullish()
    .transform((v) => v ?? '');

/** answers: { "0": option, "1": option, "2": option }, each from its own step's options; steps may be skipped. */
export const answers = z.strictObject(
  Object.fromEntries(
    QUIZ_STEPS.map((step, i) => [
      String(i),
      z.enum(step.options as unknown as [string, ...string[]], `Answer ${i + 1} is not one of the options.`).optional(),
    ]),
  ) as Record<'0' | '1' | '2', z.ZodOptional<z.ZodEnum<Record<string, string>>>>,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Answers may only name quiz steps 0, 1 and 2.'
        : 'Answers must be an object.',
  },
);

export const QuizSchema = z.object({
  submissionId,
  answers: answers.default({}),
  contact: z.object({
    first: text('First name', LIMITS.name),
    last: text('Last name', LIMITS.name),
    email,
    phone: optionalText('Phone', LIMITS.phone, { singleLine: true }),
  }),
});

export const NewsletterSchema = z.object({ submissionId, email });

export const EnquirySchema = z.object({
  submissionId,
  name: text('Name', LIMITS.name),
  phone: text('Phone', LIMITS.phone),
  email,
  description: optionalText('Description', LIMITS.description),
});

export type QuizInput = z.infer<typeof QuizSchema>;
export type NewsletterInput = z.infer<typeof NewsletterSchema>;
export type EnquiryInput = z.infer<typeof EnquirySchema>;

/** Flattens zod issues into { field.path: message }, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
