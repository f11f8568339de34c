import { describe, expect, it } from 'vitest';
import { CHANNEL_RULE, PLAYLIST_LIMIT, PLAYLIST_RULE, isShort, parseFeed, type FeedRule } from '../../src/feeds/parse';
import aero from '../fixtures/youtube/channel-aeronewsgermany-hashtag-shorts.xml?raw';
import ift from '../fixtures/youtube/channel-ift-2021-uc-prefix.xml?raw';
import nasa from '../fixtures/youtube/channel-nasa-shorts-links.xml?raw';
import blender from '../fixtures/youtube/playlist-blender-open-movies.xml?raw';
import claude from '../fixtures/youtube/playlist-claude-product-launches.xml?raw';
import { entry, feed, hostileFeeds } from '../support/feeds';

const ok = (xml: string, rule: FeedRule = CHANNEL_RULE) => {
  const result = parseFeed(xml, rule);
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.items;
};

describe('parseFeed against real captures', () => {
  it('reads every entry of a plain channel feed, with accents and long descriptions', () => {
    const items = ok(ift);
    expect(items).toHaveLength(15);
    for (const item of items) {
      expect(item.id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(item.link).toBe(`https://www.youtube.com/watch?v=${item.id}`);
      expect(item.published).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(items.some((i) => /[áéíóúñ]/.test(i.title + (i.description ?? '')))).toBe(true);
  });

  it('drops #shorts titles, decodes entities and keeps umlauts and emoji', () => {
    const items = ok(aero);
    expect(items.length).toBe(15 - (aero.match(/<title>[^<]*#shorts<\/title>/g) ?? []).length);
    expect(items.every((i) => !/#shorts/i.test(i.title))).toBe(true);
    expect(items[0]?.title).toBe('Neue Lufthansa First Class! Allegris im A350! AeroNewsGermany');
    expect(items.map((i) => i.title)).toContain('Traumberuf Pilot: Die größten Nachteile! AeroNewsGermany');
    expect(aero).toContain('&amp;');
    expect(items.every((i) => !i.title.includes('&amp;') && !(i.description ?? '').includes('&amp;'))).toBe(true);
  });

  it('drops Shorts that only a /shorts/ link reveals', () => {
    const items = ok(nasa);
    expect(items.map((i) => i.id)).not.toContain('myZ9kn9MIWQ');
    expect(items.every((i) => !i.link.includes('/shorts/'))).toBe(true);
    expect(items.length).toBe(15 - (nasa.match(/\/shorts\//g) ?? []).length);
  });

  it('reads playlist feeds in playlist order, keeping titles that name "short", including ids starting with "-"', () => {
    const movies = ok(blender, PLAYLIST_RULE);
    // The fourth entry, "Caminandes 2 ... - Blender Animated Short", names the word "short":
    // the Shorts rule belongs to the channel feed, so a playlist keeps it.
    expect(movies.map((i) => i.title).slice(0, 4)).toEqual([
      'WING IT! - Blender Open Movie',
      'Spring - Blender Open Movie',
      'Caminandes 3: Llamigos',
      expect.stringMatching(/Short$/),
    ]);
    expect(ok(blender, CHANNEL_RULE).map((i) => i.title)).not.toContain(movies[3]?.title);
    const launches = ok(claude, PLAYLIST_RULE);
    expect(launches).toHaveLength(2);
    expect(launches.some((i) => i.id.startsWith('-'))).toBe(true);
  });

  it('keeps at most the limit', () => {
    expect(ok(ift, PLAYLIST_RULE)).toHaveLength(PLAYLIST_LIMIT);
  });

  it('a playlist keeps its first 6 entries with an id, Shorts-like titles included; the channel feed drops them', () => {
    const ids = [
      'aaaaaaaaaa1',
      'aaaaaaaaaa2',
      'aaaaaaaaaa3',
      'aaaaaaaaaa4',
      'aaaaaaaaaa5',
      'aaaaaaaaaa6',
      'aaaaaaaaaa7',
    ];
    const xml = feed([
      entry({ id: ids[0]!, title: 'Morning practice' }),
      entry({ id: null, title: 'Entry without an id' }),
      entry({ id: ids[1]!, title: 'Evening practice' }),
      entry({ id: ids[2]!, title: 'Breathing: a short pause' }),
      ...ids.slice(3).map((id, i) => entry({ id, title: `Talk ${i + 4}` })),
    ]);
    expect(ok(xml, PLAYLIST_RULE).map((i) => i.id)).toEqual(ids.slice(0, 6));
    expect(ok(xml, CHANNEL_RULE).map((i) => i.id)).toEqual([ids[0], ids[1], ...ids.slice(3)]);
  });
});

describe('parseFeed edge cases', () => {
  it('reads a one-entry feed as a list', () => {
    expect(ok(feed([entry({ id: 'aaaaaaaaaaa', title: 'Only one' })]))).toEqual([
      { id: 'aaaaaaaaaaa', title: 'Only one', published: '2026-01-01T00:00:00+00:00', link: expect.any(String) },
    ]);
  });

  it('keeps an all-digit title as text, trims titles and gives "" for a missing one', () => {
    const items = ok(
      feed([
        entry({ id: '12345678901', title: '2024' }),
        entry({ id: 'bbbbbbbbbbb', title: '   Breathe   ' }),
        entry({ id: 'ccccccccccc', title: null }),
      ]),
    );
    expect(items.map((i) => i.title)).toEqual(['2024', 'Breathe', '']);
    expect(items[0]?.id).toBe('12345678901');
  });

  it('drops entries without a valid id', () => {
    const items = ok(feed([entry({ id: null, title: 'No id' }), entry({ id: 'too-short', title: 'Bad id' })]));
    expect(items).toEqual([]);
  });

  it('decodes entities and keeps non-ASCII text', () => {
    const [item] = ok(feed([entry({ id: 'ddddddddddd', title: 'Calm &amp; clear &#8212; ध्यान 🧘 &lt;3' })]));
    expect(item?.title).toBe('Calm & clear — ध्यान 🧘 <3');
  });

  it('tells Shorts from words that merely start with "short"', () => {
    expect(isShort('Shortcuts to calm', 'https://www.youtube.com/watch?v=x')).toBe(false);
    expect(isShort('A shortlist of habits', '')).toBe(false);
    for (const title of ['Breathe #shorts', 'SHORT: breathe', 'one #Short', 'a short on focus', 'Shorts!']) {
      expect(isShort(title, ''), title).toBe(true);
    }
    expect(isShort('Breathe', 'https://www.youtube.com/shorts/abcdefghijk')).toBe(true);
  });

  it('returns an error for malformed XML, a non-feed and an empty string', () => {
    for (const xml of ['<feed><entry><title>x</entry></feed>', '<html><body>oops</body></html>', '', 'not xml']) {
      expect(parseFeed(xml, PLAYLIST_RULE).ok, xml).toBe(false);
    }
  });

  // Each is refused by a rule of its own, not by running out of time (how long each takes, and a full feed's
  // parse, are measured by `npm run bench`: scripts/bench/measure/feeds-parse.measure.ts).
  it('refuses a huge document by its size alone', () => {
    expect(parseFeed(hostileFeeds.huge(), CHANNEL_RULE)).toEqual({ ok: false, error: 'feed too large' });
  });

  it('refuses a billion-laughs document before expanding any entity', () => {
    expect(parseFeed(hostileFeeds.billionLaughs(), CHANNEL_RULE)).toEqual({
      ok: false,
      error: 'feed declares a DOCTYPE',
    });
  });

  it('refuses deep nesting at the nesting limit', () => {
    expect(parseFeed(hostileFeeds.deepNesting(), CHANNEL_RULE)).toEqual({
      ok: false,
      error: expect.stringMatching(/^unreadable feed: /),
    });
  });
});
