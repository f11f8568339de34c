/**
 * The parts of the site content the owners edit, each as a small table of fields (name, kind, max) that drives
 * both its form and the reading of what the form posted. A part is an object (a landing section's words) or a
 * list (programs, testimonials, …); a field's name is its path in the part, so a schema problem's path names it.
 */
import { QUIZ_STEPS } from '../../words/site';

export type FieldKind =
  | 'line'
  | 'text'
  | 'link'
  | 'date'
  /** An image: its address on this site, or a file uploaded in its place (checked by its bytes, kept in R2). */
  | 'image'
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
      f('image', 'image', 500),
      f('link', 'link', 500),
    ],
  },
} satisfies Record<string, Part>;

export type PartName = keyof typeof PARTS;

export const PART_NAMES = Object.keys(PARTS) as PartName[];

export const isPartName = (name: string): name is PartName => Object.hasOwn(PARTS, name);

/** A posted field's entry in the part's table (`3.image` → episodes' image; a list item's index skipped). */
export function fieldAt(part: PartName, name: string): Field | undefined {
  let fields: Field[] = PARTS[part].fields;
  let inList = PARTS[part].list;
  let found: Field | undefined;
  const keys = name.split('.');
  for (let k = 0; k < keys.length; k++) {
    if (inList) {
      if (!/^\d{1,3}$/.test(keys[k]!)) return undefined;
      inList = false;
      continue;
    }
    // A field's own name may hold a dot (`recommendedBy.stage`): the longest name that matches wins.
    const rest = keys.slice(k).join('.');
    found = fields
      .filter((f) => rest === f.name || rest.startsWith(`${f.name}.`))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (!found) return undefined;
    k += found.name.split('.').length - 1;
    if (found.kind === 'list') {
      fields = found.item ?? [];
      inList = true;
      if (k === keys.length - 1) return found;
    } else if (k !== keys.length - 1) return undefined;
  }
  return found;
}
