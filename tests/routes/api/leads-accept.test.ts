/**
 * What happens after a lead passes validation (src/leads/accept.ts): stored
 * first, then its notification job queued; a repeat stores nothing new and
 * its messages go out once; a store failure is a 503 the form can show; a
 * queue failure loses nothing. And every malformed request is a 4xx in the one error shape.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedEvents } from '../../support/logs';
import { post, postWithEnv, row } from '../../support/api';
import { firestoreEnv } from '../../support/firestore';
import { captureQueue, consume } from '../../support/queue';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';
import { allowConsoleErrors } from '../../setup';

afterEach(() => {
  vi.unstubAllGlobals();
});

const storeFailed = {
  ok: false,
  error: { code: 'store_unavailable', message: 'Something went wrong. Please try again.' },
};

describe('accepting a lead', () => {
  it('queues one notify job for the stored lead, after it is stored', async () => {
    const id = crypto.randomUUID();
    let storedWhenQueued: unknown = 'not queued';
    const send = vi.spyOn(env.JOBS, 'send').mockImplementation(async () => {
      storedWhenQueued = await row('news_letter', id);
      return { metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } };
    });
    expect((await post('newsletter', { submissionId: id, email: 'q@example.com' })).status).toBe(201);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(
      {
        type: 'notify',
        lead: {
          kind: 'newsletter',
          id,
          email: 'q@example.com',
          createdAt: expect.any(String),
          consent: { version: 'newsletter-2026-11-22', at: expect.any(String) },
          verified: true,
        },
      },
      { contentType: 'json' },
    );
    expect(storedWhenQueued).toMatchObject({ id, email: 'q@example.com' });
  });

  it('stores a repeated submission once, answers both with the same id, and sends its messages once', async () => {
    const workerEnv = { ...env, ...GRAPH_VARS };
    const queued = captureQueue(workerEnv);
    const graph = new GraphStandin().install();
    const body = { submissionId: crypto.randomUUID(), name: 'Asha', phone: '9812345678', email: 'a@b.co' };
    const first = await postWithEnv(workerEnv, 'enquiry', body);
    // A true retry: the same fields (the email typed in another case), its own attribution and time.
    const second = await postWithEnv(workerEnv, 'enquiry', {
      ...body,
      email: 'A@B.co',
      attribution: { utm_source: 'x' },
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toEqual(first.body);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n, MAX(name) AS name FROM enquiries WHERE id = ?')
      .bind(body.submissionId)
      .first();
    expect(count).toEqual({ n: 1, name: 'Asha' });
    // Both requests know the lead is stored and queue its notifications; each message goes out once.
    expect(queued.map((j) => [j.type, 'lead' in j && j.lead.id])).toEqual([
      ['notify', body.submissionId],
      ['notify', body.submissionId],
    ]);
    await consume(workerEnv, queued.splice(0));
    expect(graph.delivered.map((b) => [b.template.name, b.to])).toEqual([
      ['journey_users', '+919812345678'],
      ['journey_owner', '+919800000001'],
      ['journey_owner', '+919800000002'],
    ]);
  });

  it("sends a submission's visitor message to one number, even when a repeat names another", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const workerEnv = { ...env, ...GRAPH_VARS };
    const queued = captureQueue(workerEnv);
    const graph = new GraphStandin().install();
    const body = { submissionId: crypto.randomUUID(), name: 'Asha', phone: '9812345678', email: 'a@b.co' };
    await postWithEnv(workerEnv, 'enquiry', body);
    expect((await postWithEnv(workerEnv, 'enquiry', { ...body, phone: '9812300000' })).status).toBe(409);
    await consume(workerEnv, queued.splice(0));
    expect(graph.delivered.filter((b) => b.template.name === 'journey_users').map((b) => b.to)).toEqual([
      '+919812345678',
    ]);
  });

  it('answers 201 and keeps the lead when the queue refuses the job', async () => {
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(env.JOBS, 'send').mockRejectedValue(new Error('Queue send failed: internal error'));
    const id = crypto.randomUUID();
    expect(await post('newsletter', { submissionId: id, email: 'kept@example.com' })).toMatchObject({
      status: 201,
      body: { ok: true, id },
    });
    expect(await row('news_letter', id)).toMatchObject({ email: 'kept@example.com' });
    expect(loggedEvents(logged)).toContainEqual({
      event: 'lead.stored',
      level: 'error',
      submissionId: id,
      kind: 'newsletter',
      notify: 'not queued',
      error: 'Queue send failed: internal error',
    });
  });

  it('answers 202 and parks the lead in the queue when D1 cannot take the write', async () => {
    allowConsoleErrors();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi
      .spyOn(env.JOBS, 'send')
      .mockResolvedValue({ metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } });
    await env.DB.exec('ALTER TABLE news_letter RENAME TO news_letter_offline');
    let res;
    try {
      res = await post('newsletter', { email: 'parked@example.com' });
    } finally {
      await env.DB.exec('ALTER TABLE news_letter_offline RENAME TO news_letter');
    }
    expect(res).toMatchObject({ status: 202, body: { ok: true, id: expect.any(String) } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({ type: 'store', attempt: 0, lead: { email: 'parked@example.com' } });
    expect(loggedEvents(logged)).toContainEqual(
      expect.objectContaining({
        event: 'lead.parked',
        kind: 'newsletter',
        error: expect.stringMatching(/^D1 could not store/),
      }),
    );
  });
});

describe('accepting a lead with Firestore configured', () => {
  const postTo = postWithEnv;

  it('stores the quiz response in Firestore', async () => {
    const { standin, env: firestore } = await firestoreEnv('credentials');
    vi.spyOn(firestore.JOBS, 'send').mockResolvedValue({ metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } });
    const id = crypto.randomUUID();
    const contact = { first: 'Asha', last: 'Rao', email: 'asha@example.com' };
    expect(await postTo(firestore, 'quiz', { submissionId: id, answers: { '0': 'Wealth' }, contact })).toEqual({
      status: 201,
      body: {
        ok: true,
        id,
        bookingRef: expect.stringMatching(/^[0-9a-f]{24}$/),
        recommended: ['consultations'],
        next: '/?recommended=consultations#programs',
      },
    });
    expect(standin.document('quiz_responses', id)?.fields).toMatchObject({
      recommended: { arrayValue: { values: [{ stringValue: '1:1 Consultations' }] } },
      status: { stringValue: 'submitted' },
      answers: { mapValue: { fields: { '0': { stringValue: 'Wealth' } } } },
      createdAt: { timestampValue: expect.any(String) },
    });
  });

  it('answers 202 and parks the lead when Firestore is down; 503 only when parking fails too', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { standin, env: firestore } = await firestoreEnv('credentials');
    const send = vi
      .spyOn(firestore.JOBS, 'send')
      .mockResolvedValue({ metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } });
    standin.failFirestore = 503;
    const parked = await postTo(firestore, 'newsletter', { email: 'a@b.co' });
    expect(parked).toMatchObject({ status: 202, body: { ok: true } });
    expect(send.mock.calls[0]?.[0]).toMatchObject({ type: 'store' });
    send.mockRejectedValue(new Error('Queue send failed'));
    expect(await postTo(firestore, 'newsletter', { email: 'a@b.co' })).toEqual({ status: 503, body: storeFailed });
  });
});
