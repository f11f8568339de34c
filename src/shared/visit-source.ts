import type { Attribution } from './attribution';

/**
 * Where a visit or a lead came from, as the desk's Sources page buckets them: one rule for the visits the server
 * counts and for the first-touch attribution a lead stored, so the two are counted alike. Imports nothing
 * server-only.
 */

/** A source, medium or campaign as kept: lower case letters, digits, `.`, `_`, `-`, at most 40 characters. */
const TAG = /^[a-z0-9._-]{1,40}$/;
export const OTHER = 'other';
export const DIRECT = 'direct';

export interface VisitSource {
  source: string;
  /** `utm_medium`; empty when there was none. */
  medium: string;
  /** `utm_campaign`; empty when there was none. */
  campaign: string;
}

/** A tag value by the rule above: lower-cased, or "other" when it breaks it, or empty when there is none. */
export function tagOf(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return '';
  const tag = value.trim().toLowerCase();
  return TAG.test(tag) ? tag : OTHER;
}

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Sites known by another name than their host; the first match wins. */
const KNOWN_SITES: Array<[string, (host: string) => boolean]> = [
  ['instagram', (h) => under(h, 'instagram.com')],
  ['facebook', (h) => under(h, 'facebook.com') || under(h, 'fb.com') || h === 'fb.me'],
  ['linkedin', (h) => under(h, 'linkedin.com') || h === 'lnkd.in'],
  ['youtube', (h) => under(h, 'youtube.com') || h === 'youtu.be'],
  ['x', (h) => h === 't.co' || under(h, 'x.com') || under(h, 'twitter.com')],
  [
    'search',
    (h) =>
      /(^|\.)(google|yandex)\.[a-z.]+$/.test(h) ||
      ['bing.com', 'duckduckgo.com', 'yahoo.com', 'ecosia.org', 'baidu.com', 'startpage.com', 'qwant.com'].some((d) =>
        under(h, d),
      ) ||
      h === 'search.brave.com',
  ],
];

/** The source a referring site's host stands for: a known site's name, else the host without `www.`. */
export function siteSource(host: string): string {
  const name = host.toLowerCase().replace(/^www\./, '');
  const known = KNOWN_SITES.find(([, matches]) => matches(name));
  if (known) return known[0];
  const bare = name.slice(0, 40).replace(/\.+$/, '');
  return TAG.test(bare) ? bare : OTHER;
}

/**
 * The source, medium and campaign of a first touch: `utm_source`, else the referring site (another site than
 * this one: the attribution never holds our own host), else "direct".
 *
 * @example sourceOf({ referrer_host: 'l.instagram.com' }) // { source: 'instagram', medium: '', campaign: '' }
 */
export function sourceOf(touch: Attribution | undefined): VisitSource {
  const tagged = tagOf(touch?.utm_source);
  const source = tagged || (touch?.referrer_host ? siteSource(touch.referrer_host) : DIRECT);
  return { source, medium: tagOf(touch?.utm_medium), campaign: tagOf(touch?.utm_campaign) };
}
