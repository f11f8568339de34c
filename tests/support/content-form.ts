/**
 * The desk's content editor as a browser uses it in the workerd tests: a part's form read from its page (what a
 * browser would post), changed field by field, and posted (urlencoded, or multipart with files).
 */
import { env } from 'cloudflare:test';
import { LOOPBACK_ORIGIN, callWorker } from './api';

export type Pairs = [string, string][];

export const get = (path: string) => callWorker(env, path);
export const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');
export const unescape = (s: string) =>
  s
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

/** What a browser would post from the page's first content form: its inputs, ticked boxes and textareas. */
export async function formOf(path: string): Promise<Pairs> {
  const html = await (await get(path)).text();
  const form = html.slice(html.indexOf('class="desk-card desk-content-form"'), html.indexOf('</form>'));
  const pairs: Pairs = [];
  for (const [tag] of form.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>[\s\S]*?<\/textarea>/g)) {
    const attr = (a: string) => tag.match(new RegExp(`\\s${a}="([^"]*)"`))?.[1];
    const name = attr('name');
    if (!name || attr('type') === 'file') continue;
    if (tag.startsWith('<textarea')) {
      pairs.push([name, unescape(tag.replace(/^<textarea[^>]*>|<\/textarea>$/g, ''))]);
    } else if (attr('type') === 'checkbox') {
      if (/\schecked=""/.test(tag)) pairs.push([name, attr('value') ?? 'on']);
    } else pairs.push([name, unescape(attr('value') ?? '')]);
  }
  return pairs;
}

/** The pairs with `name` set to `value` (added when absent). */
export const set = (pairs: Pairs, name: string, value: string): Pairs =>
  pairs.some(([n]) => n === name) ? pairs.map(([n, v]) => [n, n === name ? value : v]) : [...pairs, [name, value]];

export const setAll = (pairs: Pairs, values: Pairs): Pairs => values.reduce((all, [n, v]) => set(all, n, v), pairs);

export const post = (path: string, pairs: Pairs, origin = LOOPBACK_ORIGIN) =>
  callWorker(env, path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(pairs).toString(),
  });

/** The form posted as multipart (as a form with a file field is), with `files` by their field's name. */
export function postMultipart(path: string, pairs: Pairs, files: [string, File][]) {
  const body = new FormData();
  for (const [n, v] of pairs) body.append(n, v);
  for (const [n, file] of files) body.append(n, file);
  return callWorker(env, path, { method: 'POST', headers: { origin: LOOPBACK_ORIGIN }, body });
}
