import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { parseConfig } from '../../src/config/index';
import type { Env } from '../../src/env';
import { site } from '../../src/words/site';
import {
  PODCAST_KEY,
  PODCAST_LOCK_KEY,
  type PodcastEntry,
  imageIdOf,
  podcastCache,
} from '../../src/feeds/podcast-cache';
import { refreshPodcastOnSchedule } from '../../src/feeds/schedule';
import { PODCAST_FEED_URL, PodcastStandin } from '../standins/feeds/podcast';
import fixture from '../fixtures/podcast/feed.xml?raw';

const withFeed = { ...env, PODCAST_FEED_URL } as Env;
let podcast: PodcastStandin;

async function get(path: string, vars: Env = withFeed): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://example.com${path}`), vars, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The Listen section of the landing page's HTML. */
async function listenHtml(vars: Env = withFeed): Promise<string> {
  const html = await (await get('/', vars)).text();
  return html.slice(html.indexOf('id="listen"'), html.indexOf('id="latest"'));
}

const stored = async () => env.FEEDS.get<PodcastEntry>(PODCAST_KEY, 'json');
const refresh = () => podcastCache(withFeed)!.refresh();

beforeEach(async () => {
  await Promise.all([env.FEEDS.delete(PODCAST_KEY), env.FEEDS.delete(PODCAST_LOCK_KEY)]);
  podcast = new PodcastStandin().install();
});

describe('the podcast cache', () => {
  it('a cold cache shows the published episodes at once and fetches the feed in the background', async () => {
    const html = await listenHtml();
    for (const episode of site.episodes) expect(html).toContain(episode.title);
    expect(podcast.requests).toEqual([PODCAST_FEED_URL]);
    expect((await stored())?.episodes).toHaveLength(6);
    const warm = await listenHtml();
    expect(warm).toContain('Saying No Without Guilt');
    expect(warm).not.toContain(site.episodes[1]!.title);
  });

  it('a feed that never loaded keeps showing the published episodes', async () => {
    podcast.mode = 'error';
    await refresh();
    expect(await stored()).toMatchObject({ okAt: null, episodes: [], error: 'HTTP 500' });
    const html = await listenHtml();
    for (const episode of site.episodes) expect(html).toContain(episode.title);
  });

  it('a failed fetch keeps the last good episodes', async () => {
    await refresh();
    const good = await stored();
    podcast.mode = 'absent';
    await env.FEEDS.put(PODCAST_KEY, JSON.stringify({ ...good, fetchedAt: 0 }));
    const entry = await refresh();
    expect(entry).toMatchObject({ okAt: good!.okAt, error: 'HTTP 404' });
    expect(entry!.episodes).toEqual(good!.episodes);
    expect(await listenHtml()).toContain('Saying No Without Guilt');
  });

  it('a hostile or huge feed is refused and changes nothing', async () => {
    podcast.body = fixture.replace('<rss', '<!DOCTYPE rss [<!ENTITY x "boom">]><rss');
    expect(await refresh()).toMatchObject({ okAt: null, error: 'feed declares a DOCTYPE' });
    await env.FEEDS.delete(PODCAST_KEY);
    podcast.body = `${fixture}<!--${'x'.repeat(4 * 1024 * 1024)}-->`;
    expect(await refresh()).toMatchObject({ okAt: null, error: 'feed too large' });
  });

  it('ignores the entry of another feed address (PODCAST_FEED_URL changed)', async () => {
    await refresh();
    const other = { ...env, PODCAST_FEED_URL: 'https://podcast.example/other.xml' } as Env;
    expect(await podcastCache(other)!.read()).toBeNull();
  });

  it('the cron refreshes the feed when set, and does nothing without it', async () => {
    await refreshPodcastOnSchedule(env);
    expect(podcast.requests).toEqual([]);
    await refreshPodcastOnSchedule(withFeed);
    expect(podcast.requests).toEqual([PODCAST_FEED_URL]);
    await refreshPodcastOnSchedule(withFeed);
    expect(podcast.requests).toHaveLength(1);
  });
});

