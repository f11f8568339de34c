/**
 * What changed from one version of the site content to the next, as short readable lines for the owners
 * ("Testimonials: 1 edited", "Programs: “Retreats & Workshops” edited"), each edit with the words of the field
 * before and after. Programs are matched by their slug; the items of other lists by how alike they are
 * (item-match.ts), so an edit reads as "edited" and a move as "order changed", never as "1 added · 1 removed".
 */
import { contentChanges as say, contentParts } from '../words/site-content/content-changes';
import { deskContent } from '../words/site-content/desk-content';
import { excerpts, matchItems, reordered } from './item-match';
import type { SiteContent } from './site-content';

/** One field edited: which (the item's name and the field's label) and its words before and after. */
export interface FieldEdit {
  what: string;
  before: string;
  after: string;
}

/** One line of changes; an edit's line carries each field's before and after, an added or removed one the names. */
export interface ContentChange {
  line: string;
  names?: string[];
  edits?: FieldEdit[];
}

/** The field that names an item of each list: a testimonial by its author, a program by its title. */
export const ITEM_TITLES: Record<string, string> = {
  programs: 'title',
  testimonials: 'name',
  talks: 'title',
  social: 'label',
  episodes: 'title',
  guides: 'title',
  benefits: 'title',
};

const SECTIONS = [
  'hero',
  'about',
  'programsSection',
  'resources',
  'listen',
  'newsletter',
  'enquiry',
  'footer',
  'quiz',
] as const;

/** The most of a field's words an edit keeps, before and after. */
const MAX_WORDS = 300;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A field's label as the editor shows it (`imageAlt` → "Image description"). */
const label = (name: string) => deskContent.labels[name] ?? name;

/** A value as words: a list one item a line, a box Yes or No, an item of a nested list by its fields. */
function wordsOf(v: unknown): string {
  if (typeof v === 'boolean') return v ? say.yes : say.no;
  if (Array.isArray(v)) return v.map(wordsOf).join(' · ');
  if (isObject(v)) return Object.values(v).map(wordsOf).join(' — ');
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

const capped = (s: string) => (s.length > MAX_WORDS ? `${s.slice(0, MAX_WORDS - 1)}…` : s) || say.empty;

/** Each field that differs between two objects (nested objects by their dotted names), with before and after. */
function fieldEdits(item: string | null, a: Record<string, unknown>, b: Record<string, unknown>, prefix = '') {
  const out: FieldEdit[] = [];
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    const name = prefix + key;
    if (same(a[key], b[key]) || key === 'slug') continue;
    if (isObject(a[key]) && isObject(b[key])) {
      out.push(...fieldEdits(item, a[key], b[key], `${name}.`));
      continue;
    }
    const [before, after] = excerpts(wordsOf(a[key]), wordsOf(b[key]));
    out.push({ what: say.editOf(item, label(name)), before: capped(before), after: capped(after) });
  }
  return out;
}

function sectionChanges(a: SiteContent, b: SiteContent): ContentChange[] {
  return SECTIONS.flatMap((section) => {
    const before = a[section] as Record<string, unknown>;
    const after = b[section] as Record<string, unknown>;
    return fieldEdits(null, before, after).map((edit) => ({
      line: say.field(contentParts[section], edit.what.toLowerCase()),
      edits: [edit],
    }));
  });
}

function programChanges(a: SiteContent['programs'], b: SiteContent['programs']): ContentChange[] {
  const part = contentParts.programs;
  const out: ContentChange[] = [];
  for (const after of b) {
    const before = a.find((p) => p.slug === after.slug);
    if (!before) out.push({ line: say.programAdded(part, after.title) });
    else if (!same(before, after)) {
      out.push({ line: say.programEdited(part, before.title), edits: fieldEdits(before.title, before, after) });
    }
  }
  for (const before of a) {
    if (!b.some((p) => p.slug === before.slug)) out.push({ line: say.programRemoved(part, before.title) });
  }
  const pairs = a.flatMap((p, i) => {
    const j = b.findIndex((q) => q.slug === p.slug);
    return j < 0 ? [] : [[i, j] as [number, number]];
  });
  if (reordered(pairs)) out.push({ line: say.order(part) });
  return out;
}

/** An item's name: its title field, else its place in the list. */
const nameOf = (list: string, item: unknown, index: number) =>
  say.itemName(String((item as Record<string, unknown>)[ITEM_TITLES[list] ?? ''] ?? '').trim(), index + 1);

/** Edited, added and removed items of a list (matched by how alike they are), and whether their order changed. */
function listChanges(list: keyof SiteContent, a: readonly object[], b: readonly object[]): ContentChange[] {
  const part = contentParts[list];
  const pairs = matchItems(a, b);
  const edited = pairs.filter(([i, j]) => !same(a[i], b[j]));
  const added = b.flatMap((item, j) => (pairs.some(([, m]) => m === j) ? [] : [nameOf(list, item, j)]));
  const removed = a.flatMap((item, i) => (pairs.some(([m]) => m === i) ? [] : [nameOf(list, item, i)]));
  const out: ContentChange[] = [];
  if (edited.length > 0) {
    const edits = edited.flatMap(([i, j]) =>
      fieldEdits(nameOf(list, a[i], i), a[i] as Record<string, unknown>, b[j] as Record<string, unknown>),
    );
    out.push({ line: say.counted(part, edited.length, 'edited'), edits });
  }
  if (added.length > 0) out.push({ line: say.counted(part, added.length, 'added'), names: added });
  if (removed.length > 0) out.push({ line: say.counted(part, removed.length, 'removed'), names: removed });
  if (reordered(pairs)) out.push({ line: say.order(part) });
  return out;
}

/** What changed from `a` to `b`, one readable line each (with its details); empty when nothing did. */
export function changesBetween(a: SiteContent, b: SiteContent): ContentChange[] {
  return [
    ...sectionChanges(a, b),
    ...programChanges(a.programs, b.programs),
    ...listChanges('testimonials', a.testimonials, b.testimonials),
    ...listChanges('talks', a.talks, b.talks),
    ...listChanges('social', a.social, b.social),
    ...listChanges('episodes', a.episodes, b.episodes),
    ...listChanges('guides', a.guides, b.guides),
  ];
}

/** Changes as stored before they carried their details (one line each), or as stored now. */
export function readChanges(stored: unknown): ContentChange[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((c): ContentChange[] =>
    typeof c === 'string'
      ? [{ line: c }]
      : isObject(c) && typeof c.line === 'string'
        ? [c as unknown as ContentChange]
        : [],
  );
}
