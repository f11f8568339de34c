/** Visits counted on the server: once per visitor and day, by source, without crawlers or prefetches; the day's rows gone after it. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { dayOf } from '../../../src/store/sources/counters';
import { MAX_VISITORS_PER_ADDRESS, countVisit, countsCutoff, rollUpVisits } from '../../../src/store/sources/visits';
import { sourceOf, siteSource } from '../../../src/shared/visit-source';
import { isCrawler } from '../../../src/routes/visit-counter';
import { RETENTION } from '../../../src/words/privacy';
import { checkRetention } from '../../../src/health/checks/retention';

const ORIGIN = 'http://127.0.0.1:8787';
const DAY = 86_400_000;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
/** A new address for each call (a random address could repeat, and two views would then be one visitor). */
let nextAddress = Math.floor(Math.random() * 60_000);
const ip = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** A request answered by the Worker, its work after the response (the counting) done. */
async function view(path: string, headers: Record<string, string> = {}, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    ...init,
    headers: { 'user-agent': BROWSER, 'cf-connecting-ip': ip(), ...headers },
  });
  const res = await worker.fetch(request, env as Env, ctx);
  await res.clone().text();
  await waitOnExecutionContext(ctx);
  return res;
}

type Row = { key: string; day: string; source: string; medium: string; campaign: string; step: number };
const rowsOf = async (source: string) =>
  (await env.DB.prepare('SELECT * FROM visit_today WHERE source = ?').bind(source).all<Row>()).results;
const total = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM visit_today').first<{ n: number }>())!.n;

