import { describe, expect, it } from 'vitest';
import { MAX_PODCAST_FEED_BYTES, parseDuration, parsePodcastFeed } from '../../src/feeds/podcast-parse';
import fixture from '../fixtures/podcast/feed.xml?raw';
import { FIXTURE_NEWEST } from '../standins/feeds/podcast-rules.mjs';

const rss = (items: string, channel = '') =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Show</title>${channel}${items}</channel></rss>`;
const item = (n: number, extra = '') =>
  `<item><title>Episode ${n}</title><guid>g-${n}</guid><pubDate>Tue, ${String(n).padStart(2, '0')} Nov 2026 05:30:00 GMT</pubDate><enclosure url="https://cdn.example/${n}.mp3" length="1000" type="audio/mpeg"/>${extra}</item>`;

describe('parsePodcastFeed', () => {
  const result = parsePodcastFeed(fixture);
  const episodes = result.ok ? result.episodes : [];

  it('reads the newest six audio episodes, newest first, with their fields', () => {
    expect(result.ok).toBe(true);
    expect(episodes.map((e) => e.title)).toEqual(FIXTURE_NEWEST);
    expect(episodes[0]).toEqual({
      key: 'quiet-yes-ep-48',
      title: 'Saying No Without Guilt',
      date: '2026-11-24',
      audio: { url: 'https://podcast.example/audio/ep48.ogg', type: 'audio/ogg', length: 325 },
      durationS: 2052,
      image: 'https://podcast.example/art/ep48.png',
      link: 'https://podcast.example/episodes/saying-no',
    });
  });

  it('reads durations given as seconds, HH:MM:SS and MM:SS', () => {
    expect(episodes.map((e) => e.durationS)).toEqual([2052, 3723, 1725, 1930, 2470, 1805]);
    expect(parseDuration('95')).toBe(95);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('00:41:10')).toBe(2470);
    for (const bad of ['', 'soon', '1:2:3:4', '-5', '0', '12 minutes']) expect(parseDuration(bad)).toBeUndefined();
  });

  it('keys an episode without a guid by its enclosure address', () => {
    expect(episodes[2]!.key).toBe('https://podcast.example/audio/ep46.ogg');
  });

  it("takes the channel's image for an episode without its own", () => {
    expect(episodes[1]!.image).toBe('https://podcast.example/art/show.png');
    expect(episodes[3]!.image).toBe('https://podcast.example/art/ep45.png');
    const rssImageOnly = parsePodcastFeed(rss(item(1), '<image><url>https://cdn.example/show.jpg</url></image>'));
    expect(rssImageOnly.ok && rssImageOnly.episodes[0]!.image).toBe('https://cdn.example/show.jpg');
  });

  it('skips video, document and untyped enclosures, and items without a date or an enclosure', () => {
    expect(episodes.some((e) => e.title.startsWith('Video'))).toBe(false);
    const parsed = parsePodcastFeed(
      rss(
        [
          item(1).replace('audio/mpeg', 'video/mp4'),
          item(2).replace('audio/mpeg', 'application/pdf'),
          item(3).replace(' type="audio/mpeg"', ''),
          item(4).replace(/<pubDate>.*<\/pubDate>/, ''),
          item(5).replace(/<enclosure[^>]*>/, ''),
          item(6).replace('audio/mpeg', 'audio/x-m4a'),
        ].join(''),
      ),
    );
    expect(parsed.ok && parsed.episodes.map((e) => e.title)).toEqual(['Episode 6']);
  });

  it('refuses plain http addresses outside development, and takes them where allowed', () => {
    const plain = rss(item(1).replace('https://cdn', 'http://cdn'));
    expect(parsePodcastFeed(plain)).toEqual({ ok: true, episodes: [] });
    expect(parsePodcastFeed(plain, true).ok && parsePodcastFeed(plain, true)).toMatchObject({ episodes: [{}] });
    const script = rss(item(1).replace('https://cdn.example/1.mp3', 'javascript:alert(1)'));
    expect(parsePodcastFeed(script, true)).toEqual({ ok: true, episodes: [] });
  });

  it('refuses huge, hostile and malformed documents without throwing', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><rss><channel><title>&b;</title></channel></rss>`;
    expect(parsePodcastFeed(laughs)).toEqual({ ok: false, error: 'feed declares a DOCTYPE' });
    const huge = rss(`<!-- ${'x'.repeat(MAX_PODCAST_FEED_BYTES)} -->`);
    expect(parsePodcastFeed(huge)).toEqual({ ok: false, error: 'feed too large' });
    expect(parsePodcastFeed(rss(Array.from({ length: 2_000 }, (_, i) => item(i % 28)).join('')))).toEqual({
      ok: false,
      error: 'feed has too many items',
    });
    expect(parsePodcastFeed('<rss><channel><item></channel></rss>')).toMatchObject({ ok: false });
    expect(parsePodcastFeed('<feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed>')).toEqual({
      ok: false,
      error: 'not an RSS feed',
    });
    expect(parsePodcastFeed('')).toMatchObject({ ok: false });
  });
});
