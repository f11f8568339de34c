import { TOPICS } from '../words/site';
import { describeError, logEvent } from '../log';
import type { Env } from '../env';
import { fetchFeeds, type FeedResults } from './fetch';
import type { FeedKey, PublicFeed, VideoItem, VideosPayload } from './types';
import { singleRefresh } from './single-refresh';

/** All feeds live under one KV key (the free plan allows 1,000 KV writes a day). */
export const FEEDS_KEY = 'youtube-feeds:v1';
/** Held while one refresh runs, so other isolates do not start their own (singleRefresh). */
export const LOCK_KEY = 'youtube-feeds:lock';
export const FRESH_MS = 15 * 60_000;
export const MAX_STALE_MS = 7 * 24 * 60 * 60_000;

/** One feed as stored: its last good items and when they were fetched (null if never). */
export interface StoredFeed {
  items: VideoItem[];
  okAt: number | null;
  error?: string;
}

/** The KV value: when the upstream was last tried, and every feed's last good state. */
export interface FeedsEntry {
  fetchedAt: number;
  feeds: Record<FeedKey, StoredFeed>;
}

export interface FeedCacheDeps {
  kv: KVNamespace;
  fetchFeeds: () => Promise<FeedResults>;
  now?: () => number;
}

const FEED_KEYS: FeedKey[] = ['channel', ...TOPICS];

/** Combines a fetch with the previous entry: a failed feed keeps its last good items. */
export function mergeFeeds(previous: FeedsEntry | null, results: FeedResults, now: number): FeedsEntry {
  const feeds = {} as Record<FeedKey, StoredFeed>;
  for (const key of FEED_KEYS) {
    const result = results[key];
    const before = previous?.feeds[key];
    if (result?.ok) feeds[key] = { items: result.items, okAt: now };
    else feeds[key] = { items: before?.items ?? [], okAt: before?.okAt ?? null, error: result?.error ?? 'missing' };
  }
  return { fetchedAt: now, feeds };
}

/** What the browser sees: a feed's items while its last good fetch is under 7 days old, else a failure. */
export function toPayload(entry: FeedsEntry, now: number): VideosPayload {
  const view = (key: FeedKey): PublicFeed => {
    const feed = entry.feeds[key];
    if (!feed || feed.okAt === null || now - feed.okAt > MAX_STALE_MS) return { status: 'failed' };
    return { status: 'ok', items: feed.items.map(({ id, title, published }) => ({ id, title, published })) };
  };
  const playlists = Object.fromEntries(TOPICS.map((t) => [t, view(t)])) as VideosPayload['playlists'];
  return { latest: view('channel'), playlists };
}

/**
 * The feeds cache over KV: fresh for 15 minutes, then served stale while one background
 * refresh runs; failed fetches never overwrite good data. Time comes from `now` so tests control it.
 */
export class FeedCache {
  private readonly now: () => number;

  constructor(private readonly deps: FeedCacheDeps) {
    this.now = deps.now ?? Date.now;
  }

  async read(): Promise<FeedsEntry | null> {
    return this.deps.kv.get<FeedsEntry>(FEEDS_KEY, 'json');
  }

  /** True when a cached feed lists this video: the only ids whose thumbnails the site serves. */
  async hasVideo(id: string): Promise<boolean> {
    const entry = await this.read();
    return Boolean(entry && Object.values(entry.feeds).some((feed) => feed.items.some((v) => v.id === id)));
  }

  isFresh(entry: FeedsEntry): boolean {
    return this.now() - entry.fetchedAt < FRESH_MS;
  }

  /**
   * The payload for a request. Warm: answered from KV at once (a stale entry also schedules a
   * refresh through `waitUntil`). Cold: waits up to `coldWaitMs` for a refresh, else null
   * (the refresh carries on in the background and the page shows its loading states).
   */
  async payload(waitUntil: (p: Promise<unknown>) => void, coldWaitMs = Infinity): Promise<VideosPayload | null> {
    try {
      return await this.payloadFromKv(waitUntil, coldWaitMs);
    } catch (error) {
      // KV unavailable: the page still renders (loading states) and the API answers 503.
      logEvent('error', 'feeds.failed', { outcome: 'cache unavailable', error: describeError(error) });
      return null;
    }
  }

  private async payloadFromKv(waitUntil: (p: Promise<unknown>) => void, coldWaitMs: number) {
    const entry = await this.read();
    if (entry) {
      if (!this.isFresh(entry)) waitUntil(this.refresh());
      return toPayload(entry, this.now());
    }
    const refreshing = this.refresh();
    waitUntil(refreshing);
    const fresh = await (Number.isFinite(coldWaitMs)
      ? Promise.race([refreshing, new Promise<null>((r) => setTimeout(() => r(null), coldWaitMs))])
      : refreshing);
    return fresh ? toPayload(fresh, this.now()) : null;
  }

  /** Starts (or joins) the single refresh. Resolves to the new entry, or null if another holds the lock. */
  refresh(): Promise<FeedsEntry | null> {
    return singleRefresh(this.deps.kv, LOCK_KEY, this.now, () => this.fetchAndStore(), 'feeds.failed');
  }

  private async fetchAndStore(): Promise<FeedsEntry> {
    const results = await this.deps.fetchFeeds();
    const entry = mergeFeeds(await this.read(), results, this.now());
    const failed = FEED_KEYS.filter((k) => !results[k]?.ok);
    if (failed.length) logEvent('warn', 'feeds.failed', { outcome: 'some feeds failed', feeds: failed.join(',') });
    else logEvent('info', 'feeds.refreshed', { feeds: FEED_KEYS.length });
    // Kept a day beyond the 7-day window so KV cleans up a cache nobody refreshes any more.
    await this.deps.kv.put(FEEDS_KEY, JSON.stringify(entry), { expirationTtl: MAX_STALE_MS / 1000 + 86_400 });
    return entry;
  }
}

/** The cache wired to the Worker's bindings and the real upstream. */
export function feedCache(env: Env): FeedCache {
  return new FeedCache({ kv: env.FEEDS, fetchFeeds: () => fetchFeeds(env) });
}
