/**
 * What the owners edit, as one schema: the words of each landing-page section and the quiz's intro and contact
 * step, the programs (with the quiz answers that recommend each), testimonials, talks and events, the social
 * links and the podcast episodes. What the specification fixes (layout, colours, the quiz's steps and options,
 * legal copy) stays in code. Every field is plain text, a link, a date or a slug, with its length.
 */
import * as z from 'zod';
import { QUIZ_STEPS } from '../words/site';
import { isoDate, line, link, list, optionalLink, rupees, slug, text } from './content-fields';
import { EMAIL_PATTERN } from './lead-rules';

const step = <N extends 0 | 1 | 2>(n: N) =>
  list(
    z.enum(QUIZ_STEPS[n].options as unknown as [string, ...string[]], { error: 'is not an option of the quiz' }),
    10,
  );

/** The quiz answers that recommend a program: any one chosen option of a step is enough for that step's rule. */
const recommendedBy = z.strictObject({
  /** The journey stage weighs most, then the area of life, then the age range. */
  stage: step(2),
  area: step(0),
  age: step(1),
});

const program = z.strictObject({
  slug: slug(),
  title: line(80),
  /** The line under the title on the card. */
  summary: line(200),
  /** A longer text below it; empty for none. */
  description: text(1200, 0),
  points: list(line(100), 8),
  /** Where the card's title leads; empty for none (the enquiry button below serves every card). */
  link: optionalLink(),
  /** Shown on the card when the quiz recommends the program, and in the result email. */
  reason: text(400),
  recommendedBy,
  /** What it costs in whole rupees, prefilled when an owner asks a lead for payment; never shown to visitors. */
  price: rupees().optional(),
  /** How many sessions a package of it holds (1–50); a paid payment request for it then starts the engagement. */
  sessions: z
    .number({ error: 'must be a whole number of sessions' })
    .int({ error: 'must be a whole number of sessions' })
    .min(1, { error: 'must be at least 1 session' })
    .max(50, { error: 'must be at most 50 sessions' })
    .optional(),
  /**
   * The terms a client of it accepts once on their page; empty for none. Versioned with the rest of the content:
   * an engagement keeps the published version it offered, its text and hash.
   */
  terms: text(6000, 0).optional(),
});

const testimonial = z.strictObject({
  quote: text(800),
  name: line(80),
  /** A role or a town. */
  role: line(80, 0),
  /** The day the person agreed to be quoted. */
  consentDate: isoDate(),
  shown: z.boolean({ error: 'must be shown or hidden' }),
});

/** A phone number as an owner may type it: digits, an optional leading +, spaces, dots, dashes and brackets. */
const PHONE_TYPED = /^\+?\d[\d ().-]{5,30}$/;

/**
 * How to reach the person quoted, kept privately with the draft so that the People page finds their quote: an
 * email address or a phone number, or empty. Never published: publicContent drops it.
 */
const privateContact = z
  .string({ error: 'must be text' })
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .refine((s) => s === '' || (s.includes('@') ? EMAIL_PATTERN.test(s) : PHONE_TYPED.test(s)), {
    error: 'must be an email address or a phone number',
  })
  .transform((s) => (s.includes('@') ? s.toLowerCase() : s));

const talk = z.strictObject({
  date: isoDate(),
  title: line(120),
  place: line(120),
  link: optionalLink(),
});

const episode = z.strictObject({
  title: line(120),
  date: isoDate(),
  tags: list(line(30), 4),
  image: link(),
  /** The podcast provider's player page. */
  link: link(),
});

/** A guide's file: the SHA-256 of the PDF the owners uploaded (kept in R2 as `guides/<sha256>.pdf`), and its size. */
const guideFile = z.strictObject({
  sha256: z.string({ error: 'must be a file' }).regex(/^[0-9a-f]{64}$/, { error: 'must be an uploaded PDF' }),
  bytes: z
    .number({ error: 'must be a size' })
    .int()
    .min(1)
    .max(10 * 1024 * 1024),
});

/**
 * A free guide (issue 59): offered on the landing page and after the quiz's result, sent after the address is
 * confirmed. The cover is an uploaded site image (empty for none); without a file the guide is not offered.
 */
const guide = z.strictObject({
  slug: slug(),
  title: line(80),
  /** The one line that says what the reader gets. */
  promise: line(160),
  cover: optionalLink(),
  coverAlt: line(150, 0),
  file: guideFile.optional(),
  shown: z.boolean({ error: 'must be shown or hidden' }),
});

export const SiteContent = z.strictObject({
  hero: z.strictObject({ eyebrow: line(80), headline: line(120), lede: text(300), cta: line(40), imageAlt: line(150) }),
  about: z.strictObject({
    heading: line(80),
    paragraphs: list(text(800), 6, 1),
    highlights: list(line(80), 6),
    cta: line(40),
    imageAlt: line(150),
  }),
  programsSection: z.strictObject({ heading: line(80), intro: text(300), cta: line(40) }),
  resources: z.strictObject({ heading: line(80), intro: text(300) }),
  listen: z.strictObject({
    heading: line(80),
    intro: text(300),
    featuredMeta: line(80),
    explore: line(40),
    showUrl: link(),
  }),
  newsletter: z.strictObject({
    heading: line(120),
    intro: text(300),
    benefits: list(z.strictObject({ title: line(60), text: text(200) }), 6),
  }),
  enquiry: z.strictObject({ heading: line(80), intro: text(300), sent: text(300) }),
  footer: z.strictObject({ blurb: text(200) }),
  quiz: z.strictObject({
    contactTitle: line(120),
    /** The contact step's promise when the result is emailed, and when it is not. */
    contactIntro: text(300),
    contactIntroNoEmail: text(300),
  }),
  programs: list(program, 8, 1).refine((ps) => new Set(ps.map((p) => p.slug)).size === ps.length, {
    error: 'two programs have the same slug',
  }),
  testimonials: list(testimonial, 30),
  talks: list(talk, 50),
  social: list(z.strictObject({ label: line(40), href: link() }), 10),
  episodes: list(episode, 12),
  /** Content kept before guides existed has none: an empty list. */
  guides: list(guide, 6)
    .default([])
    .refine((gs) => new Set(gs.map((g) => g.slug)).size === gs.length, { error: 'two guides have the same slug' }),
});

export type SiteContent = z.infer<typeof SiteContent>;
export type ProgramContent = SiteContent['programs'][number];
export type Testimonial = SiteContent['testimonials'][number];
export type Talk = SiteContent['talks'][number];
export type GuideContent = SiteContent['guides'][number];

/**
 * The content as the owners keep it in the draft: the published shape, and with each testimonial, optionally,
 * the quoted person's email address or phone number (`contact`), which stays in the draft and the desk's editor,
 * and, for one a client sent from their page, the id of their submission (`from`), by which their withdrawal finds
 * it again.
 */
export const DraftContent = SiteContent.extend({
  testimonials: list(
    testimonial.extend({
      contact: privateContact.optional(),
      from: z
        .string({ error: 'must be text' })
        .regex(/^[A-Za-z0-9_-]{22}$/, { error: 'must be a testimonial id' })
        .optional(),
    }),
    30,
  ),
});

export type DraftContent = z.infer<typeof DraftContent>;

/** The content as it may be published, previewed and kept as a version: without what the draft keeps privately. */
export function publicContent(draft: DraftContent): SiteContent {
  return { ...draft, testimonials: draft.testimonials.map(({ contact: _private, from: _from, ...shown }) => shown) };
}
