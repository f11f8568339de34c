import { XMLParser } from 'fast-xml-parser';
import { FEED_XML_OPTIONS, refusal } from './parse';
import type { FeedEpisode, PodcastResult } from './podcast-types';

/** Feeds larger than this are refused before parsing (a show of 300 episodes with full notes is ~2 MB). */
export const MAX_PODCAST_FEED_BYTES = 3 * 1024 * 1024;
/** Episodes kept: the newest six, as many as the Listen section shows. */
export const EPISODE_LIMIT = 6;
/** Items read at most, so a feed of thousands of tiny items costs no more than a normal one. */
const MAX_ITEMS = 2_000;
/** Other RSS values are at most 255 characters; a little room for feeds that ignore that. */
const MAX_TEXT = 400;

// Read as the video feeds are (FEED_XML_OPTIONS, `refusal`); `item` is always an array.
const parser = new XMLParser({ ...FEED_XML_OPTIONS, isArray: (_name, jpath) => jpath === 'rss.channel.item' });

type Node = Record<string, unknown>;

const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});

function text(value: unknown): string {
  const raw = typeof value === 'string' ? value : node(value)['#text'];
  return typeof raw === 'string' ? raw.trim().slice(0, MAX_TEXT) : '';
}

const attr = (value: unknown, name: string): string => text(node(value)[`@_${name}`]);

/** An absolute address the site may hand to a browser: https, or http where allowed (development). */
function address(value: string, allowHttp: boolean): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const { protocol } = new URL(value);
  return protocol === 'https:' || (allowHttp && protocol === 'http:') ? value : undefined;
}

/** itunes:duration in seconds: a count of seconds, or [[HH:]MM:]SS. Undefined for anything else. */
export function parseDuration(value: string): number | undefined {
  const parts = value.split(':');
  if (parts.length > 3 || !parts.every((p) => /^\d{1,9}(\.\d+)?$/.test(p))) return undefined;
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return seconds > 0 && Number.isFinite(seconds) ? Math.floor(seconds) : undefined;
}

/** An RFC 2822 date (or any the runtime reads) as YYYY-MM-DD in UTC; undefined when unreadable. */
function day(value: string): string | undefined {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

function toEpisode(item: Node, channelImage: string | undefined, allowHttp: boolean): FeedEpisode | null {
  const enclosure = node(item.enclosure);
  const url = address(attr(enclosure, 'url'), allowHttp);
  const type = attr(enclosure, 'type').toLowerCase();
  const date = day(text(item.pubDate));
  const title = text(item.title);
  // Only audio plays in the site's player: video, PDF and untyped enclosures are skipped.
  if (!url || !/^audio\/[\w.+-]+$/.test(type) || !date || !title) return null;
  const episode: FeedEpisode = { key: text(item.guid) || url, title, date, audio: { url, type } };
  const length = Number(attr(enclosure, 'length'));
  if (Number.isSafeInteger(length) && length > 0) episode.audio.length = length;
  const durationS = parseDuration(text(item['itunes:duration']));
  if (durationS) episode.durationS = durationS;
  const image = address(attr(item['itunes:image'], 'href'), allowHttp) ?? channelImage;
  if (image) episode.image = image;
  const link = address(text(item.link), allowHttp);
  if (link) episode.link = link;
  return episode;
}

/**
 * Parses a podcast RSS feed into its newest EPISODE_LIMIT audio episodes, newest first. Never throws:
 * oversized, malformed or hostile documents give `{ ok: false }`. `allowHttp` admits plain http addresses
 * (development's stand-in); otherwise enclosures and images must be https.
 */
export function parsePodcastFeed(xml: string, allowHttp = false): PodcastResult {
  try {
    const refused = refusal(xml, MAX_PODCAST_FEED_BYTES);
    if (refused) return { ok: false, error: refused };
    const channel = node(node(node(parser.parse(xml)).rss).channel);
    if (!Object.keys(channel).length) return { ok: false, error: 'not an RSS feed' };
    const items = Array.isArray(channel.item) ? (channel.item as unknown[]).slice(0, MAX_ITEMS) : [];
    if (items.length === MAX_ITEMS) return { ok: false, error: 'feed has too many items' };
    const channelImage =
      address(attr(channel['itunes:image'], 'href'), allowHttp) ?? address(text(node(channel.image).url), allowHttp);
    const episodes = items
      .map((item) => toEpisode(node(item), channelImage, allowHttp))
      .filter((e): e is FeedEpisode => e !== null)
      .sort((a, b) => b.date.localeCompare(a.date));
    return { ok: true, episodes: episodes.slice(0, EPISODE_LIMIT) };
  } catch (error) {
    return { ok: false, error: `unreadable feed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
