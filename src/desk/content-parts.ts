/**
 * The parts of the site content the owners edit, each as a small table of fields (name, kind, max) that drives
 * both its form and the reading of what the form posted. A part is an object (a landing section's words) or a
 * list (programs, testimonials, …); a field's name is its path in the part, so a schema problem's path names it.
 */
import { QUIZ_STEPS } from '../content/site';

export type FieldKind =
  | 'line'
  | 'text'
  | 'link'
  | 'date'
  /** A list of one-line texts, one per line of a textarea. */
  | 'lines'
  /** A list of texts, separated by an empty line. */
  | 'paragraphs'
  | 'checkbox'
  /** Several of `options`, one checkbox each. */
  | 'options'
  /** Kept as it was, never shown (a program's slug). */
  | 'hidden'
  /** One line the draft keeps privately and never publishes (a quoted person's email address or phone). */
  | 'private'
  /** A list of items, each a fieldset of `item`'s fields. */
  | 'list';

export interface Field {
  name: string;
  kind: FieldKind;
  max?: number;
  options?: readonly string[];
  item?: Field[];
}

export interface Part {
  list: boolean;
  fields: Field[];
}

const f = (name: string, kind: FieldKind, max?: number): Field => ({ name, kind, ...(max && { max }) });
const options = (name: string, step: 0 | 1 | 2): Field => ({
  name,
  kind: 'options',
  options: QUIZ_STEPS[step].options,
});

export const PARTS = {
  hero: {
    list: false,
    fields: [
      f('eyebrow', 'line', 80),
      f('headline', 'line', 120),
      f('lede', 'text', 300),
      f('cta', 'line', 40),
      f('imageAlt', 'line', 150),
    ],
  },
  about: {
    list: false,
    fields: [
      f('heading', 'line', 80),
      f('paragraphs', 'paragraphs'),
      f('highlights', 'lines'),
      f('cta', 'line', 40),
      f('imageAlt', 'line', 150),
    ],
  },
  programsSection: {
    list: false,
    fields: [f('heading', 'line', 80), f('intro', 'text', 300), f('cta', 'line', 40)],
  },
  resources: { list: false, fields: [f('heading', 'line', 80), f('intro', 'text', 300)] },
  listen: {
    list: false,
    fields: [
      f('heading', 'line', 80),
      f('intro', 'text', 300),
      f('featuredMeta', 'line', 80),
      f('explore', 'line', 40),
      f('showUrl', 'link', 500),
    ],
  },
  newsletter: {
    list: false,
    fields: [
      f('heading', 'line', 120),
      f('intro', 'text', 300),
      { name: 'benefits', kind: 'list', item: [f('title', 'line', 60), f('text', 'text', 200)] },
    ],
  },
  enquiry: { list: false, fields: [f('heading', 'line', 80), f('intro', 'text', 300), f('sent', 'text', 300)] },
  footer: { list: false, fields: [f('blurb', 'text', 200)] },
  quiz: {
    list: false,
    fields: [f('contactTitle', 'line', 120), f('contactIntro', 'text', 300), f('contactIntroNoEmail', 'text', 300)],
  },
  programs: {
    list: true,
    fields: [
      f('slug', 'hidden'),
      f('title', 'line', 80),
      f('summary', 'line', 200),
      f('description', 'text', 1200),
      f('points', 'lines'),
      f('link', 'link', 500),
      f('reason', 'text', 400),
      options('recommendedBy.stage', 2),
      options('recommendedBy.area', 0),
      options('recommendedBy.age', 1),
    ],
  },
  testimonials: {
    list: true,
    fields: [
      f('quote', 'text', 800),
      f('name', 'line', 80),
      f('role', 'line', 80),
      f('consentDate', 'date'),
      f('contact', 'private', 254),
      f('shown', 'checkbox'),
    ],
  },
  talks: {
    list: true,
    fields: [f('date', 'date'), f('title', 'line', 120), f('place', 'line', 120), f('link', 'link', 500)],
  },
  social: { list: true, fields: [f('label', 'line', 40), f('href', 'link', 500)] },
  episodes: {
    list: true,
    fields: [
      f('title', 'line', 120),
      f('date', 'date'),
      f('tags', 'lines'),
      f('image', 'link', 500),
      f('link', 'link', 500),
    ],
  },
} satisfies Record<string, Part>;

export type PartName = keyof typeof PARTS;

export const PART_NAMES = Object.keys(PARTS) as PartName[];

export const isPartName = (name: string): name is PartName => Object.hasOwn(PARTS, name);