describe('a visit is counted once a day per visitor', () => {
  it('a second view and another page the same day add nothing; another browser or /64 is a new visitor', async () => {
    const source = tag();
    const address = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7::1`;
    const from = { 'cf-connecting-ip': address };
    expect((await view(`/?utm_source=${source}`, from)).headers.get('set-cookie')).toBeNull();
    await view(`/?utm_source=${source}`, from);
    await view(`/privacy?utm_source=${source}`, { 'cf-connecting-ip': address.replace(/::1$/, '::9') });
    expect(await rowsOf(source)).toHaveLength(1);
    // The same browser in another version is the same visitor: only the browser's name is kept.
    await view(`/?utm_source=${source}`, { ...from, 'user-agent': BROWSER.replace('18_0', '18_1') });
    expect(await rowsOf(source)).toHaveLength(1);
    await view(`/?utm_source=${source}`, { ...from, 'user-agent': CHROME });
    await view(`/?utm_source=${source}`, { 'cf-connecting-ip': address.replace(':7::1', ':8::1') });
    const rows = await rowsOf(source);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.day === dayOf(Date.now()) && /^[0-9a-f]{64}$/.test(r.key))).toBe(true);
    // Nothing kept names the address or the browser.
    expect(JSON.stringify(rows)).not.toMatch(/2001:db8|iPhone|Mozilla|Safari|Chrome/);
  });

  it('one address adds at most MAX_VISITORS_PER_ADDRESS visitors a day, however many browser names it makes up', async () => {
    const source = tag();
    const client = `v6:2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const from = { source, medium: '', campaign: '' };
    for (let i = 0; i < MAX_VISITORS_PER_ADDRESS + 5; i++) {
      await countVisit(env as Env, { client, userAgent: `Browser${i}/1.0`, from, step: 0 });
    }
    expect(await rowsOf(source)).toHaveLength(MAX_VISITORS_PER_ADDRESS);
    // Another address is counted as before; the address is kept only as the day's salted hash.
    await countVisit(env as Env, { client: 'v4:203.0.113.7', userAgent: BROWSER, from, step: 0 });
    const rows = await rowsOf(source);
    expect(rows).toHaveLength(MAX_VISITORS_PER_ADDRESS + 1);
    expect(new Set(rows.map((r) => (r as Row & { client: string }).client)).size).toBe(2);
    expect(JSON.stringify(rows)).not.toMatch(/2001:db8|203\.0\.113/);
  });

  it('keeps the first view’s source for the day, and the quiz step moves the visitor’s row (only forward)', async () => {
    const source = tag();
    const from = { 'cf-connecting-ip': ip(), 'user-agent': `${BROWSER} ${tag()}` };
    await view(`/?utm_source=${source}&utm_medium=Social&utm_campaign=spring-talk`, from);
    await view('/quiz?utm_source=later', from);
    expect(await rowsOf(source)).toMatchObject([{ medium: 'social', campaign: 'spring-talk', step: 1 }]);
    const step = (n: number) =>
      view(
        '/api/funnel',
        { ...from, 'content-type': 'application/json', origin: ORIGIN },
        {
          method: 'POST',
          body: JSON.stringify({ step: n }),
        },
      );
    expect((await step(4)).status).toBe(204);
    await step(2);
    expect(await rowsOf(source)).toMatchObject([{ step: 4 }]);
  });

  it('the quiz without JavaScript moves the row with each step posted', async () => {
    const source = tag();
    const from = { 'cf-connecting-ip': ip(), 'user-agent': `${BROWSER} ${tag()}` };
    await view(`/quiz?utm_source=${source}`, from);
    await view(
      '/quiz',
      { ...from, 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      {
        method: 'POST',
        body: new URLSearchParams({ step: '0', choice: 'Health' }).toString(),
      },
    );
    expect((await rowsOf(source))[0]!.step).toBe(2);
  });
});

describe('the source of a visit', () => {
  it('from the campaign tags: lower case, and "other" for what breaks the rule', async () => {
    const source = tag();
    await view(`/?utm_source=${source.toUpperCase()}&utm_campaign=Launch%20Day`);
    expect(await rowsOf(source)).toMatchObject([{ medium: '', campaign: 'other' }]);
    const others = (await rowsOf('other')).length;
    await view('/?utm_source=ig%2Fstory');
    await view(`/?utm_source=${'a'.repeat(41)}`);
    expect(await rowsOf('other')).toHaveLength(others + 2);
  });

  it('from the referrer: l.instagram.com is instagram, a search engine is search; none is direct; our own site is not a referrer', async () => {
    const counts = async () =>
      Promise.all(['instagram', 'search', 'direct'].map(async (s) => (await rowsOf(s)).length));
    const [ig = 0, search = 0, direct = 0] = await counts();
    await view('/', { referer: 'https://l.instagram.com/?u=x' });
    await view('/', { referer: 'https://www.google.co.in/' });
    await view('/');
    await view('/', { referer: `${ORIGIN}/privacy` });
    expect(await counts()).toEqual([ig + 1, search + 1, direct + 2]);
  });

  it('the same rule for a lead’s stored attribution', () => {
    expect(sourceOf(undefined)).toEqual({ source: 'direct', medium: '', campaign: '' });
    expect(sourceOf({ referrer_host: 'lm.facebook.com' }).source).toBe('facebook');
    expect(sourceOf({ referrer_host: 'www.bing.com' }).source).toBe('search');
    expect(sourceOf({ utm_source: 'IG', referrer_host: 'lnkd.in' }).source).toBe('ig');
    expect(siteSource('www.lnkd.in')).toBe('linkedin');
    expect(siteSource('t.co')).toBe('x');
    expect(siteSource('www.podcast-host.example')).toBe('podcast-host.example');
    expect(siteSource(`${'a'.repeat(60)}.example`)).toHaveLength(40);
  });
});

describe('what is not a visit', () => {
  it('crawlers, link previews and prefetches are not counted; headless browsers and Lighthouse are', async () => {
    const before = await total();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'WhatsApp/2.23.20.0',
      'curl/8.5.0',
      '',
    ])
      await view('/', { 'user-agent': agent });
    await view('/', { 'sec-purpose': 'prefetch;prerender' });
    await view('/', { purpose: 'prefetch' });
    await view('/', { 'x-moz': 'prefetch' });
    expect(await total()).toBe(before);
    expect(isCrawler('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36')).toBe(
      false,
    );
    expect(isCrawler('Mozilla/5.0 Chrome/131.0 Safari/537.36 Chrome-Lighthouse')).toBe(false);
    for (const app of ['Instagram 361.0.0.35.82 (iPhone14,5; iOS 18_0)', 'Telegram-Android/11.2.3', '[Pinterest/iOS]'])
      expect(isCrawler(`Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 ${app}`)).toBe(false);
    expect(isCrawler('TelegramBot (like TwitterBot)')).toBe(true);
    expect(isCrawler('Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)')).toBe(true);
  });

  it('HEAD, a 404, a form post and other pages are not counted', async () => {
    const source = tag();
    await view(`/?utm_source=${source}`, {}, { method: 'HEAD' });
    await view(`/nowhere?utm_source=${source}`);
    await view(`/missing.png?utm_source=${source}`);
    await view(
      `/quiz?utm_source=${source}`,
      { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      {
        method: 'POST',
        body: 'step=0',
      },
    );
    expect(await rowsOf(source)).toHaveLength(0);
  });
});

