/**
 * The quiz's step counts: an address counts a step once an hour, under a fingerprint keyed by a key derived from
 * ERASURE_KEY and the hour and stored nowhere (no salt in D1); without the secret outside development nothing is
 * counted; /privacy says what is kept, why and for how long.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import { keyedHash } from '../../../src/store/keyed-hash';
import { countOncePerAddress, type FunnelMetric } from '../../../src/store/sources/counters';
import { MAX_FUNNEL_STEPS_PER_NETWORK } from '../../../src/store/sources/funnel-ceiling';
import { loggedEvents } from '../../support/logs';
import { allowConsoleErrors } from '../../setup';

const HOUR = 3_600_000;
/** Five minutes into the current hour (UTC): half an hour later is the same hour. */
const thisHour = () => Math.floor(Date.now() / HOUR) * HOUR + 5 * 60_000;
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);
const randomV4 = () => `v4:198.51.100.${Math.floor(Math.random() * 250)}`;

const total = async (metric: FunnelMetric) =>
  (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE metric = ?')
    .bind(metric)
    .first<{ n: number }>())!.n;
const seenRows = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM funnel_seen').first<{ n: number }>())!.n;

describe('the key of an hour’s funnel fingerprints', () => {
  it('an address counts a step once an hour and again the next hour; another secret is another key', async () => {
    const step = { metric: 'quiz_step_3' as const, client: randomV4(), network: null };
    const now = thisHour();
    const before = await total('quiz_step_3');
    expect(await countOncePerAddress(env as Env, step, now)).toBe('counted');
    expect(await countOncePerAddress(env as Env, step, now + 30 * 60_000)).toBe('repeat');
    expect(await countOncePerAddress(env as Env, { ...step, metric: 'quiz_step_2' }, now)).toBe('counted');
    expect(await countOncePerAddress(env as Env, step, now + HOUR)).toBe('counted');
    expect(await total('quiz_step_3')).toBe(before + 2);
    // The fingerprint comes from the secret: with another ERASURE_KEY the same address and hour is new.
    const other = { ...env, ERASURE_KEY: 'another-erasure-key-of-32-characters!!' } as Env;
    expect(await countOncePerAddress(other, step, now)).toBe('counted');
  });

  it('is stored nowhere in D1: no salt table, and no row anywhere holds the hour’s key', async () => {
    const now = thisHour();
    const group = Math.floor(Math.random() * 0xffff).toString(16);
    const step = { metric: 'quiz_view' as const, client: `v6:2001:db8:78:${group}`, network: 'v6:2001:db8:78::/48' };
    const before = await seenRows();
    expect(await countOncePerAddress(env as Env, step, now)).toBe('counted');
    expect(await seenRows()).toBe(before + 1);
    const tables = (
      await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
    ).results.map((t) => t.name);
    expect(tables).toContain('funnel_seen');
    expect(tables.filter((t) => t.includes('salt'))).toEqual([]);
    // The hour's key as visit-keys.ts derives it (HMAC of ERASURE_KEY and the hour), in hex: found in no table.
    const hourKey = await keyedHash(readConfig(env as Env).privacy.erasureKey, `funnel|${hourOf(now)}`);
    for (const table of tables.filter((t) => !/^(_cf_|sqlite_|d1_)/.test(t))) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${table}"`).all();
      expect(JSON.stringify(results), table).not.toContain(hourKey);
    }
    // What is kept for the hour names no address: a hex fingerprint and the hour.
    const seen = await env.DB.prepare('SELECT key, hour FROM funnel_seen WHERE hour = ?')
      .bind(hourOf(now))
      .all<{ key: string; hour: string }>();
    expect(seen.results.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen.results)).not.toContain('2001:db8');
    expect(seen.results.every((r) => /^[0-9a-f]{64}$/.test(r.key))).toBe(true);
  });

  it('outside development, counting without ERASURE_KEY is a logged error naming it, and writes nothing', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error');
    const staging = { ...env, ENVIRONMENT: 'staging', ERASURE_KEY: '' } as Env;
    const [views, rows] = [await total('quiz_view'), await seenRows()];
    const step = { metric: 'quiz_view' as const, client: randomV4(), network: null };
    expect(await countOncePerAddress(staging, step)).toBe('failed');
    expect([await total('quiz_view'), await seenRows()]).toEqual([views, rows]);
    const [line] = loggedEvents(errors);
    expect(line).toMatchObject({ event: 'desk.action', action: 'count', metric: 'quiz_view', outcome: 'not counted' });
    expect(String(line!.error)).toContain('ERASURE_KEY');
  });
});

describe('/privacy says what the quiz’s step counts keep', () => {
  it('the hourly fingerprints’ key, the ceilings, why and how long', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request('http://127.0.0.1:8787/privacy'), env as Env, ctx);
    const text = (await res.text())
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    await waitOnExecutionContext(ctx);
    expect(text).toContain(
      'The quiz’s steps are also counted per day, at most once an hour per internet address (of an IPv6 address only its network part), so that one address cannot move the counts more than one visitor could.',
    );
    expect(text).toContain(
      'a one-way fingerprint of your address and the step you reached, made with a secret key of the site’s that changes every hour and is never stored with the fingerprints; the fingerprints are deleted within a quarter of an hour after the hour is over',
    );
    expect(text).toContain(
      `one network (an IPv6 address’s first 48 bits, counted under the day’s fingerprint of it described above) counts at most ${MAX_FUNNEL_STEPS_PER_NETWORK} steps a day, and the whole site at most as many as the most visitors it counts in a day could reach, each step once; past that, steps are not counted until the next day. These counts are deleted when the day is over.`,
    );
    expect(text).not.toContain('random value that changes every hour');
  });
});
