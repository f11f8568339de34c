/** The desk's numbers over HTTP: leads per day, and the quiz funnel counted once an hour per address, never a cookie. */
import { SELF, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countOncePerAddress, pruneFunnel } from '../../src/store/sources/counters';
import type { Env } from '../../src/env';
import { LOOPBACK_ORIGIN as ORIGIN, post } from '../support/api';

const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const unique = () => `lead-${crypto.randomUUID().slice(0, 8)}@example.com`;

afterEach(() => vi.unstubAllGlobals());

describe('numbers', () => {
  it('counts stored leads per day by kind and shows the last 30 days', async () => {
    const before = await env.DB.prepare(
      `SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE metric = 'lead_newsletter'`,
    ).first<{ n: number }>();
    await post('newsletter', { submissionId: crypto.randomUUID(), email: unique() });
    const after = await env.DB.prepare(
      `SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE metric = 'lead_newsletter'`,
    ).first<{ n: number }>();
    expect(after!.n).toBe(before!.n + 1);
    const html = await (await get('/desk/numbers')).text();
    expect(html).toContain('Leads per day, last 30 days');
    expect(html.match(/<tr><th scope="row"><time/g)).toHaveLength(30);
  });

  const metric = async (name: string) =>
    (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE metric = ?')
      .bind(name)
      .first<{ n: number }>())!.n;

  it('counts the quiz funnel per day: views of /quiz and each step reached, with no cookie and nothing about the visitor', async () => {
    const views = await metric('quiz_view');
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const page = await SELF.fetch(`${ORIGIN}/quiz`, { headers: { 'cf-connecting-ip': address } });
    expect(page.headers.get('set-cookie')).toBeNull();
    await page.text();
    await expect.poll(() => metric('quiz_view')).toBe(views + 1);

    const step3 = await metric('quiz_step_3');
    const res = await SELF.fetch(`${ORIGIN}/api/funnel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': address },
      body: JSON.stringify({ step: 3 }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    await expect.poll(() => metric('quiz_step_3')).toBe(step3 + 1);
    const rows = await env.DB.prepare('SELECT * FROM daily_counts LIMIT 1').first();
    expect(Object.keys(rows!).sort()).toEqual(['count', 'day', 'metric']);
  });

  it('one address moves each funnel number by one an hour, however often it asks; another address counts too', async () => {
    const address = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1::5`;
    const [views, step2] = [await metric('quiz_view'), await metric('quiz_step_2')];
    for (let i = 0; i < 60; i++) {
      // The same /64 from a fresh address each time is still one visitor (clientKey).
      const from = address.replace(/::5$/, `::${(i + 5).toString(16)}`);
      await (await SELF.fetch(`${ORIGIN}/quiz`, { headers: { 'cf-connecting-ip': from } })).text();
      const res = await SELF.fetch(`${ORIGIN}/api/funnel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': from },
        body: JSON.stringify({ step: 2 }),
      });
      expect(res.status).toBe(204);
    }
    await expect.poll(() => metric('quiz_step_2')).toBe(step2 + 1);
    expect(await metric('quiz_view')).toBe(views + 1);
    // Nothing stored names the address: only keyed hashes of this hour.
    const seen = await env.DB.prepare('SELECT key, hour FROM funnel_seen').all<{ key: string; hour: string }>();
    expect(JSON.stringify(seen.results)).not.toContain('2001:db8');
    expect(seen.results.every((r) => /^[0-9a-f]{64}$/.test(r.key))).toBe(true);
  });

  it('a repeat is only read, never written; the next hour counts again; the cron forgets the hours that are over', async () => {
    const step = {
      metric: 'quiz_step_4' as const,
      client: `v4:198.51.100.${Math.floor(Math.random() * 250)}`,
      network: null,
    };
    const now = Date.parse('2026-11-24T10:05:00Z');
    const before = await metric('quiz_step_4');
    expect(await countOncePerAddress(env as Env, step, now)).toBe('counted');
    const batch = vi.spyOn(env.DB, 'batch');
    const prepare = vi.spyOn(env.DB, 'prepare');
    expect(await countOncePerAddress(env as Env, step, now + 30 * 60_000)).toBe('repeat');
    expect(batch).not.toHaveBeenCalled();
    expect(prepare.mock.calls.map(([sql]) => sql.trim().split(/\s+/)[0])).toEqual(['SELECT']);
    batch.mockRestore();
    prepare.mockRestore();
    expect(await countOncePerAddress(env as Env, step, now + 60 * 60_000)).toBe('counted');
    expect(await metric('quiz_step_4')).toBe(before + 2);

    await pruneFunnel(env.DB, now + 60 * 60_000);
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM funnel_seen WHERE hour = '2026-11-24T10') AS seen,
              (SELECT COUNT(*) FROM funnel_seen WHERE hour = '2026-11-24T11') AS current`,
    ).first();
    expect(left).toEqual({ seen: 0, current: 1 });
    // Other files share this database: the past day's tally of the funnel's ceiling goes (as the cron's would).
    await env.DB.prepare("DELETE FROM visit_tally WHERE day = '2026-11-24' AND scope = 'funnel'").run();
  });

  it.each([[{ step: 1 }], [{ step: 9 }], [{ step: 'two' }], [{}]])(
    'refuses a funnel count of %j with 400',
    async (body) => {
      const res = await SELF.fetch(`${ORIGIN}/api/funnel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    },
  );
});
