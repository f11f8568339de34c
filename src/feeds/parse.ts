import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FeedResult, VideoItem } from './types';

/** Feeds larger than this are refused before parsing (a real feed of 15 entries is ~50 KB). */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;
/** Items kept per topic playlist and for the channel feed (YouTube sends at most 15). */
export const PLAYLIST_LIMIT = 6;
export const CHANNEL_LIMIT = 15;

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * "short" or "shorts" as a whole word, with or without a leading "#", any case.
 * Unicode-aware boundaries, so "Shortcuts to calm" and "Kurzshorts" are not Shorts.
 */
const SHORTS_TITLE = /(?<![\p{L}\p{N}_])shorts?(?![\p{L}\p{N}_])/iu;

// parseTagValue:false keeps all-digit titles and ids as strings. A feed never carries a DOCTYPE, so entity
// declarations are refused outright (refusal, below) and the parser's own limits are a second fence.
/** The parser options every feed is read with (each adds which elements are always arrays). */
export const FEED_XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 256, maxTotalExpansions: 1000 },
  htmlEntities: true,
  maxNestedTags: 32,
} as const;

// `entry` and `link` are always arrays so a one-entry feed has the same shape.
const parser = new XMLParser({
  ...FEED_XML_OPTIONS,
  isArray: (_name, jpath) => jpath === 'feed.entry' || jpath === 'feed.entry.link',
});

/** Why a feed document is refused before it is parsed (too large, a DOCTYPE, malformed), or undefined. May throw. */
export function refusal(xml: string, maxBytes: number): string | undefined {
  if (xml.length > maxBytes) return 'feed too large';
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return 'feed declares a DOCTYPE';
  const valid = XMLValidator.validate(xml);
  return valid === true ? undefined : `malformed feed: ${valid.err.msg}`;
}

type Node = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && typeof (value as Node)['#text'] === 'string') {
    return ((value as Node)['#text'] as string).trim();
  }
  return '';
}

/** A title is a Short's when it names the word short(s) (see SHORTS_TITLE) or links to /shorts/. */
export function isShort(title: string, link: string): boolean {
  return SHORTS_TITLE.test(title) || /\/shorts\//i.test(link);
}

function videoId(entry: Node): string {
  const direct = text(entry['yt:videoId']);
  const id = direct || text(entry.id).replace(/^yt:video:/, '');
  return VIDEO_ID.test(id) ? id : '';
}

function alternateLink(entry: Node, id: string): string {
  const links = Array.isArray(entry.link) ? (entry.link as Node[]) : [];
  const alternate = links.find((l) => l?.['@_rel'] === 'alternate') ?? links[0];
  const href = typeof alternate?.['@_href'] === 'string' ? alternate['@_href'].trim() : '';
  return href || `https://www.youtube.com/watch?v=${id}`;
}

function toItem(entry: Node, dropShorts: boolean): VideoItem | null {
  const id = videoId(entry);
  if (!id) return null;
  const link = alternateLink(entry, id);
  const title = text(entry.title);
  if (dropShorts && isShort(title, link)) return null;
  const item: VideoItem = { id, title, published: text(entry.published), link };
  const group = entry['media:group'];
  const description = group && typeof group === 'object' ? text((group as Node)['media:description']) : '';
  if (description) item.description = description;
  return item;
}

/** How a feed is read: how many videos to keep, and whether Shorts are dropped. */
export interface FeedRule {
  limit: number;
  dropShorts: boolean;
}

/** The latest-videos channel feed leaves Shorts out; a topic playlist keeps whatever the coach put in it. */
export const CHANNEL_RULE: FeedRule = { limit: CHANNEL_LIMIT, dropShorts: true };
export const PLAYLIST_RULE: FeedRule = { limit: PLAYLIST_LIMIT, dropShorts: false };

/**
 * Parses a YouTube Atom feed into at most `rule.limit` videos, dropping entries without an id
 * and, when the rule says so, Shorts. Never throws: oversized, malformed or hostile documents
 * give `{ ok: false }`.
 */
export function parseFeed(xml: string, rule: FeedRule): FeedResult {
  try {
    const refused = refusal(xml, MAX_FEED_BYTES);
    if (refused) return { ok: false, error: refused };
    const doc = parser.parse(xml) as Node;
    const feed = doc.feed;
    if (!feed || typeof feed !== 'object') return { ok: false, error: 'not an Atom feed' };
    const entries = ((feed as Node).entry ?? []) as Node[];
    const items: VideoItem[] = [];
    for (const entry of entries) {
      if (items.length >= rule.limit) break;
      const item = entry && typeof entry === 'object' ? toItem(entry, rule.dropShorts) : null;
      if (item) items.push(item);
    }
    return { ok: true, items };
  } catch (error) {
    return { ok: false, error: `unreadable feed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
