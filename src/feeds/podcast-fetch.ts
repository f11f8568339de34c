import { type Env, podcastFeed } from '../env';
import { fetchFeedText } from './fetch';
import { MAX_PODCAST_FEED_BYTES, parsePodcastFeed } from './podcast-parse';
import type { PodcastResult } from './podcast-types';

const RSS_ACCEPT = 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8';

/** Fetches and parses the podcast feed at `url`. Never throws: a failure comes back as `{ ok: false }`. */
export async function fetchPodcast(
  url: string,
  allowHttp: boolean,
  fetcher: typeof fetch = fetch,
): Promise<PodcastResult> {
  const got = await fetchFeedText(url, RSS_ACCEPT, MAX_PODCAST_FEED_BYTES, fetcher);
  return got.ok ? parsePodcastFeed(got.text, allowHttp) : got;
}

/** The configured feed (PODCAST_FEED_URL) and how to read it; undefined when the site has none. */
export function podcastSource(env: Env): { url: string; fetch: () => Promise<PodcastResult> } | undefined {
  const { podcastUrl, podcastAllowsHttp } = podcastFeed(env);
  return podcastUrl ? { url: podcastUrl, fetch: () => fetchPodcast(podcastUrl, podcastAllowsHttp) } : undefined;
}
