import { configureStandin } from '../standins';
import { withLock } from '../lock';

const E2E_PORT = process.env.E2E_PORT || 8788;

/**
 * Empties the Worker's feeds cache through its development-only route (POST /__dev/feeds/reset),
 * so the next page view is cold and asks the stand-in again.
 */
export async function clearFeedsCache(): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_PORT}/__dev/feeds/reset`, { method: 'POST' });
  if (!res.ok) throw new Error(`POST /__dev/feeds/reset answered ${res.status}`);
}

export type YoutubeConfig = { mode?: 'ok' | 'error' | 'timeout' | 'empty'; failPlaylists?: string[]; delayMs?: number };

export async function setYoutube(config: YoutubeConfig): Promise<void> {
  await configureStandin('youtube', { mode: 'ok', failPlaylists: [], delayMs: 0, ...config });
}

/**
 * The feeds cache and the stand-in are shared by every Playwright worker; the tests that change what the feeds
 * contain, or measure a page in a known state of them, run one at a time under this lock (an atomic mkdir on the
 * shared disk).
 */
export function withFeedsLock<T>(fn: () => Promise<T>): Promise<T> {
  return withLock('youtube-e2e', { staleMs: 45_000, waitMs: 60_000 }, fn);
}

/**
 * Runs `fn` with the stand-in in `config` and a cold cache, then restores the default feeds
 * and empties the cache again so the next test starts from real data.
 */
export async function withFeeds<T>(config: YoutubeConfig, fn: () => Promise<T>): Promise<T> {
  return withFeedsLock(async () => {
    await setYoutube(config);
    await clearFeedsCache();
    try {
      return await fn();
    } finally {
      await setYoutube({});
      await clearFeedsCache();
    }
  });
}
