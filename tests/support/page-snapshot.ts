import { SELF, env } from 'cloudflare:test';
import { FEEDS_KEY, LOCK_KEY, type FeedsEntry } from '../../src/feeds/cache';
import { TOPICS } from '../../src/words/site';

/** The pages a fresh site must render exactly as the code describes them. */
export const SNAPSHOT_PATHS = ['/', '/quiz', '/?recommended=retreats-workshops,talks-keynotes', '/privacy'];

/**
 * A page's HTML with what differs per request, per year or per build replaced by fixed words: the CSP nonce, every
 * random id (forms' submission ids), the current year, and the fingerprints in the bundle's file names and the minified
 * start-up script (a change of styles or scripts is not a change of what the owners wrote).
 */
export async function pageSnapshot(path: string): Promise<string> {
  await feedsAsSnapshotted();
  const html = await (await SELF.fetch(`http://example.com${path}`)).text();
  return html
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    .replace(/"nonce":"[^"]*"/g, '"nonce":"NONCE"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replaceAll(String(new Date().getFullYear()), 'YEAR')
    .replace(/\/assets\/([a-z-]+)-[A-Z0-9]{8}\.(js|css)/g, '/assets/$1-HASH.$2')
    .replace(/(<script type="module" nonce="NONCE">)[\s\S]*?(<\/script>)/g, '$1BOOT$2');
}

/**
 * The videos as the snapshots were taken: every feed failed. Stored as a fresh cache entry, so the page reads it at
 * once: left cold, the page would wait COLD_FEEDS_WAIT_MS for its one try at the (disabled) network and, on a busy
 * machine, render its loading states instead. The files of this runtime share KV and leave the feeds in whatever
 * state their last test made.
 */
async function feedsAsSnapshotted(): Promise<void> {
  const feeds = {} as FeedsEntry['feeds'];
  for (const key of ['channel', ...TOPICS] as const) {
    feeds[key] = { items: [], okAt: null, error: 'network disabled in tests' };
  }
  const entry: FeedsEntry = { fetchedAt: Date.now(), feeds };
  await env.FEEDS.delete(LOCK_KEY);
  await env.FEEDS.put(FEEDS_KEY, JSON.stringify(entry));
}
