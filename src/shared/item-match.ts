/**
 * Which item of a list in one version of the site content is which item in the next, without an id: two items
 * are the same item when they are alike enough (at least half of what they say is unchanged, a text counted by
 * the words it shares), the most alike paired first and, between equally alike ones, the nearest in position.
 * So fixing one sentence of a testimonial, or moving it up, keeps it the same testimonial; replacing every word
 * of it makes it a new one.
 */

/** Items this alike or more are the same item, edited (1: identical, 0: nothing in common). */
export const SAME_ITEM = 0.5;

const words = (s: string) => s.toLowerCase().split(/\s+/).filter(Boolean);

/** How alike two texts are by their words (Dice: twice the shared words over all words), 0 to 1. */
function textLikeness(a: string, b: string): number {
  if (a === b) return 1;
  const wa = words(a);
  const wb = words(b);
  if (wa.length + wb.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const w of wa) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of wb) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared++;
      counts.set(w, n - 1);
    }
  }
  return (2 * shared) / (wa.length + wb.length);
}

const flat = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.map(flat).join('\n')
      : v && typeof v === 'object'
        ? Object.values(v).map(flat).join('\n')
        : String(v);

/** How alike two values are, 0 to 1: objects field by field (the mean), texts by their words. */
export function likeness(a: unknown, b: unknown): number {
  if (JSON.stringify(a) === JSON.stringify(b)) return 1;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const each = keys.map((k) => likeness((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
    return each.reduce((sum, n) => sum + n, 0) / Math.max(1, keys.length);
  }
  if (typeof a === 'boolean' || typeof b === 'boolean') return 0;
  return textLikeness(flat(a), flat(b));
}

/** The pairs [index in `a`, index in `b`] of the same item, in `a`'s order. */
export function matchItems<T>(a: readonly T[], b: readonly T[]): [number, number][] {
  const candidates: { i: number; j: number; score: number }[] = [];
  a.forEach((x, i) =>
    b.forEach((y, j) => {
      const score = likeness(x, y);
      if (score >= SAME_ITEM) candidates.push({ i, j, score });
    }),
  );
  candidates.sort((p, q) => q.score - p.score || Math.abs(p.i - p.j) - Math.abs(q.i - q.j) || p.i - q.i);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: [number, number][] = [];
  for (const { i, j } of candidates) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    pairs.push([i, j]);
  }
  return pairs.sort((p, q) => p[0] - q[0]);
}

/** Whether the paired items stand in another order (some item moved). */
export const reordered = (pairs: readonly [number, number][]) =>
  pairs.some(([, j], k) => k > 0 && j < pairs[k - 1]![1]);

/**
 * The part of two texts that differs, with up to `context` words either side (… where words were left out), so
 * a fixed sentence of a long quote shows as that sentence before and after.
 */
export function excerpts(before: string, after: string, context = 8): [string, string] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const cut = (w: string[]) => {
    const from = Math.max(0, start - context);
    const to = Math.min(w.length, w.length - end + context);
    return `${from > 0 ? '… ' : ''}${w.slice(from, to).join(' ')}${to < w.length ? ' …' : ''}`;
  };
  return [cut(a), cut(b)];
}
