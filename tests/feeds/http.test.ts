import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../src/words/site';
import { FEEDS_KEY, LOCK_KEY, type FeedsEntry } from '../../src/feeds/cache';
import { fetchFeeds } from '../../src/feeds/fetch';
import { refreshFeedsOnSchedule } from '../../src/feeds/schedule';
import { YoutubeStandin } from '../standins/feeds/youtube';

const get = (path: string, headers?: HeadersInit) => SELF.fetch(`http://example.com${path}`, { headers });
let youtube: YoutubeStandin;

beforeEach(async () => {
  await env.FEEDS.delete(FEEDS_KEY);
  await env.FEEDS.delete(LOCK_KEY);
  youtube = new YoutubeStandin().install();
});

describe('fetchFeeds', () => {
  it('asks for the channel and the six playlists in parallel', async () => {
    youtube.delayMs = 50;
    const results = await fetchFeeds(env);
    // All seven were in flight at once (one after another, at most one would be).
    expect(youtube.maxInFlight).toBe(7);
    expect(youtube.requests).toHaveLength(7);
    expect(youtube.requests).toContain(`https://www.youtube.com/feeds/videos.xml?channel_id=${site.youtube.channelId}`);
    expect(youtube.requests).toContain(
      `https://www.youtube.com/feeds/videos.xml?playlist_id=${site.youtube.playlists.Mindset}`,
    );
    expect(results.channel.ok && results.channel.items.length).toBe(15);
    // A topic playlist keeps every entry with an id, a video titled as a "short" one too (the Shorts rule is the channel feed's).
    expect(results.Health.ok && results.Health.items.length).toBe(4);
  });

  it('gives each feed its own result: one failing playlist does not fail the others', async () => {
    youtube.failing.add(site.youtube.playlists.Wealth);
    const results = await fetchFeeds(env);
    expect(results.Wealth).toEqual({ ok: false, error: 'HTTP 404' });
    expect(results.Mindset.ok).toBe(true);
  });

  it('times out a hanging upstream instead of waiting forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    youtube.mode = 'timeout';
    const results = fetchFeeds(env);
    vi.useRealTimers();
    expect((await results).channel).toEqual({ ok: false, error: 'timed out' });
  }, 10_000);

  it('serves the bundled sample feeds when YOUTUBE_SAMPLE_FEEDS=1, without any request', async () => {
    const results = await fetchFeeds({ ...env, YOUTUBE_SAMPLE_FEEDS: '1' });
    expect(youtube.requests).toHaveLength(0);
    expect(results.channel.ok && results.channel.items.length).toBe(12);
    for (const topic of Object.keys(site.youtube.playlists) as (keyof typeof site.youtube.playlists)[]) {
      expect(results[topic].ok && results[topic].items.length, topic).toBe(3);
    }
  });
});

