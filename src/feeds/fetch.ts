import { TOPICS, site } from '../words/site';
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

/**
 * A feed document's text, read up to `maxBytes` within FEED_TIMEOUT_MS. Never throws: a refusal, a timeout or a
 * network error comes back as `{ ok: false }`.
 */
export async function fetchFeedText(
  url: string,
  accept: string,
  maxBytes: number,
  fetcher: typeof fetch,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  try {
    const res = await fetcher(url, { headers: { accept }, signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: `HTTP ${res.status}` };
    }
    const text = await readCapped(res, maxBytes);
    return text === null ? { ok: false, error: 'feed too large' } : { ok: true, text };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, error: name === 'TimeoutError' ? 'timed out' : `network error: ${String(error)}` };
  }
}

async function fetchOne(url: string, rule: FeedRule, fetcher: typeof fetch): Promise<FeedResult> {
  const got = await fetchFeedText(url, 'application/atom+xml, application/xml;q=0.9', MAX_FEED_BYTES, fetcher);
  return got.ok ? parseFeed(got.text, rule) : got;
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
