/**
 * Issue 6, faults: while the store is down or slow, a submission is still accepted
 * (202), parked durably in the queue, and written once the store recovers:
 * N submissions during the outage give exactly N documents, no duplicates.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../src/index';
import type { Env } from '../src/env';
import type { Job } from '../src/leads/types';
import { postWithEnv } from './support/api';
import { firestoreEnv } from './support/firestore';
import { allowConsoleErrors } from './setup';

afterEach(() => vi.unstubAllGlobals());

/** Ids of the news_letter documents the stand-in holds (a Map keyed by collection/id: no duplicates possible, so count keys). */
function newsletterIds(standin: { documents: Map<string, unknown> }): string[] {
  return [...standin.documents.keys()]
    .filter((k) => k.startsWith('news_letter/'))
    .map((k) => k.slice('news_letter/'.length));
}

const post = postWithEnv;

/** Captures what the Worker sends to its queue instead of delivering it. */
function captureQueue(workerEnv: Env): Job[] {
  const sent: Job[] = [];
  vi.spyOn(workerEnv.JOBS, 'send').mockImplementation(async (body) => {
    sent.push(structuredClone(body) as Job);
    return { metadata: { metrics: { backlogCount: sent.length, backlogBytes: 0 } } };
  });
  return sent;
}

/** Runs the Worker's queue consumer over `jobs` and returns each message's outcome. */
async function consume(workerEnv: Env, jobs: Job[]) {
  const batch = createMessageBatch<unknown>(
    'site-jobs',
    jobs.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv);
  return getQueueResult(batch, ctx);
}

describe('a store outage', () => {
  it('accepts N submissions with 202, parks them, and writes exactly N documents after recovery', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    const queued = captureQueue(workerEnv);
    standin.failFirestore = 503;

    const N = 6;
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      const res = await post(workerEnv, 'newsletter', { submissionId: id, email: `outage-${i}@example.com` });
      expect(res).toEqual({ status: 202, body: { ok: true, id } });
    }
    // The visitor retries one submission (same id) during the outage: parked again, still one lead.
    expect((await post(workerEnv, 'newsletter', { submissionId: ids[0], email: 'outage-0@example.com' })).status).toBe(
      202,
    );
    const parked = queued.splice(0);
    expect(parked).toHaveLength(N + 1);
    expect(parked.every((j) => j.type === 'store')).toBe(true);

    // Still down: every parked job is sent again with a longer delay (never dropped, never dead-lettered).
    const stillDown = await consume(workerEnv, parked);
    expect(stillDown.explicitAcks).toHaveLength(N + 1);
    const reparked = queued.splice(0);
    expect(reparked).toHaveLength(N + 1);
    expect(reparked.every((j) => j.type === 'store' && j.attempt === 1)).toBe(true);
    expect(newsletterIds(standin)).toHaveLength(0);

    // Recovery: the queue delivers again — one job twice, as at-least-once delivery may.
    standin.failFirestore = null;
    await consume(workerEnv, [...reparked, reparked[1]!]);
    expect(newsletterIds(standin).sort()).toEqual([...ids].sort());
    // Each lead's notifications are queued once, by the write that created it.
    const notifies = queued.filter((j) => j.type === 'notify');
    expect(notifies.map((j) => j.lead.id).sort()).toEqual([...ids].sort());
  });

  it('shows the visitor the error only when the lead cannot even be parked', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    standin.failFirestore = 503;
    vi.spyOn(workerEnv.JOBS, 'send').mockRejectedValue(new Error('Queue send failed'));
    const res = await post(workerEnv, 'newsletter', { email: 'nowhere@example.com' });
    expect(res).toEqual({
      status: 503,
      body: { ok: false, error: { code: 'store_unavailable', message: 'Something went wrong. Please try again.' } },
    });
  });
});
