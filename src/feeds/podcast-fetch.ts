import { type Env, podcastFeed } from '../env';
import { readCapped } from '../http/body';
import { FEED_TIMEOUT_MS } from './fetch';
import { MAX_PODCAST_FEED_BYTES, parsePodcastFeed } from './podcast-parse';
import type { PodcastResult } from './podcast-types';

/** Fetches and parses the podcast feed at `url`. Never throws: a failure comes back as `{ ok: false }`. */
export async function fetchPodcast(
  url: string,
  allowHttp: boolean,
  fetcher: typeof fetch = fetch,
): Promise<PodcastResult> {
  try {
    const res = await fetcher(url, {
      headers: { accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8' },
      signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: `HTTP ${res.status}` };
    }
    const xml = await readCapped(res, MAX_PODCAST_FEED_BYTES);
    return xml === null ? { ok: false, error: 'feed too large' } : parsePodcastFeed(xml, allowHttp);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return { ok: false, error: name === 'TimeoutError' ? 'timed out' : `network error: ${String(error)}` };
  }
}

/** The configured feed (PODCAST_FEED_URL) and how to read it; undefined when the site has none. */
export function podcastSource(env: Env): { url: string; fetch: () => Promise<PodcastResult> } | undefined {
  const { podcastUrl, podcastAllowsHttp } = podcastFeed(env);
  return podcastUrl ? { url: podcastUrl, fetch: () => fetchPodcast(podcastUrl, podcastAllowsHttp) } : undefined;
}
