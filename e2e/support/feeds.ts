import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { configureStandin } from './standins';

const STATE = path.resolve(`.wrangler/e2e-state-${process.env.E2E_PORT || 8788}`);
const KV_DIR = path.join(STATE, 'v3/kv/miniflare-KVNamespaceObject');
const LOCK_DIR = path.join(STATE, 'youtube-e2e.lock');
const FEED_KEYS = ['youtube-feeds:v1', 'youtube-feeds:lock'];

/**
 * Empties the Worker's feeds cache by deleting its keys from the local KV store that
 * `wrangler dev` keeps on disk, so the next page view is cold and asks the stand-in again.
 */
export function clearFeedsCache(): void {
  let files: string[];
  try {
    files = readdirSync(KV_DIR).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  } catch {
    return; // Nothing stored yet.
  }
  for (const file of files) {
    const db = new DatabaseSync(path.join(KV_DIR, file));
    try {
      db.exec('PRAGMA busy_timeout = 2000');
      db.prepare(`DELETE FROM _mf_entries WHERE key IN (${FEED_KEYS.map(() => '?').join(',')})`).run(...FEED_KEYS);
    } finally {
      db.close();
    }
  }
}

export type YoutubeConfig = { mode?: 'ok' | 'error' | 'timeout' | 'empty'; failPlaylists?: string[]; delayMs?: number };

export async function setYoutube(config: YoutubeConfig): Promise<void> {
  await configureStandin('youtube', { mode: 'ok', failPlaylists: [], delayMs: 0, ...config });
}

/**
 * The feeds cache and the stand-in are shared by both Playwright workers; tests that depend on
 * what the feeds contain run one at a time under this lock (an atomic mkdir on the shared disk).
 */
export async function withFeedsLock<T>(fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      // A lock older than a test's timeout was left by a killed run: take it over.
      try {
        if (Date.now() - statSync(LOCK_DIR).mtimeMs > 45_000) rmSync(LOCK_DIR, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for the feeds lock');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` with the stand-in in `config` and a cold cache, then restores the default feeds
 * and empties the cache again so the next test starts from real data.
 */
export async function withFeeds<T>(config: YoutubeConfig, fn: () => Promise<T>): Promise<T> {
  return withFeedsLock(async () => {
    await setYoutube(config);
    clearFeedsCache();
    try {
      return await fn();
    } finally {
      await setYoutube({});
      clearFeedsCache();
    }
  });
}
