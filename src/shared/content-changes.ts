/**
 * What changed from one version of the site content to the next, as short readable lines for the owners
 * ("Programs: “Retreats & Workshops” description changed", "Testimonials: 1 added"). Programs are matched by
 * slug; other list items by what names them (a testimonial's name and quote, a talk's date and title, a social
 * link's label, an episode's title), so an edit reads as "changed" rather than "1 added, 1 removed".
 */
import { contentChanges as say, contentParts } from '../content/content-changes';
import type { SiteContent } from './site-content';

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

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A field's name as a reader says it: `imageAlt` → "image alt". */
const spoken = (field: string) => field.replace(/([A-Z])/g, ' $1').toLowerCase();

function sectionChanges(a: SiteContent, b: SiteContent): string[] {
  return SECTIONS.flatMap((section) => {
    const before = a[section] as Record<string, unknown>;
    const after = b[section] as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields
      .filter((field) => !same(before[field], after[field]))
      .map((field) => say.field(contentParts[section], spoken(field)));
  });
}

function programChanges(a: SiteContent['programs'], b: SiteContent['programs']): string[] {
  const part = contentParts.programs;
  const out: string[] = [];
  for (const after of b) {
    const before = a.find((p) => p.slug === after.slug);
    if (!before) {
      out.push(say.programAdded(part, after.title));
      continue;
    }
    for (const field of Object.keys(after) as (keyof typeof after)[]) {
      if (!same(before[field], after[field])) out.push(say.programField(part, before.title, spoken(field)));
    }
  }
  for (const before of a) if (!b.some((p) => p.slug === before.slug)) out.push(say.programRemoved(part, before.title));
  const kept = (list: SiteContent['programs'], other: SiteContent['programs']) =>
    list.filter((p) => other.some((o) => o.slug === p.slug)).map((p) => p.slug);
  if (!same(kept(a, b), kept(b, a))) out.push(say.order(part));
  return out;
}

/** Added, changed and removed counts of a list whose items are named by `key`. */
function listChanges<T>(part: string, a: readonly T[], b: readonly T[], key: (item: T) => string): string[] {
  const before = new Map(a.map((item) => [key(item), item]));
  const after = new Map(b.map((item) => [key(item), item]));
  const added = [...after.keys()].filter((k) => !before.has(k)).length;
  const removed = [...before.keys()].filter((k) => !after.has(k)).length;
  const changed = [...after].filter(([k, item]) => before.has(k) && !same(before.get(k), item)).length;
  const out: string[] = [];
  if (added) out.push(say.counted(part, added, 'added'));
  if (changed) out.push(say.counted(part, changed, 'changed'));
  if (removed) out.push(say.counted(part, removed, 'removed'));
  if (out.length === 0 && !same(a, b)) out.push(say.order(part));
  return out;
}

/** What changed from `a` to `b`, one readable line each; empty when nothing did. */
export function changesBetween(a: SiteContent, b: SiteContent): string[] {
  return [
    ...sectionChanges(a, b),
    ...programChanges(a.programs, b.programs),
    ...listChanges(contentParts.testimonials, a.testimonials, b.testimonials, (t) => `${t.name}\n${t.quote}`),
    ...listChanges(contentParts.talks, a.talks, b.talks, (t) => `${t.date}\n${t.title}`),
    ...listChanges(contentParts.social, a.social, b.social, (s) => s.label),
    ...listChanges(contentParts.episodes, a.episodes, b.episodes, (e) => e.title),
  ];
}
