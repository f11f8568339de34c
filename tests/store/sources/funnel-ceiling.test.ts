/**
 * Counting the quiz's steps has a ceiling per IPv6 /48 and for the whole site per day, past which nothing is
 * written: a refused count costs one read at most.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { TIME_ZONE } from '../../../src/words/site';
import { clientKey, networkKey } from '../../../src/security/guards';
import { FUNNEL_METRICS, countOncePerAddress, dayOf } from '../../../src/store/sources/counters';
import { MAX_FUNNEL_STEPS_PER_NETWORK, funnelDailyLimit } from '../../../src/store/sources/funnel-ceiling';
import { loggedEvents } from '../../support/logs';

const HOUR = 3_600_000;
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
/** A /48 of its own for each call: 2001:db8:<random group>. */
const network48 = () => `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;

/** Today's count of the funnel's steps, all of them. */
const stepsToday = async () =>
  (await env.DB.prepare(
    `SELECT COALESCE(SUM(count), 0) AS n FROM daily_counts WHERE day = ? AND metric IN (${FUNNEL_METRICS.map(() => '?').join(', ')})`,
  )
    .bind(dayOf(Date.now()), ...FUNNEL_METRICS)
    .first<{ n: number }>())!.n;

/** The fingerprints kept for the hours starting at `hours` (UTC, as funnel_seen has them). */
const seenIn = async (hours: number[]) => {
  const names = hours.map((ms) => new Date(ms).toISOString().slice(0, 13));
  return (await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM funnel_seen WHERE hour IN (${names.map(() => '?').join(', ')})`,
  )
    .bind(...names)
    .first<{ n: number }>())!.n;
};

/** A view of /quiz answered by the Worker with `workerEnv`, its counting (after the response) done. */
async function viewQuiz(workerEnv: Env, address: string): Promise<void> {
  const ctx = createExecutionContext();
  const request = new Request('http://127.0.0.1:8787/quiz', {
    headers: { 'user-agent': SAFARI, 'cf-connecting-ip': address },
  });
  const res = await worker.fetch(request, workerEnv, ctx);
  expect(res.status).toBe(200);
  await res.text();
  await waitOnExecutionContext(ctx);
}

/** A step of the quiz posted by its island (/api/funnel) to the Worker with `workerEnv`, its counting done. */
async function postStep(workerEnv: Env, address: string, step: number): Promise<void> {
  const ctx = createExecutionContext();
  const request = new Request('http://127.0.0.1:8787/api/funnel', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:8787', 'cf-connecting-ip': address },
    body: JSON.stringify({ step }),
  });
  const res = await worker.fetch(request, workerEnv, ctx);
  expect(res.status).toBe(204);
  await waitOnExecutionContext(ctx);
}