describe('the end of the day', () => {
  it('the cron adds the day into the counts and deletes its rows and tallies; today is left alone', async () => {
    const now = Date.now();
    const [yesterday, source] = [dayOf(now - DAY), tag()];
    const visit = (client: string, step: number, campaign = '') =>
      countVisit(env as Env, { client, userAgent: BROWSER, from: { source, medium: '', campaign }, step }, now - DAY);
    await visit('v4:192.0.2.1', 0);
    await visit('v4:192.0.2.2', 3, 'spring');
    await visit('v4:192.0.2.3', 1, 'spring');
    await countVisit(
      env as Env,
      { client: 'v4:192.0.2.1', userAgent: BROWSER, from: { source, medium: '', campaign: '' }, step: 0 },
      now,
    );
    const tally = (day: string) =>
      env.DB.prepare("SELECT 1 FROM visit_tally WHERE day = ? AND scope = 'site'").bind(day).first();
    expect(await tally(yesterday)).not.toBeNull();

    await rollUpVisits(env.DB, now);
    await rollUpVisits(env.DB, now); // a second run adds nothing
    expect(await tally(yesterday)).toBeNull();
    expect(await tally(dayOf(now))).not.toBeNull();
    expect((await rowsOf(source)).map((r) => r.day)).toEqual([dayOf(now)]);
    const counts = await env.DB.prepare('SELECT * FROM visit_counts WHERE source = ? ORDER BY campaign')
      .bind(source)
      .all();
    expect(counts.results).toEqual([
      {
        day: yesterday,
        source,
        medium: '',
        campaign: '',
        visits: 1,
        reached_1: 0,
        reached_2: 0,
        reached_3: 0,
        reached_4: 0,
      },
      {
        day: yesterday,
        source,
        medium: '',
        campaign: 'spring',
        visits: 2,
        reached_1: 2,
        reached_2: 1,
        reached_3: 1,
        reached_4: 0,
      },
    ]);
  });

  it('a fingerprint kept past its day fails the retention check', async () => {
    const now = Date.now();
    const visit = {
      client: 'v4:192.0.2.99',
      userAgent: BROWSER,
      from: { source: tag(), medium: '', campaign: '' },
      step: 0,
    };
    await countVisit(env as Env, visit, now - 3 * DAY);
    // Other files share this database (their rows may be late too): the check is read for the fingerprints alone.
    expect((await checkRetention(env as Env, now)).detail).toContain('visitor fingerprints');
    await rollUpVisits(env.DB, now);
    expect((await checkRetention(env as Env, now)).detail).not.toContain('visitor fingerprints');
  });

  it('counts older than the period the notice states are deleted; the notice names what is kept', async () => {
    const page = await (await view('/privacy')).text();
    const text = page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Visits are counted by the site itself, without cookies or scripts');
    expect(text).toContain(
      `The daily visit totals, which hold nothing about any one visitor, are kept for ${RETENTION.visitCountMonths} months`,
    );
    const now = Date.now();
    const source = tag();
    const old = new Date(Date.parse(`${countsCutoff(now)}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    await env.DB.prepare(
      `INSERT INTO visit_counts (day, source, medium, campaign, visits) VALUES (?, ?, '', '', 5), (?, ?, '', '', 6)`,
    )
      .bind(old, source, countsCutoff(now), source)
      .run();
    await rollUpVisits(env.DB, now);
    const kept = await env.DB.prepare('SELECT day FROM visit_counts WHERE source = ?')
      .bind(source)
      .all<{ day: string }>();
    expect(kept.results.map((r) => r.day)).toEqual([countsCutoff(now)]);
  });
});
