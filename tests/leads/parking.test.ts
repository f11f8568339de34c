/**
 * Faults: while the store is down or slow, a submission is still accepted
 * (202), parked durably in the queue, and written once the store recovers:
 * N submissions during the outage give exactly N documents, no duplicates.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parkedDelaySeconds } from '../../src/leads/parked';
import { postWithEnv } from '../support/api';
import { firestoreEnv } from '../support/firestore';
import { captureQueue, consume } from '../support/queue';
import { allowConsoleErrors } from '../setup';

afterEach(() => vi.unstubAllGlobals());

/** Ids of the news_letter documents the stand-in holds (a Map keyed by collection/id: no duplicates possible, so count keys). */
function newsletterIds(standin: { documents: Map<string, unknown> }): string[] {
  return [...standin.documents.keys()]
    .filter((k) => k.startsWith('news_letter/'))
    .map((k) => k.slice('news_letter/'.length));
}

const post = postWithEnv;

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
    // Every job that found its lead stored queued its notifications (the delivery ledger sends them once).
    const notifies = queued.filter((j) => j.type === 'notify');
    expect([...new Set(notifies.map((j) => j.lead.id))].sort()).toEqual([...ids].sort());
    expect(notifies).toHaveLength(N + 2);
  });

  it('waits longer each time the store is still down: 10 s, 20 s, 40 s … never more than 15 min', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    const send = vi.spyOn(workerEnv.JOBS, 'send').mockResolvedValue({
      metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } },
    });
    standin.failFirestore = 503;
    expect((await post(workerEnv, 'newsletter', { email: 'patient@example.com' })).status).toBe(202);
    for (let i = 0; i < 9; i++) await consume(workerEnv, [send.mock.calls.at(-1)![0]]);
    expect(
      send.mock.calls.map(([job, options]) => [(job as { attempt: number }).attempt, options?.delaySeconds]),
    ).toEqual([
      [0, 10],
      [1, 20],
      [2, 40],
      [3, 80],
      [4, 160],
      [5, 320],
      [6, 640],
      [7, 900],
      [8, 900],
      [9, 900],
    ]);
    expect(parkedDelaySeconds(1000)).toBe(900);
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
