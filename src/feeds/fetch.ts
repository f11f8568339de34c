import { TOPICS, site } from '../content/site';
import { type Env, readConfig } from '../env';
import { CHANNEL_RULE, MAX_FEED_BYTES, PLAYLIST_RULE, parseFeed, type FeedRule } from './parse';
import { sampleFeed } from './sample-feeds';
import { readCapped } from '../http/body';
import type { FeedKey, FeedResult } from './types';

/** Each upstream feed gets this long; the seven run in parallel, so a refresh takes at most this. */
export const FEED_TIMEOUT_MS = 4_000;

export type FeedResults = Record<FeedKey, FeedResult>;

/** The seven feeds: the channel (latest section) and one playlist per topic. */
export function feedQueries(): [FeedKey, string, FeedRule][] {
  return [
    ['channel', `channel_id=${site.youtube.channelId}`, CHANNEL_RULE],
    ...TOPICS.map((t): [FeedKey, string, FeedRule] => [t, `playlist_id=${site.youtube.playlists[t]}`, PLAYLIST_RULE]),
  ];
}

async function fetchOne(url: string, rule: FeedRule, fetcher: typeof fetch): Promise<FeedResult> {
  try {
    const res = await fetcher(url, {
      headers: { accept: 'application/atom+xml, application/xml;q=0.9' },
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: `HTTP ${res.status}` };
    }
    const xml = await readCapped(res, MAX_FEED_BYTES);
    return xml === null ? { ok: false, error: 'feed too large' } : parseFeed(xml, rule);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, error: name === 'TimeoutError' ? 'timed out' : `network error: ${String(error)}` };
  }
}

/**
 * Fetches the channel feed and the six playlist feeds in parallel. Never throws: each feed
 * comes back as its own ok/error result. With YOUTUBE_SAMPLE_FEEDS=1 the bundled sample
 * feeds are parsed instead, so the site can be shown offline.
 */
export async function fetchFeeds(env: Env, fetcher: typeof fetch = fetch): Promise<FeedResults> {
  const { sampleFeeds: sample, feedUrl: YOUTUBE_FEED_URL } = readConfig(env).feeds;
  const results = await Promise.all(
    feedQueries().map(async ([key, query, rule]) => {
      const result = sample
        ? parseFeed(sampleFeed(key), rule)
        : await fetchOne(`${YOUTUBE_FEED_URL}?${query}`, rule, fetcher);
      return [key, result] as const;
    }),
  );
  return Object.fromEntries(results) as FeedResults;
}
