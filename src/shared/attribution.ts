/**
 * Where a lead came from: the first touch of the visit in this tab. Only what is present is
 * kept; each value is cleaned and cut to length, and anything malformed is dropped rather
 * than refused (a bad campaign tag must never cost a lead). Imports nothing server-only.
 */

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export const ATTRIBUTION_KEYS = [...UTM_KEYS, 'referrer_host', 'landing_path'] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
/** As stored with a lead; keys are absent when the visit had no such value. */
export type Attribution = Partial<Record<AttributionKey, string>>;

/** Longest value kept per key (a hostname is at most 253 characters). */
export const ATTRIBUTION_MAX = { utm: 100, referrer_host: 253, landing_path: 200 } as const;

/** Control characters, bidi overrides and markup characters are removed; runs of spaces become one. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069<>]/g;

function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return value
    .slice(0, max * 4)
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The host of a referrer, never its path or query; accepts a bare host or a full address. */
export function referrerHost(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '';
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '') // scheme
    .split(/[/?#]/, 1)[0]!
    .replace(/^.*@/, '') // user information
    .replace(/:\d*$/, ''); // port
  return HOST.test(host) ? host : '';
}

/** A client's private page, `/c/<token>`: the token opens it, so no record keeps more of the path than `/c`. */
const CLIENT_PAGE = /^\/c\/.*/;

/** A path on this site: starts with one "/", without query or fragment (and never a client page's token). */
export function landingPath(value: unknown): string {
  if (typeof value !== 'string') return '';
  const path = cleanText(value.split(/[?#]/)[0], ATTRIBUTION_MAX.landing_path).replace(CLIENT_PAGE, '/c');
  return /^\/(?!\/)/.test(path) && !path.includes(' ') ? path : '';
}

/**
 * The first touch a page address and its referrer describe: the campaign tags of the address, the
 * referring site's host when it is another site, and the path. The browser records it for the tab;
 * the server renders it into the forms' hidden field, so a form sent before the scripts run, or
 * without them, carries it too.
 *
 * @example firstTouchOf(new URL('https://x.in/?utm_source=ig'), 'https://l.instagram.com/', ['x.in'])
 *   // { utm_source: 'ig', referrer_host: 'l.instagram.com', landing_path: '/' }
 */
export function firstTouchOf(
  address: { pathname: string; searchParams: { get(name: string): string | null } },
  referrer: string | undefined,
  ownHosts: readonly string[],
): Attribution | undefined {
  const touch: Record<string, string> = { landing_path: address.pathname };
  for (const key of UTM_KEYS) {
    const value = address.searchParams.get(key);
    if (value) touch[key] = value;
  }
  const host = referrerHost(referrer);
  if (host && !ownHosts.includes(host)) touch.referrer_host = host;
  return cleanAttribution(touch);
}

/**
 * Cleans what a browser sent (an object, or its JSON text from a form field) into an
 * Attribution, or undefined when nothing usable is left.
 */
export function cleanAttribution(raw: unknown): Attribution | undefined {
  let input = raw;
  if (typeof input === 'string') {
    if (input.length > 4096) return undefined;
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const source = input as Record<string, unknown>;
  const out: Attribution = {};
  for (const key of UTM_KEYS) {
    const value = cleanText(source[key], ATTRIBUTION_MAX.utm);
    if (value) out[key] = value;
  }
  const host = referrerHost(source.referrer_host);
  if (host) out.referrer_host = host;
  const path = landingPath(source.landing_path);
  if (path) out.landing_path = path;
  return Object.keys(out).length > 0 ? out : undefined;
}
