/**
 * A lead that is stored reaches the owners, whichever write stored it. The
 * Firestore stand-in's "late" fault applies a commit at once and answers after
 * the Worker's 8 s deadline: the visitor is told 202 (parked), the parked job
 * finds the document already there, and the notifications must still go out —
 * once per owner, however many writes and jobs saw the lead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { postWithEnv } from '../../support/api';
import { firestoreEnv } from '../../support/firestore';
import { captureQueue, consume } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { GRAPH_BASE, GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';
import type { FirestoreStandin } from '../../standins/google/firestore';

/** The adapter's deadline for one save (src/store/leads/firestore/leads-firestore.ts). */
const STORE_DEADLINE_MS = 8_000;
const OWNERS = ['+919800000001', '+919800000002'];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Firestore configured, two owners and the Graph stand-in; each service's requests go to its own stand-in. */
async function setup() {
  allowConsoleErrors(); // the timed-out saves are logged as errors, as in production
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const firestore = await firestoreEnv('credentials');
  const graph = new GraphStandin();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return new URL(request.url).origin === GRAPH_BASE ? graph.fetch(request) : firestore.standin.fetch(request);
  });
  const workerEnv: Env = { ...firestore.env, ...GRAPH_VARS };
  return { standin: firestore.standin, graph, workerEnv, queued: captureQueue(workerEnv) };
}

/**
 * Runs `work` (a request or a queue delivery that saves a lead) while Firestore applies the
 * commit but answers late: the commit is held, the Worker's deadline passes, then the answer comes.
 */
async function pastTheDeadline<T>(standin: FirestoreStandin, work: () => Promise<T>): Promise<T> {
  standin.failFirestore = 'late';
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let result: Promise<T>;
  try {
    result = work();
    await vi.waitFor(() => expect(standin.heldCount).toBe(1), { timeout: 5_000, interval: 10 });
    vi.advanceTimersByTime(STORE_DEADLINE_MS);
  } finally {
    vi.useRealTimers();
  }
  const settled = await result;
  standin.failFirestore = null;
  await standin.release();
  return settled;
}

/** Delivers every queued job (and anything they queue in turn) until the queue is empty. */
async function drain(workerEnv: Env, queued: Job[], redeliver = false) {
  for (let round = 0; queued.length > 0 && round < 5; round++) {
    const jobs = queued.splice(0);
    // At-least-once: the queue may hand the same message over twice.
    await consume(workerEnv, redeliver ? [...jobs, ...jobs] : jobs);
  }
  expect(queued).toEqual([]);
}

const sentTo = (graph: GraphStandin) => graph.delivered.map((b) => [b.template.name, b.to]);

const newsletterDocs = (standin: FirestoreStandin, id: string) =>
  [...standin.documents.keys()].filter((k) => k === `news_letter/${id}`);

describe('a write Firestore applies but answers after the deadline', () => {
  it('on the request: the visitor gets 202, the parked job finds the lead, each owner is told once', async () => {
    const { standin, graph, workerEnv, queued } = await setup();
    const id = crypto.randomUUID();

    const res = await pastTheDeadline(standin, () =>
      postWithEnv(workerEnv, 'newsletter', { submissionId: id, email: 'late@example.com' }),
    );
    expect(res).toEqual({ status: 202, body: { ok: true, id } });
    expect(newsletterDocs(standin, id)).toHaveLength(1);
    expect(queued.map((j) => j.type)).toEqual(['store']);

    await drain(workerEnv, queued, true);
    expect(sentTo(graph)).toEqual(OWNERS.map((to) => ['subscription_notfication', to]));
    expect(JSON.stringify(graph.delivered)).toContain('late@example.com');
    expect(newsletterDocs(standin, id)).toHaveLength(1);
  });

  it('on the parked job: re-parked after the deadline, then found stored; visitor and owners told once', async () => {
    const { standin, graph, workerEnv, queued } = await setup();
    const id = crypto.randomUUID();
    standin.failFirestore = 503;
    const body = { submissionId: id, name: 'Asha Verma', phone: '+91 98123 45678', email: 'asha@example.com' };
    expect((await postWithEnv(workerEnv, 'enquiry', body)).status).toBe(202);
    const parked = queued.splice(0);
    expect(parked).toMatchObject([{ type: 'store', attempt: 0 }]);

    const outcome = await pastTheDeadline(standin, () => consume(workerEnv, parked));
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(standin.document('enquiries', id)).toBeDefined();
    expect(queued).toMatchObject([{ type: 'store', attempt: 1 }]);

    await drain(workerEnv, queued, true);
    expect(sentTo(graph)).toEqual([['journey_users', '+919812345678'], ...OWNERS.map((to) => ['journey_owner', to])]);
  });

  it("on the visitor's retry: the retry finds the lead stored (201) and the owners are told once", async () => {
    const { standin, graph, workerEnv, queued } = await setup();
    const id = crypto.randomUUID();
    const body = { submissionId: id, email: 'retry@example.com' };

    expect((await pastTheDeadline(standin, () => postWithEnv(workerEnv, 'newsletter', body))).status).toBe(202);
    // The visitor did not see the success in time and sends the same submission again.
    expect(await postWithEnv(workerEnv, 'newsletter', body)).toEqual({ status: 201, body: { ok: true, id } });
    expect(queued.map((j) => j.type).sort()).toEqual(['notify', 'store']);

    await drain(workerEnv, queued);
    expect(sentTo(graph)).toEqual(OWNERS.map((to) => ['subscription_notfication', to]));
    expect(newsletterDocs(standin, id)).toHaveLength(1);
  });
});

describe('two concurrent saves of one submission', () => {
  it('leave one document, and each owner is told once whichever save reported the creation', async () => {
    const { standin, graph, workerEnv, queued } = await setup();
    const id = crypto.randomUUID();
    const body = { submissionId: id, email: 'twice@example.com' };
    const answers = await Promise.all([
      postWithEnv(workerEnv, 'newsletter', body),
      postWithEnv(workerEnv, 'newsletter', body),
    ]);
    expect(answers).toEqual([
      { status: 201, body: { ok: true, id } },
      { status: 201, body: { ok: true, id } },
    ]);
    expect(newsletterDocs(standin, id)).toHaveLength(1);
    // Both saves know the lead is stored, so both queue its notifications...
    expect(queued.map((j) => [j.type, 'lead' in j && j.lead.id])).toEqual([
      ['notify', id],
      ['notify', id],
    ]);
    // ...and the delivery ledger sends each message once.
    await drain(workerEnv, queued);
    expect(sentTo(graph)).toEqual(OWNERS.map((to) => ['subscription_notfication', to]));
  });
});
