/**
 * One schema per form, shared by the form (client) and the API (server).
 * Imports nothing server-only. Messages are the ones the visitor sees.
 */
import * as z from 'zod';
import { QUIZ_STEPS, site } from '../words/site';
import { consent as consentCopy } from '../words/privacy';
import { cleanAttribution } from './attribution';
import type { LeadKind } from './lead-kinds';
import {
  SUBMISSION_ID,
  EMAIL_PATTERN,
  LIMITS,
  NAME_ADDRESS,
  NAME_PATTERN,
  fillMessage,
  hasForbiddenChars,
} from './lead-rules';

const { forms } = site;
const say = (template: string, field: string, max?: number) => fillMessage(template, { field, max: max ?? '' });

// The plain constants live in a zod-free module so browser code can use them cheaply.
export { EMAIL_PATTERN, LIMITS, NAME_PATTERN };

/** Single-line fields also refuse line breaks, tabs and markup characters. */
const UNSAFE_IN_LINE = /[\t\n\r<>]/;

/** Required single-line text (the phone as typed). */
const text = (label: string, max: number) =>
  z
    .string({ error: say(forms.required, label) })
    .trim()
    .min(1, say(forms.required, label))
    .max(max, { message: say(forms.tooLong, label, max), abort: true })
    .refine((v) => !hasForbiddenChars(v) && !UNSAFE_IN_LINE.test(v), say(forms.unsafe, label));

/**
 * A person's name. It may be the header of a message sent to a number the
 * visitor typed, so it can hold nothing but a name (see NAME_PATTERN).
 */
const personName = (label: string) =>
  z
    .string({ error: say(forms.required, label) })
    .trim()
    .min(1, say(forms.required, label))
    .max(LIMITS.name, { message: say(forms.tooLong, label, LIMITS.name), abort: true })
    .refine((v) => !hasForbiddenChars(v), { message: say(forms.unsafe, label), abort: true })
    .regex(NAME_PATTERN, { message: `${label} may contain only letters, spaces and . ' -`, abort: true })
    .refine((v) => !NAME_ADDRESS.test(v), say(forms.nameAddress, label));

export const email = z
  .string({ error: say(forms.required, forms.labels.email) })
  .trim()
  .toLowerCase()
  .min(1, say(forms.required, forms.labels.email))
  // abort: a long string must never reach the pattern (CPU time).
  .max(LIMITS.email, { message: forms.emailTooLong, abort: true })
  .refine((v) => !hasForbiddenChars(v), { message: say(forms.unsafe, forms.labels.email), abort: true })
  .regex(EMAIL_PATTERN, forms.invalidEmail);

/** The browser's crypto.randomUUID(): a v4 UUID, compared lower-cased so one submission is one lead. */
const submissionId = z
  .string('submissionId must be a UUID.')
  .trim()
  .toLowerCase()
  .regex(SUBMISSION_ID, 'submissionId must be a UUID.')
  .optional();

/**
 * The version of the consent notice the form showed (a hidden field). A version the site never
 * showed is refused; a request without one records the notice the site shows now.
 */
const consentVersion = (form: LeadKind) => {
  const current = consentCopy.notices[form].version;
  const known: string[] = [current, ...consentCopy.retired[form]];
  return z
    .string({ error: 'consent must be text.' })
    .refine((v) => known.includes(v), {
      message: 'This form has changed since the page was loaded. Please reload the page and send it again.',
      abort: true,
    })
    .optional()
    .transform((v) => v ?? current);
};

/**
 * The quiz's "Also send me the newsletter": the box's value is the version of its notice, so a ticked box says
 * which notice was shown; unticked, the field is absent. A version the site never showed is refused.
 */
const newsletterOptIn = z
  .string({ error: 'newsletter must be text.' })
  .refine((v) => [consentCopy.quizNewsletter.version, ...consentCopy.retired.quizNewsletter].includes(v), {
    message: 'This form has changed since the page was loaded. Please reload the page and send it again.',
  })
  .optional();

/** First-touch attribution: an object or its JSON text; cleaned, never refused (see shared/attribution.ts). */
const attribution = z.unknown().transform(cleanAttribution).optional();

/** Optional text: trimmed; absent, null or blank becomes ''. */
const optionalText = (label: string, max: number, { singleLine = false } = {}) =>
  z
    .string({ error: say(forms.notText, label) })
    .trim()
    .max(max, { message: say(forms.tooLong, label, max), abort: true })
    .refine((v) => !hasForbiddenChars(v) && !(singleLine && UNSAFE_IN_LINE.test(v)), say(forms.unsafe, label))
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
  consent: consentVersion('quiz'),
  newsletter: newsletterOptIn,
  attribution,
  answers: answers.default({}),
  contact: z.object({
    first: personName(forms.labels.first),
    last: personName(forms.labels.last),
    email,
    phone: optionalText(forms.labels.phone, LIMITS.phone, { singleLine: true }),
  }),
});

export const NewsletterSchema = z.object({ submissionId, consent: consentVersion('newsletter'), attribution, email });

/**
 * A request for a free guide (issue 59, POST /api/guide): the guide's slug, the address, and the newsletter
 * form's consent (the guide comes with the newsletter: the same notice, the same version field).
 */
export const GuideSchema = z.object({
  submissionId,
  consent: consentVersion('newsletter'),
  attribution,
  guide: z
    .string({ error: 'guide must be a guide’s slug.' })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'guide must be a guide’s slug.')
    .max(60, 'guide must be a guide’s slug.'),
  email,
});

export const EnquirySchema = z.object({
  submissionId,
  consent: consentVersion('enquiry'),
  attribution,
  name: personName(forms.labels.name),
  phone: text(forms.labels.phone, LIMITS.phone),
  email,
  description: optionalText(forms.descriptionName, LIMITS.description),
});

/**
 * What an owner may correct on each kind of lead, by the rules the visitor's form applies (a number is then
 * normalised like the form's: to E.164, where it can be).
 */
export const CorrectionSchemas = {
  quiz: QuizSchema.shape.contact,
  newsletter: z.object({ email }),
  enquiry: z.object({ name: EnquirySchema.shape.name, email, phone: EnquirySchema.shape.phone }),
};

export type QuizInput = z.infer<typeof QuizSchema>;
export type NewsletterInput = z.infer<typeof NewsletterSchema>;
export type EnquiryInput = z.infer<typeof EnquirySchema>;
export type GuideInput = z.infer<typeof GuideSchema>;

/** Flattens zod issues into { field.path: message }, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
