import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/words/site';
import { FEEDS_KEY, FRESH_MS, FeedCache, LOCK_KEY, MAX_STALE_MS, type FeedsEntry } from '../../src/feeds/cache';
import type { FeedResults } from '../../src/feeds/fetch';
import type { FeedResult } from '../../src/feeds/types';

const video = (id: string, title = `Video ${id}`) => ({ id: id.padEnd(11, '_'), title, published: '2026-01-01' });
const allOk = (tag: string): FeedResults =>
  Object.fromEntries(
    (['channel', ...TOPICS] as const).map((k) => [k, { ok: true, items: [video(`${tag}${k.slice(0, 3)}`)] }]),
  ) as FeedResults;
const allFailed = (): FeedResults =>
  Object.fromEntries(
    (['channel', ...TOPICS] as const).map((k) => [k, { ok: false, error: 'HTTP 500' }]),
  ) as FeedResults;

/** A controllable upstream: counts calls, answers what the test sets, optionally after a gate opens. */
function harness() {
  let clock = 1_800_000_000_000;
  let answer: FeedResults = allOk('a');
  let gate: Promise<void> | null = null;
  const calls = { count: 0 };
  const waits: Promise<unknown>[] = [];
  const cache = new FeedCache({
    kv: env.FEEDS,
    now: () => clock,
    fetchFeeds: async () => {
      calls.count++;
      if (gate) await gate;
      return answer;
    },
  });
  return {
    cache,
    calls,
    advance: (ms: number) => (clock += ms),
    answer: (next: FeedResults) => (answer = next),
    hold: () => {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
    waitUntil: (p: Promise<unknown>) => void waits.push(p),
    settle: () => Promise.all(waits.splice(0)),
  };
}

const titleOf = (feed: { status: string; items?: { title: string }[] }) => feed.items?.[0]?.title;

beforeEach(async () => {
  await env.FEEDS.delete(FEEDS_KEY);
  await env.FEEDS.delete(LOCK_KEY);
});

describe('FeedCache', () => {
  it('cold: fetches once, stores one key and answers the feeds', async () => {
    // The namespace is shared with other test files (the site content's cache): only the keys this fetch added count.
    const keys = async () => (await env.FEEDS.list()).keys.map((k) => k.name);
    const before = await keys();
    const h = harness();
    const payload = await h.cache.payload(h.waitUntil);
    expect(h.calls.count).toBe(1);
    expect(payload?.latest).toEqual({ status: 'ok', items: [video('acha')] });
    expect(payload?.playlists.Mindset).toEqual({ status: 'ok', items: [video('aMin')] });
    const stored = await env.FEEDS.get<FeedsEntry>(FEEDS_KEY, 'json');
    expect(stored?.feeds.Happiness.items).toEqual([video('aHap')]);
    const after = await keys();
    expect(after.filter((k) => !before.includes(k))).toEqual([FEEDS_KEY]);
    expect(after).not.toContain(LOCK_KEY);
  });

  it('cold: gives up waiting after the budget and lets the refresh finish in the background', async () => {
    const h = harness();
    const release = h.hold();
    expect(await h.cache.payload(h.waitUntil, 30)).toBeNull();
    release();
    await h.settle();
    expect((await h.cache.payload(h.waitUntil))?.latest.status).toBe('ok');
    expect(h.calls.count).toBe(1);
  });

  it('fresh: answers from KV without touching the upstream for 15 minutes', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    h.answer(allOk('b'));
    h.advance(FRESH_MS - 1);
    for (let i = 0; i < 5; i++) expect(titleOf((await h.cache.payload(h.waitUntil))!.latest)).toBe('Video acha');
    await h.settle();
    expect(h.calls.count).toBe(1);
  });

  it('stale: serves the old data at once and runs a single background refresh for many requests', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    h.answer(allOk('b'));
    h.advance(FRESH_MS);
    const release = h.hold();
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.cache.payload(h.waitUntil)));
    expect(answers.map((a) => titleOf(a!.latest))).toEqual(Array(8).fill('Video acha'));
    release();
    await h.settle();
    expect(h.calls.count).toBe(2);
    expect(titleOf((await h.cache.payload(h.waitUntil))!.latest)).toBe('Video bcha');
  });

  it('does not refresh while another isolate holds the lock', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    h.advance(FRESH_MS);
    await env.FEEDS.put(LOCK_KEY, 'other', { expirationTtl: 60 });
    await h.cache.payload(h.waitUntil);
    await h.settle();
    expect(h.calls.count).toBe(1);
  });

  it('stale-on-error: a failed refresh keeps the last good data, and records the attempt', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    h.answer(allFailed());
    h.advance(FRESH_MS);
    await h.cache.payload(h.waitUntil);
    await h.settle();
    expect(h.calls.count).toBe(2);
    const payload = await h.cache.payload(h.waitUntil);
    expect(titleOf(payload!.latest)).toBe('Video acha');
    expect(payload!.playlists.Wealth.status).toBe('ok');
    // The failed attempt counts as this interval's fetch: no retry storm.
    await h.cache.payload(h.waitUntil);
    await h.settle();
    expect(h.calls.count).toBe(2);
  });

  it('merges per feed: a failed playlist keeps its last good items while the others update', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    const next = allOk('b');
    next.Health = { ok: false, error: 'timed out' } satisfies FeedResult;
    h.answer(next);
    h.advance(FRESH_MS);
    await h.cache.payload(h.waitUntil);
    await h.settle();
    const payload = await h.cache.payload(h.waitUntil);
    expect(titleOf(payload!.playlists.Health)).toBe('Video aHea');
    expect(titleOf(payload!.playlists.Mindset)).toBe('Video bMin');
  });

  it('reports a feed as failed once its last good data is older than 7 days', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    h.answer(allFailed());
    for (let elapsed = 0; elapsed <= MAX_STALE_MS; elapsed += FRESH_MS * 40) {
      h.advance(FRESH_MS * 40);
      await h.cache.payload(h.waitUntil);
      await h.settle();
    }
    const payload = await h.cache.payload(h.waitUntil);
    expect(payload!.latest).toEqual({ status: 'failed' });
    expect(payload!.playlists.Mindset).toEqual({ status: 'failed' });
  });

  it('cold with a failing upstream: every feed is reported failed, not loading forever', async () => {
    const h = harness();
    h.answer(allFailed());
    const payload = await h.cache.payload(h.waitUntil);
    expect(payload!.latest).toEqual({ status: 'failed' });
    expect(Object.values(payload!.playlists).every((p) => p.status === 'failed')).toBe(true);
  });

  it('an empty feed is a success with no items', async () => {
    const h = harness();
    const empty = allOk('a');
    empty.channel = { ok: true, items: [] };
    h.answer(empty);
    expect((await h.cache.payload(h.waitUntil))!.latest).toEqual({ status: 'ok', items: [] });
  });

  it('releases the lock after a refresh', async () => {
    const h = harness();
    await h.cache.payload(h.waitUntil);
    expect(await env.FEEDS.get(LOCK_KEY)).toBeNull();
  });
});
