import { describeError, logEvent } from '../log';
import type { Env } from '../env';
import { FRESH_MS } from './cache';
import { podcastSource } from './podcast-fetch';
import { singleRefresh } from './single-refresh';
import type { FeedEpisode, PodcastResult } from './podcast-types';
import type { ListenEpisode } from './types';

export const PODCAST_KEY = 'podcast-feed:v1';
export const PODCAST_LOCK_KEY = 'podcast-feed:lock';
/** The path episode images are served under (src/routes/files/podcast-art.ts). */
export const ART_PATH = '/podcast-art';
/** The image of an episode whose feed names none (a neutral square). */
export const ART_PLACEHOLDER = 'placeholder';
/** Kept a month: a feed that keeps failing shows its last good list that long. */
const KEEP_S = 30 * 86_400;

/** A stored episode: as parsed, with the id its image is served under. */
export type StoredEpisode = FeedEpisode & { imageId?: string };

/** The KV value: which feed it is, when it was last tried and last read well, and its last good episodes. */
export interface PodcastEntry {
  url: string;
  fetchedAt: number;
  okAt: number | null;
  episodes: StoredEpisode[];
  error?: string;
}

export interface PodcastCacheDeps {
  kv: KVNamespace;
  url: string;
  fetchPodcast: () => Promise<PodcastResult>;
  now?: () => number;
}

/** The id an image address is served under: the first 24 hex digits of its SHA-256. */
export async function imageIdOf(url: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(url)));
  return [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the Listen section shows of a stored episode: its audio, and its image from this origin. */
export function toListenEpisode(episode: StoredEpisode): ListenEpisode {
  const { title, date, audio, durationS, imageId } = episode;
  return {
    title,
    date,
    tags: [],
    image: `${ART_PATH}/${imageId ?? ART_PLACEHOLDER}`,
    audio: { src: audio.url, type: audio.type },
    ...(durationS && { durationS }),
  };
}

/**
 * The podcast feed's cache over KV, beside the video feeds': fresh for 15 minutes, then served stale while one
 * background refresh runs. A failed fetch keeps the last good episodes; a cold cache never holds the page back
 * (the published episodes show meanwhile).
 */
export class PodcastCache {
  private readonly now: () => number;

  constructor(private readonly deps: PodcastCacheDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The stored entry of the configured feed (an entry of a former PODCAST_FEED_URL counts as none). */
  async read(): Promise<PodcastEntry | null> {
    const entry = await this.deps.kv.get<PodcastEntry>(PODCAST_KEY, 'json');
    return entry?.url === this.deps.url ? entry : null;
  }

  /**
   * The last good episodes, or null when the feed never loaded (or KV cannot be read). A stale or missing
   * entry schedules a refresh through `waitUntil`; nothing here waits for the feed.
   */
  async episodes(waitUntil: (p: Promise<unknown>) => void): Promise<StoredEpisode[] | null> {
    try {
      const entry = await this.read();
      if (!entry || this.now() - entry.fetchedAt >= FRESH_MS) waitUntil(this.refresh());
      return entry?.okAt ? entry.episodes : null;
    } catch (error) {
      logEvent('error', 'podcast.failed', { outcome: 'cache unavailable', error: describeError(error) });
      return null;
    }
  }

  /** Starts (or joins) the single refresh. Resolves to the new entry, or null if another holds the lock. */
  refresh(): Promise<PodcastEntry | null> {
    return singleRefresh(this.deps.kv, PODCAST_LOCK_KEY, this.now, () => this.fetchAndStore(), 'podcast.failed');
  }

  private async fetchAndStore(): Promise<PodcastEntry> {
    const result = await this.deps.fetchPodcast();
    const [url, now, before] = [this.deps.url, this.now(), await this.read()];
    const entry: PodcastEntry = result.ok
      ? { url, fetchedAt: now, okAt: now, episodes: await withImageIds(result.episodes) }
      : { url, fetchedAt: now, okAt: before?.okAt ?? null, episodes: before?.episodes ?? [], error: result.error };
    if (result.ok) logEvent('info', 'podcast.refreshed', { episodes: entry.episodes.length });
    else logEvent('warn', 'podcast.failed', { outcome: 'fetch failed', error: result.error });
    await this.deps.kv.put(PODCAST_KEY, JSON.stringify(entry), { expirationTtl: KEEP_S });
    return entry;
  }
}

async function withImageIds(episodes: FeedEpisode[]): Promise<StoredEpisode[]> {
  return Promise.all(episodes.map(async (e) => (e.image ? { ...e, imageId: await imageIdOf(e.image) } : { ...e })));
}

/**
 * The episodes the Listen section shows from the feed, or undefined for the published ones: PODCAST_FEED_URL
 * unset, or its feed never loaded (a refresh is then started in the background).
 */
export async function feedEpisodes(
  env: Env,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<ListenEpisode[] | undefined> {
  const episodes = await podcastCache(env)?.episodes(waitUntil);
  return episodes?.length ? episodes.map(toListenEpisode) : undefined;
}

/** The cache of the configured feed, or undefined when PODCAST_FEED_URL is unset. */
export function podcastCache(env: Env): PodcastCache | undefined {
  const source = podcastSource(env);
  return source && new PodcastCache({ kv: env.FEEDS, url: source.url, fetchPodcast: source.fetch });
}