describe('the Listen section from the feed', () => {
  it('shows the newest six with date and running time, images from this origin, no player before play', async () => {
    await refresh();
    const html = await listenHtml();
    for (const title of ['Saying No Without Guilt', 'Leading When You Are Tired']) expect(html).toContain(title);
    expect(html).not.toContain('Trailer: What This Show Is For');
    expect(html).not.toContain('Behind the Microphone');
    expect(html).toContain('<time dateTime="2026-11-24">24 Nov 2026</time>');
    expect(html).toContain('<time dateTime="PT3723S">1:02:03</time>');
    const sources = [...html.matchAll(/\s(?:src|href|srcset|poster)="([^"]*)"/g)].map((m) => m[1]!);
    const images = [...html.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m) => m[1]!);
    expect(images).toHaveLength(6);
    expect(images[0]).toBe(`/podcast-art/${await imageIdOf('https://podcast.example/art/ep48.png')}`);
    // Nothing the browser would load names the podcast host: its addresses are only in the island's props.
    expect(sources.filter((s) => s.includes('podcast.example'))).toEqual([]);
    expect(html).not.toMatch(/<audio|<iframe|<source/);
    expect(html).not.toContain('open.spotify.com/embed');
  });

  it('serves the cached episodes\u2019 images: JPEG, PNG or WebP under the size cap, else a placeholder', async () => {
    podcast.body = fixture.replace('art/ep45.png', 'feed.xml').replace('art/ep48.png', 'art/huge.png');
    await refresh();
    const art = async (url: string) => get(`/podcast-art/${await imageIdOf(url)}`);
    const ok = await art('https://podcast.example/art/show.png');
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await ok.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    expect((await art('https://podcast.example/feed.xml')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await art('https://podcast.example/art/huge.png')).headers.get('content-type')).toBe('image/svg+xml');
    // No open proxy: an address the feed does not name, or a malformed id, is not found.
    expect((await art('https://elsewhere.example/a.png')).status).toBe(404);
    expect((await get('/podcast-art/..%2Fsecret')).status).toBe(404);
  });

  it('the CSP allows https media only with a feed set', async () => {
    const csp = async (vars: Env) => (await get('/', vars)).headers.get('content-security-policy') ?? '';
    expect(await csp(withFeed)).toContain("media-src 'self' https:;");
    expect(await csp(env)).toMatch(/media-src 'self' ?;/);
  });
});

describe('PODCAST_FEED_URL', () => {
  const DEPLOYED = { ENVIRONMENT: 'production', SITE_URL: 'https://www.example.com' };

  it('must be https outside development: otherwise a problem, the videos unaffected, the published episodes shown', () => {
    const config = parseConfig({ ...DEPLOYED, PODCAST_FEED_URL: 'http://podcast.example/feed.xml' });
    expect(config.problems).toContainEqual({
      setting: 'PODCAST_FEED_URL',
      message: 'PODCAST_FEED_URL must be an https address; the published episodes are shown.',
    });
    expect(config.feeds.podcastUrl).toBeUndefined();
    expect(parseConfig({ ...DEPLOYED, PODCAST_FEED_URL: 'not an address' }).feeds.podcastUrl).toBeUndefined();
    const https = parseConfig({ ...DEPLOYED, PODCAST_FEED_URL: 'https://podcast.example/feed.xml' });
    expect(https.feeds).toMatchObject({ podcastUrl: 'https://podcast.example/feed.xml', podcastAllowsHttp: false });
    expect(https.problems.map((p) => p.setting)).not.toContain('PODCAST_FEED_URL');
  });

  it('may be http in development (the local stand-in); unset, there is no feed', () => {
    const local = parseConfig({ PODCAST_FEED_URL: 'http://127.0.0.1:8977/podcast/feed.xml' });
    expect(local.feeds).toMatchObject({
      podcastUrl: 'http://127.0.0.1:8977/podcast/feed.xml',
      podcastAllowsHttp: true,
    });
    expect(parseConfig({}).feeds.podcastUrl).toBeUndefined();
    expect(podcastCache(env)).toBeUndefined();
  });
});
