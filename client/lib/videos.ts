import type { PublicFeed, VideosPayload } from '../../src/feeds/types';

/** Thumbnails come through the Worker, so no third party is contacted before the visitor acts. */
export const thumbUrl = (id: string) => `/thumbs/${id}.jpg`;
export const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

// Fixed locale and time zone: the server and the browser must print the same date (hydration).
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : DATE.format(time);
}

const FAILED: PublicFeed = { status: 'failed' };
/** What the islands show when /api/videos cannot be reached: every feed failed. */
export type ClientVideos = { latest: PublicFeed; playlists: Partial<VideosPayload['playlists']> };
const ALL_FAILED: ClientVideos = { latest: FAILED, playlists: {} };

const RETRIES = 4;
const RETRY_MS = 1_500;

async function request(): Promise<ClientVideos> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch('/api/videos', { headers: { accept: 'application/json' } });
      if (res.ok) return ((await res.json()) as { videos: VideosPayload }).videos;
      // 503: another request is filling the cache right now; anything else will not improve.
      if (res.status !== 503 || attempt >= RETRIES) return ALL_FAILED;
    } catch {
      if (attempt >= RETRIES) return ALL_FAILED;
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

let shared: Promise<ClientVideos> | null = null;

/**
 * The feeds for islands rendered while the server cache was cold. Both video islands share
 * one request. Never rejects: a failure comes back as every feed failed.
 */
export function loadVideos(): Promise<ClientVideos> {
  shared ??= request().finally(() => {
    // Let a later mount (e.g. after navigation) ask again rather than reuse a failure forever.
    setTimeout(() => (shared = null), 30_000);
  });
  return shared;
}
