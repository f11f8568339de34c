/**
 * Counting visits has a ceiling: per IPv6 /48 as well as per address, and for the whole site per day
 * (VISITS_DAILY_LIMIT), past which counting pauses and the Sources page says since when.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterAll, describe, expect, it } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { parseConfig } from '../../../src/config/index';
import { deskSources as copy } from '../../../src/desk/sources/words';
import { clientKey, networkKey } from '../../../src/security/guards';
import { dayOf } from '../../../src/store/sources/counters';
import {
  MAX_VISITORS_PER_ADDRESS,
  MAX_VISITORS_PER_NETWORK,
  countVisit,
  visitPauses,
} from '../../../src/store/sources/visits';
import { callWorker } from '../../support/api';

const ORIGIN = 'http://127.0.0.1:8787';
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
/** A /48 of its own for each call: 2001:db8:<random group>. */
const network48 = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
/** Five browsers, each a different name (the fingerprint keeps the name alone). */
const BROWSERS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
];

/** A page view answered by the Worker with `workerEnv`, its counting (after the response) done. */
async function view(workerEnv: Env, path: string, address: string, userAgent: string): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    headers: { 'user-agent': userAgent, 'cf-connecting-ip': address },
  });
  const res = await worker.fetch(request, workerEnv, ctx);
  await res.clone().text();
  await waitOnExecutionContext(ctx);
  return res;
}

const rowsOf = async (source: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM visit_today WHERE source = ?').bind(source).first<{ n: number }>())!
    .n;

describe('one IPv6 /48 counts as MAX_VISITORS_PER_NETWORK new visitors a day at most', () => {
  it('60 /64s of one /48, five browsers each: at most the per-network cap; another /48 is counted as before', async () => {
    expect(MAX_VISITORS_PER_NETWORK).toBeLessThan(60 * BROWSERS.length);
    expect(BROWSERS.length).toBeLessThan(MAX_VISITORS_PER_ADDRESS);
    const [source, net] = [tag(), network48()];
    const from = { source, medium: '', campaign: '' };
    for (let i = 0; i < 60; i++) {
      const address = `${net}:${i.toString(16)}::1`;
      for (const userAgent of BROWSERS) {
        await countVisit(env as Env, {
          client: clientKey(address),
          network: networkKey(address),
          userAgent,
          from,
          step: 0,
        });
      }
    }
    expect(await rowsOf(source)).toBe(MAX_VISITORS_PER_NETWORK);

    // Through the page: a new /64 of the same /48 adds nothing, one of another /48 is a visitor.
    await view(env as Env, `/?utm_source=${source}`, `${net}:ffff::1`, BROWSERS[0]!);
    expect(await rowsOf(source)).toBe(MAX_VISITORS_PER_NETWORK);
    await view(env as Env, `/?utm_source=${source}`, `${network48()}:1::1`, BROWSERS[0]!);
    expect(await rowsOf(source)).toBe(MAX_VISITORS_PER_NETWORK + 1);
  });

  it('keys an IPv6 address by its /48 however it is written; IPv4 and no address have no network', () => {
    for (const ip of ['2001:db8:1:2::7', '2001:0DB8:0001:ffff:0:0:0:1', '2001:db8:1::']) {
      expect(networkKey(ip), ip).toBe('v6:2001:db8:1::/48');
    }
    expect(networkKey('2001:db8:2:2::7')).toBe('v6:2001:db8:2::/48');
    for (const ip of ['203.0.113.7', undefined, '', 'g::1']) expect(networkKey(ip), String(ip)).toBeNull();
  });
});

describe('the site counts VISITS_DAILY_LIMIT new visitors a day at most', () => {
  const today = dayOf(Date.now());
  // Other files share this database: the day's pause goes once the test is done.
  afterAll(async () => {
    await env.DB.prepare('DELETE FROM visit_pauses WHERE day = ?').bind(today).run();
  });

  it('past the ceiling nothing more is written, and the Sources page says counting paused and since when', async () => {
    const counted = await env.DB.prepare("SELECT n FROM visit_tally WHERE day = ? AND scope = 'site'")
      .bind(today)
      .first<{ n: number }>();
    // A ceiling three visitors above what the day holds so far (unique to this test: no other file uses it).
    const limit = (counted?.n ?? 0) + 3;
    const capped = { ...env, VISITS_DAILY_LIMIT: String(limit) } as Env;
    const source = tag();
    const before = Date.now();
    const addresses = Array.from({ length: 5 }, () => `${network48()}:1::1`);
    for (const address of addresses) await view(capped, `/?utm_source=${source}`, address, BROWSERS[0]!);
    expect(await rowsOf(source)).toBe(3);
    // A visitor counted before the pause still moves on when it opens the quiz; one that was not stays uncounted.
    await view(capped, '/quiz', addresses[0]!, BROWSERS[0]!);
    await view(capped, '/quiz', addresses[4]!, BROWSERS[0]!);
    const steps = await env.DB.prepare('SELECT step FROM visit_today WHERE source = ? ORDER BY step DESC')
      .bind(source)
      .all<{ step: number }>();
    expect(steps.results.map((r) => r.step)).toEqual([1, 0, 0]);

    const [pause] = await visitPauses(env.DB, today);
    expect(pause).toMatchObject({ day: today, ceiling: limit });
    expect(Date.parse(pause!.since)).toBeGreaterThanOrEqual(before - 1000);

    const html = await (await callWorker(capped, '/desk/sources?days=7')).text();
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/[\s\u00a0]+/g, ' ');
    const said = copy.paused(today, pause!.since, limit, true).replace(/[\s\u00a0]+/g, ' ');
    expect(said).toMatch(/^Counting visits paused today at \d\d:\d\d: /);
    expect(text).toContain(said);
  });

  it('a past day on which counting paused is named by its day', () => {
    expect(copy.paused('2026-11-22', '2026-11-22T08:35:00.000Z', 20000, false)).toBe(
      'Counting visits paused on 22 Nov at 14:05: 20,000 new visitors were counted, the most a day allows. Later visits that day are not counted.',
    );
  });

  it('VISITS_DAILY_LIMIT is 20000 unless set, and a value that is not a whole number is named', () => {
    expect(parseConfig({}).limits.visitsDailyLimit).toBe(20000);
    expect(parseConfig({ VISITS_DAILY_LIMIT: '500' }).limits.visitsDailyLimit).toBe(500);
    const bad = parseConfig({ VISITS_DAILY_LIMIT: 'lots' });
    expect(bad.problems).toEqual([
      { setting: 'VISITS_DAILY_LIMIT', message: 'VISITS_DAILY_LIMIT must be a whole number, 0 or more.' },
    ]);
  });
});
