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
  | 'list'
  /** Whole rupees, or empty for none (a program's price). */
  | 'rupees'
  /** A whole number, or empty for none (a program's sessions). */
  | 'count'
  /**
   * A PDF uploaded in the editor (a guide's file), checked by its bytes and kept in R2: the field keeps its SHA-256
   * and size, posted back as `<sha256>:<bytes>` in a hidden field; the editor shows its size, never an address.
   */
  | 'pdf';

export interface Field {
  name: string;
  kind: FieldKind;
  max?: number;
  options?: readonly string[];
  item?: Field[];
  /** Left empty, the field is absent rather than an empty text (a program without terms has none). */
  optional?: boolean;
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

// Fields several parts share, written once: a section's heading, intro, button and image text keep one limit.
const HEADING = f('heading', 'line', 80);
const INTRO = f('intro', 'text', 300);
const CTA = f('cta', 'line', 40);
const IMAGE_ALT = f('imageAlt', 'line', 150);
const LINK = f('link', 'link', 500);

/** A part that is one object (a landing section's words), and one that is a list of items of the same fields. */
const words = (...fields: Field[]): Part => ({ list: false, fields });
const items = (...fields: Field[]): Part => ({ list: true, fields });

export const PARTS = {
  hero: words(f('eyebrow', 'line', 80), f('headline', 'line', 120), f('lede', 'text', 300), CTA, IMAGE_ALT),
  about: words(HEADING, f('paragraphs', 'paragraphs'), f('highlights', 'lines'), CTA, IMAGE_ALT),
  programsSection: words(HEADING, INTRO, CTA),
  resources: words(HEADING, INTRO),
  listen: words(HEADING, INTRO, f('featuredMeta', 'line', 80), f('explore', 'line', 40), f('showUrl', 'link', 500)),
  newsletter: words(f('heading', 'line', 120), INTRO, {
    name: 'benefits',
    kind: 'list',
    item: [f('title', 'line', 60), f('text', 'text', 200)],
  }),
  enquiry: words(HEADING, INTRO, f('sent', 'text', 300)),
  footer: words(f('blurb', 'text', 200)),
  quiz: words(f('contactTitle', 'line', 120), f('contactIntro', 'text', 300), f('contactIntroNoEmail', 'text', 300)),
  programs: items(
    f('slug', 'hidden'),
    f('title', 'line', 80),
    f('summary', 'line', 200),
    f('description', 'text', 1200),
    f('points', 'lines'),
    LINK,
    f('reason', 'text', 400),
    options('recommendedBy.stage', 2),
    options('recommendedBy.area', 0),
    options('recommendedBy.age', 1),
    f('price', 'rupees'),
    f('sessions', 'count'),
    { ...f('terms', 'text', 6000), optional: true },
  ),
  testimonials: items(
    f('quote', 'text', 800),
    f('name', 'line', 80),
    f('role', 'line', 80),
    f('consentDate', 'date'),
    f('contact', 'private', 254),
    f('shown', 'checkbox'),
    // A client's testimonial approved from the desk keeps its submission's id, so a withdrawal finds it again.
    { ...f('from', 'hidden'), optional: true },
  ),
  talks: items(f('date', 'date'), f('title', 'line', 120), f('place', 'line', 120), LINK),
  social: items(f('label', 'line', 40), f('href', 'link', 500)),
  episodes: items(f('title', 'line', 120), f('date', 'date'), f('tags', 'lines'), f('image', 'image', 500), LINK),
  guides: items(
    f('slug', 'line', 60),
    f('title', 'line', 80),
    f('promise', 'line', 160),
    f('cover', 'image', 500),
    f('coverAlt', 'line', 150),
    { ...f('file', 'pdf'), optional: true },
    f('shown', 'checkbox'),
  ),
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