describe('GET /api/videos', () => {
  it('answers the feeds as JSON with an ETag and Cache-Control, and 304 when unchanged', async () => {
    const res = await get('/api/videos');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=60/);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const body = (await res.json()) as { ok: boolean; videos: { latest: { status: string; items: unknown[] } } };
    expect(body.ok).toBe(true);
    expect(body.videos.latest.items).toHaveLength(15);
    expect(body.videos.latest.items[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      published: expect.any(String),
    });

    const again = await get('/api/videos', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect(youtube.requests).toHaveLength(7);

    expect((await get('/api/videos', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('reports failed feeds without a 500 when the upstream is down', async () => {
    youtube.mode = 'error';
    const res = await get('/api/videos');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { videos: { latest: unknown; playlists: Record<string, unknown> } };
    expect(body.videos.latest).toEqual({ status: 'failed' });
    expect(body.videos.playlists.Mindset).toEqual({ status: 'failed' });
  });
});

describe('the landing page and the feeds cache', () => {
  it('renders the videos into the HTML when the cache is warm, with no loading state', async () => {
    await get('/api/videos');
    const html = await (await get('/')).text();
    const stored = await env.FEEDS.get<FeedsEntry>(FEEDS_KEY, 'json');
    const first = stored!.feeds.channel.items[0]!;
    const at = html.indexOf('Loading videos…');
    expect(at, html.slice(at - 300, at + 50)).toBe(-1);
    expect(html).toContain(`/thumbs/${first.id}.jpg`);
    expect(html).toContain(`https://www.youtube.com/watch?v=${stored!.feeds.Mindset.items[0]!.id}`);
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(/role="option" aria-selected="true"/);
    // Nothing from YouTube is loaded before the visitor presses play.
    expect(html).not.toMatch(/<iframe|i\.ytimg\.com|src="https:\/\/www\.youtube/);
  });

  it('does not wait for YouTube when the cache is cold and the upstream slow', async () => {
    const release = youtube.hold();
    const html = await (await get('/')).text();
    // The page arrived while YouTube had not yet answered a single request.
    expect(youtube.requests.length).toBeGreaterThan(0);
    expect(youtube.inFlight).toBe(youtube.requests.length);
    release();
    expect(html).toContain('Loading videos…');
    expect(html).toContain('data-island="LatestVideos"');
    // The refresh carries on in the background and fills the cache for the next visitor.
    await vi.waitFor(async () => expect(await env.FEEDS.get(FEEDS_KEY)).not.toBeNull(), { timeout: 3_000 });
  });

  it('is filled by the cron, which skips the upstream while the cache is fresh', async () => {
    await refreshFeedsOnSchedule(env);
    expect(youtube.requests).toHaveLength(7);
    expect(await env.FEEDS.get(FEEDS_KEY)).not.toBeNull();
    await refreshFeedsOnSchedule(env);
    expect(youtube.requests).toHaveLength(7);
    await refreshFeedsOnSchedule(env, () => Date.now() + 15 * 60_000);
    expect(youtube.requests).toHaveLength(14);
  });
});

describe('GET /thumbs/:id.jpg', () => {
  // The cached feeds list these two videos; only their thumbnails are served.
  beforeEach(async () => {
    const item = (id: string) => ({ id, title: id, published: '2026-01-01T00:00:00+00:00', link: '' });
    const feeds = { channel: { items: [item('abcdefghij1'), item('abcdefghij2')], okAt: Date.now() } };
    await env.FEEDS.put(FEEDS_KEY, JSON.stringify({ fetchedAt: Date.now(), feeds }));
  });

  it('serves the thumbnail from this origin with a long cache', async () => {
    const res = await get('/thumbs/abcdefghij1.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toMatch(/max-age=604800/);
    expect(youtube.requests).toEqual(['https://i.ytimg.com/vi/abcdefghij1/hqdefault.jpg']);
    // The second visitor is served from the Cache API, with the site's security headers.
    await vi.waitFor(async () => {
      const again = await get('/thumbs/abcdefghij1.jpg');
      expect(again.status).toBe(200);
      expect(again.headers.get('x-content-type-options')).toBe('nosniff');
      expect(youtube.requests).toHaveLength(1);
    });
  });

  it('answers a neutral placeholder with a short cache when the upstream fails', async () => {
    youtube.mode = 'error';
    const res = await get('/thumbs/abcdefghij2.jpg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('refuses anything that is not a video id, without asking upstream', async () => {
    for (const path of [
      '/thumbs/short.jpg',
      '/thumbs/abcdefghij1.png',
      '/thumbs/..%2F..%2Fetc.jpg',
      '/thumbs/abc%22defghij.jpg',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect(youtube.requests).toEqual([]);
  });

  it('is no open proxy: a well-formed id that no cached feed lists is a 404, upstream untouched', async () => {
    const res = await get('/thumbs/zzzzzzzzzz9.jpg');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
    await env.FEEDS.delete(FEEDS_KEY);
    expect((await get('/thumbs/abcdefghij1.jpg')).status).toBe(404);
    expect(youtube.requests).toEqual([]);
  });
});
