/**
 * A visit's fingerprint: keyed by a key derived from ERASURE_KEY and the day and stored nowhere (no salt in D1), made
 * of the browser's name (not the whole user agent), as /privacy says.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import { browserName } from '../../../src/store/sources/browser-name';
import { keyedHash } from '../../../src/store/keyed-hash';
import { dayOf } from '../../../src/store/sources/counters';
import { MAX_VISITORS_PER_ADDRESS, MAX_VISITORS_PER_NETWORK, countVisit } from '../../../src/store/sources/visits';
import { loggedEvents } from '../../support/logs';
import { allowConsoleErrors } from '../../setup';

const DAY = 86_400_000;
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
const keysOf = async (source: string) =>
  (
    await env.DB.prepare('SELECT key, day FROM visit_today WHERE source = ? ORDER BY day')
      .bind(source)
      .all<{ key: string; day: string }>()
  ).results;

describe('the key of a day’s fingerprints', () => {
  it('the same visitor the same day is one fingerprint; another day, or another secret, another', async () => {
    const source = tag();
    const now = Date.now();
    const visit = { client: 'v4:192.0.2.200', userAgent: SAFARI, from: { source, medium: '', campaign: '' }, step: 0 };
    await countVisit(env as Env, visit, now);
    await countVisit(env as Env, { ...visit, userAgent: SAFARI.replace('18_0', '18_2') }, now + 1000);
    expect(await keysOf(source)).toHaveLength(1);
    await countVisit(env as Env, visit, now - DAY);
    const keys = await keysOf(source);
    expect(keys.map((k) => k.day)).toEqual([dayOf(now - DAY), dayOf(now)]);
    expect(keys[0]!.key).not.toBe(keys[1]!.key);
    // The key comes from the secret: with another ERASURE_KEY the same visitor and day is someone else.
    await countVisit({ ...env, ERASURE_KEY: 'another-erasure-key-of-32-characters!!' } as Env, visit, now);
    expect(await keysOf(source)).toHaveLength(3);
  });

  it('is stored nowhere in D1: no salt table, and no row anywhere holds the day’s key', async () => {
    const now = Date.now();
    await countVisit(
      env as Env,
      {
        client: 'v6:2001:db8:77:1',
        network: 'v6:2001:db8:77::/48',
        userAgent: SAFARI,
        from: { source: tag(), medium: '', campaign: '' },
        step: 0,
      },
      now,
    );
    const tables = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
    ).results.map((t) => t.name);
    expect(tables).toContain('visit_today');
    expect(tables).not.toContain('visit_salt');
    // The day's key as visit-keys.ts derives it (HMAC of ERASURE_KEY and the day), in hex: found in no table.
    const dayKey = await keyedHash(readConfig(env as Env).privacy.erasureKey, `visits|${dayOf(now)}`);
    for (const table of tables.filter((t) => !/^(_cf_|sqlite_|d1_)/.test(t))) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all();
      expect(JSON.stringify(results), table).not.toContain(dayKey);
    }
  });

  it('outside development, counting without ERASURE_KEY is a logged error naming it, and writes nothing', async () => {
    allowConsoleErrors();
    const source = tag();
    const errors = vi.spyOn(console, 'error');
    const staging = { ...env, ENVIRONMENT: 'staging', ERASURE_KEY: '' } as Env;
    await countVisit(staging, {
      client: 'v4:192.0.2.201',
      userAgent: SAFARI,
      from: { source, medium: '', campaign: '' },
      step: 0,
    });
    expect(await keysOf(source)).toHaveLength(0);
    const [line] = loggedEvents(errors);
    expect(line).toMatchObject({ event: 'desk.action', action: 'count visit', outcome: 'not counted' });
    expect(String(line!.error)).toContain('ERASURE_KEY');
  });
});

describe('the browser’s name, and nothing else of the user agent', () => {
  it.each([
    [SAFARI, 'Safari'],
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Instagram 361.0.0.35.82', 'Instagram'],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
      'Samsung Internet',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36', 'HeadlessChrome'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)', 'Mozilla'],
    ['MadeUp42/1.0 (whatever)', 'MadeUp42'],
    ['(((', 'other'],
  ])('%s is %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });
});

describe('/privacy says what visits keep', () => {
  it('the fingerprints’ key and the ceilings', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request('http://127.0.0.1:8787/privacy'), env as Env, ctx);
    const text = (await res.text())
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    await waitOnExecutionContext(ctx);
    expect(text).toContain('your browser’s name (such as “Safari” or “Chrome”, without its version)');
    expect(text).toContain(
      'made with a secret key of the site’s that changes every day and is never stored with the fingerprints',
    );
    expect(text).toContain(
      `one address cannot count as more than ${MAX_VISITORS_PER_ADDRESS} visitors a day nor one network as more than ${MAX_VISITORS_PER_NETWORK}`,
    );
    expect(text).toContain('counting stops until the next day, and the page of totals says when it stopped');
    expect(text).not.toContain('random value that changes every day');
    // The quiz's step counts (funnel_seen): tests/store/sources/funnel-keys.test.ts.
  });
});
