/**
 * A part of the site content read from its posted form, through the part's field table: each list item is a
 * fieldset (`0.title`, `0.points`, …) marked by a hidden `0._item`; one ticked "Remove" drops it, an empty new
 * one is ignored, and a new program gets its slug from its title. The result is checked by the part's own schema.
 */
import * as z from 'zod';
import { fieldProblems, slugFrom } from '../../shared/content-fields';
import { DraftContent } from '../../shared/site-content';
import { PARTS, type Field, type PartName } from './content-parts';

export type Problem = { field: string; message: string };

/** The marker every list item's fieldset posts, and the box that removes it. */
export const ITEM = '_item';
export const REMOVE = '_remove';
/** The name of an item's move buttons; the value is the item's path and the way: `3:up`, `benefits.0:down`. */
export const MOVE = '_move';

export interface Move {
  /** The list's prefix (`` for a list part, `benefits.` for a list inside one). */
  list: string;
  index: number;
  by: -1 | 1;
  /** Where the item stands once moved (set while the form is read; unset when it could not move). */
  landed?: number;
}

/** The move a pressed button asks for, or null (no move button pressed). */
export function moveOf(form: URLSearchParams): Move | null {
  const m = /^((?:[a-zA-Z]+\.)?)(\d{1,3}):(up|down)$/.exec(form.get(MOVE) ?? '');
  return m ? { list: m[1]!, index: Number(m[2]), by: m[3] === 'up' ? -1 : 1 } : null;
}

const lines = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const paragraphs = (s: string) =>
  s
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Rupees as typed: empty is none (undefined), digits with Indian or Western grouping a number, anything else
 * kept as typed so that the schema says why it is not a price.
 */
const rupeesOf = (s: string): number | string | undefined => {
  const typed = s.trim().replace(/^₹\s*/, '');
  if (typed === '') return undefined;
  return /^\d{1,3}(?:,\d{2,3})*$|^\d+$/.test(typed) ? Number(typed.replace(/,/g, '')) : s.trim();
};

/** A whole number as typed: empty is none (undefined), digits a number, anything else kept for the schema to refuse. */
const countOf = (s: string): number | string | undefined => {
  const typed = s.trim();
  if (typed === '') return undefined;
  return /^\d{1,6}$/.test(typed) ? Number(typed) : typed;
};

/** A kept PDF as its hidden field posts it (`<sha256>:<bytes>`): empty is none, anything else kept for the schema. */
export const pdfOf = (s: string): { sha256: string; bytes: number } | string | undefined => {
  const typed = s.trim();
  if (typed === '') return undefined;
  const m = /^([0-9a-f]{64}):(\d{1,9})$/.exec(typed);
  return m ? { sha256: m[1]!, bytes: Number(m[2]) } : typed;
};

/** Sets `value` at a dotted path of `target` (`recommendedBy.stage`). */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as Record<string, unknown>;
  at[keys.at(-1)!] = value;
}

/** The value at a dotted path, or undefined. */
export function getPath(source: unknown, path: string): unknown {
  let at = source;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** The ticked options, those already chosen first in their saved order (a save that changes none changes nothing). */
function ordered(ticked: string[], before: unknown): string[] {
  const kept = Array.isArray(before) ? before.filter((o): o is string => ticked.includes(o as string)) : [];
  return [...kept, ...ticked.filter((o) => !kept.includes(o))];
}

function readFields(
  fields: Field[],
  form: URLSearchParams,
  prefix: string,
  before: unknown,
  move: Move | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const name = prefix + field.name;
    const raw = form.get(name) ?? '';
    const value =
      field.kind === 'lines'
        ? lines(raw)
        : field.kind === 'paragraphs'
          ? paragraphs(raw)
          : field.kind === 'checkbox'
            ? form.has(name)
            : field.kind === 'options'
              ? ordered(form.getAll(name), getPath(before, field.name))
              : field.kind === 'list'
                ? readList(field.item ?? [], form, `${name}.`, getPath(before, field.name), move)
                : field.kind === 'rupees'
                  ? rupeesOf(raw)
                  : field.kind === 'count'
                    ? countOf(raw)
                    : field.kind === 'pdf'
                      ? pdfOf(raw)
                      : field.optional && raw.trim() === ''
                        ? undefined
                        : raw;
    // An optional field left empty is absent, not an empty string.
    if (value !== undefined) setPath(out, field.name, value);
  }
  return out;
}

/** Whether an item holds nothing typed (its boxes and options do not count: a new item may have them ticked). */
function isEmpty(fields: Field[], item: Record<string, unknown>): boolean {
  return fields.every((field) => {
    const value = getPath(item, field.name);
    if (field.kind === 'checkbox' || field.kind === 'options' || field.kind === 'hidden') return true;
    // An uploaded PDF alone is something typed: the item is kept, and its schema asks for the rest.
    if (field.kind === 'pdf') return value === undefined;
    return Array.isArray(value) ? value.length === 0 : typeof value !== 'string' || value.trim() === '';
  });
}

/** A list's items as posted (removed and empty ones dropped), the one a move button names swapped with its neighbour. */
function readList(
  fields: Field[],
  form: URLSearchParams,
  prefix: string,
  before: unknown,
  move: Move | null,
): Record<string, unknown>[] {
  const items: { at: number; item: Record<string, unknown> }[] = [];
  for (let i = 0; form.has(`${prefix}${i}.${ITEM}`); i++) {
    if (form.has(`${prefix}${i}.${REMOVE}`)) continue;
    const item = readFields(fields, form, `${prefix}${i}.`, Array.isArray(before) ? before[i] : undefined, move);
    if (!isEmpty(fields, item)) items.push({ at: i, item });
  }
  const from = move && move.list === prefix ? items.findIndex((x) => x.at === move.index) : -1;
  const to = from + (move?.by ?? 0);
  if (move && from >= 0 && to >= 0 && to < items.length) {
    [items[from], items[to]] = [items[to]!, items[from]!];
    move.landed = to;
  }
  return items.map((x) => x.item);
}

/**
 * What the form posted for `part`, before the schema (removed and empty items dropped, new slugs made); `before`
 * is the part as the form showed it (the draft's), which keeps the order of ticked options.
 */
export function readPart(
  part: PartName,
  form: URLSearchParams,
  before: unknown,
  move: Move | null = moveOf(form),
): unknown {
  const { list, fields } = PARTS[part];
  if (!list) return readFields(fields, form, '', before, move);
  const items = readList(fields, form, '', before, move);
  // A new program, or a guide left without an address name, gets one from its title.
  if (part === 'programs' || part === 'guides') {
    const taken = items.map((p) => String(p.slug ?? '')).filter(Boolean);
    for (const item of items) {
      if (item.slug) continue;
      item.slug = slugFrom(String(item.title ?? ''), taken);
      taken.push(item.slug as string);
    }
  }
  return items;
}

/** The part's value checked by its own schema: the clean value, or each problem by its field's name. */
export function checkPart(
  part: PartName,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; problems: Problem[] } {
  const schema = DraftContent.shape[part] as z.ZodType;
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: fieldProblems(parsed.error) };
}

/** The part named first in a whole-content problem's field (`programs.1.link` → programs). */
export const partOf = (field: string) => field.split('.')[0] ?? '';

/** A problem's message for the field `name`, when the problem is about it or something inside it. */
export function problemFor(problems: readonly Problem[], name: string): string | undefined {
  return problems.find((p) => p.field === name || p.field.startsWith(`${name}.`))?.message;
}
