import { deskContent as copy, partNames } from '../../words/site-content/desk-content';
import { isPartName } from './content-parts';
import { itemName } from './fields';

/**
 * A problem's field as the owners read it: the part (when the path starts with one), each list item by its title
 * and the field by its label (`talks.0.date` → Talks and events · “Aliveness at work” · Date). `value` is what
 * the path is read in: the whole draft, or the part's value when `part` names the part the path is inside.
 */
export function problemName(field: string, value: unknown, part?: string): string {
  const keys = field.split('.');
  const names: string[] = [];
  let list = part ?? '';
  let at = value;
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const name = pending.join('.');
    names.push(copy.labels[name] ?? copy.labels[pending.at(-1)!] ?? name);
    list = pending.at(-1)!;
    pending = [];
  };
  for (const [k, key] of keys.entries()) {
    if (k === 0 && !part && isPartName(key)) {
      names.push(partNames[key]);
      list = key;
    } else if (/^\d+$/.test(key)) {
      flush();
      const item = Array.isArray(at) ? at[Number(key)] : undefined;
      names.push(`“${itemName(list, item ?? {}, Number(key))}”`);
    } else pending.push(key);
    at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  }
  flush();
  return names.join(' · ') || field;
}