describe('one IPv6 /48 counts MAX_FUNNEL_STEPS_PER_NETWORK steps a day at most', () => {
  it('60 /64s of one /48, every step in four hours of the day: at most the per-network cap; another /48 as before', async () => {
    const now = Date.now();
    // Four whole hours (UTC) inside today in the owners' time zone, five minutes into each.
    const midnight = Date.parse(`${dayOf(now)}T00:00:00Z`) - TIME_ZONE.utcOffsetMinutes * 60_000;
    const first = Math.ceil(midnight / HOUR) * HOUR + 5 * 60_000;
    const hours = [0, 1, 2, 3].map((i) => first + i * HOUR);
    expect(new Set(hours.map(dayOf))).toEqual(new Set([dayOf(now)]));
    expect(MAX_FUNNEL_STEPS_PER_NETWORK).toBeLessThan(60 * FUNNEL_METRICS.length * hours.length);

    const net = network48();
    const [steps, seen] = [await stepsToday(), await seenIn(hours)];
    const outcomes = new Map<string, number>();
    for (const at of hours) {
      for (let i = 0; i < 60; i++) {
        const address = `${net}:${i.toString(16)}::1`;
        for (const metric of FUNNEL_METRICS) {
          const step = { metric, client: clientKey(address), network: networkKey(address) };
          const outcome = await countOncePerAddress(env as Env, step, at);
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      }
    }
    expect(Object.fromEntries(outcomes)).toEqual({
      counted: MAX_FUNNEL_STEPS_PER_NETWORK,
      refused: 60 * FUNNEL_METRICS.length * hours.length - MAX_FUNNEL_STEPS_PER_NETWORK,
    });
    // Written: the counted steps' fingerprints and counts, nothing for a refused one.
    expect(await seenIn(hours)).toBe(seen + MAX_FUNNEL_STEPS_PER_NETWORK);
    expect(await stepsToday()).toBe(steps + MAX_FUNNEL_STEPS_PER_NETWORK);

    // Through the page: a new /64 of the same /48 adds no view of the quiz, one of another /48 does.
    await viewQuiz(env as Env, `${net}:ffff::1`);
    expect(await stepsToday()).toBe(steps + MAX_FUNNEL_STEPS_PER_NETWORK);
    await viewQuiz(env as Env, `${network48()}:1::1`);
    expect(await stepsToday()).toBe(steps + MAX_FUNNEL_STEPS_PER_NETWORK + 1);
    // About 1,000 steps one after another: under the suite's other work on two cores this took 25 s once, past the
    // default 20 s. A budget for a busy machine, not a timing asserted.
  }, 120_000);
});

describe('the site counts funnelDailyLimit(VISITS_DAILY_LIMIT) steps a day at most', () => {
  it('past the ceiling nothing more is written: one read, then none; the isolate logs it once', async () => {
    const today = dayOf(Date.now());
    const counted = await env.DB.prepare("SELECT n FROM visit_tally WHERE day = ? AND scope = 'funnel'")
      .bind(today)
      .first<{ n: number }>();
    // A ceiling a few steps above what the day holds so far (unique to this test: no other file uses it).
    const visitsLimit = Math.floor((counted?.n ?? 0) / FUNNEL_METRICS.length) + 2;
    const room = funnelDailyLimit(visitsLimit) - (counted?.n ?? 0);
    expect(room).toBeGreaterThan(FUNNEL_METRICS.length);
    const capped = { ...env, VISITS_DAILY_LIMIT: String(visitsLimit) } as Env;
    const address = () => `${network48()}:1::1`;
    const steps = await stepsToday();
    for (let i = 0; i < room; i++) {
      const from = address();
      const step = { metric: 'quiz_view' as const, client: clientKey(from), network: networkKey(from) };
      expect(await countOncePerAddress(capped, step)).toBe('counted');
    }
    expect(await stepsToday()).toBe(steps + room);

    const warnings = vi.spyOn(console, 'warn');
    const batch = vi.spyOn(env.DB, 'batch');
    const prepare = vi.spyOn(env.DB, 'prepare');
    const next = () => {
      const from = address();
      return { metric: 'quiz_view' as const, client: clientKey(from), network: networkKey(from) };
    };
    // At the ceiling: one read, no write.
    expect(await countOncePerAddress(capped, next())).toBe('refused');
    expect(prepare.mock.calls.map(([sql]) => sql.trim().split(/\s+/)[0])).toEqual(['SELECT']);
    // Known to this isolate: not even a read.
    expect(await countOncePerAddress(capped, next())).toBe('refused');
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(batch).not.toHaveBeenCalled();
    prepare.mockRestore();
    batch.mockRestore();
    expect(loggedEvents(warnings).filter((l) => l.outcome === 'paused')).toEqual([
      expect.objectContaining({ event: 'desk.action', action: 'count quiz steps', day: today }),
    ]);
    warnings.mockRestore();

    // Through the quiz's island: a step it posts is not counted either.
    await postStep(capped, address(), 2);
    expect(await stepsToday()).toBe(steps + room);
    // The site's usual ceiling is another: counting goes on under it.
    const step = next();
    expect(await countOncePerAddress(env as Env, step)).toBe('counted');
  });
});
