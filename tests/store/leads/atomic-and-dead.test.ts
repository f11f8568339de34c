/**
 * The Firestore create is atomic (a commit with the precondition "does not exist"),
 * and a lead the store refuses for good is kept as a dead lead in D1 after a bounded
 * number of tries, never parked forever and never lost.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_REFUSALS } from '../../../src/leads/parked';
import { postWithEnv } from '../../support/api';
import { firestoreEnv } from '../../support/firestore';
import { captureQueue, consume } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';

afterEach(() => vi.unstubAllGlobals());

describe('atomic create on Firestore', () => {
  it('two concurrent requests with one submissionId store one document, both answered as stored', async () => {
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    const queued = captureQueue(workerEnv);
    const id = crypto.randomUUID();
    const body = { submissionId: id, name: 'Asha Rao', phone: '9812345678', email: 'asha@example.com' };
    const answers = await Promise.all([
      postWithEnv(workerEnv, 'enquiry', body),
      postWithEnv(workerEnv, 'enquiry', body),
    ]);
    // Both carry the booking reference the first write stored.
    const bookingRef = answers[0]!.body.bookingRef as string;
    expect(bookingRef).toMatch(/^[0-9a-f]{24}$/);
    expect(answers).toEqual([
      { status: 201, body: { ok: true, id, bookingRef } },
      { status: 201, body: { ok: true, id, bookingRef } },
    ]);
    expect([...standin.documents.keys()].filter((k) => k === `enquiries/${id}`)).toHaveLength(1);
    // The first write's values are kept; each request queues the lead's notifications (the ledger sends once).
    expect(standin.document('enquiries', id)!.fields.name).toEqual({ stringValue: 'Asha Rao' });
    expect(queued.map((j) => j.type === 'notify' && j.lead.id)).toEqual([id, id]);
    // The write was one commit with the precondition, never a look-then-write.
    const commits = standin.requests.filter((r) => r.url.endsWith(':commit'));
    expect(commits).toHaveLength(2);
    for (const commit of commits) {
      expect((commit.body as { writes: { currentDocument?: unknown }[] }).writes[0]!.currentDocument).toEqual({
        exists: false,
      });
    }
    // Only the repeat reads, after its refused write: the first write's body (compared) and reference (answered).
    const reads = standin.requests.filter((r) => r.method === 'GET');
    expect(reads).toHaveLength(1);
    expect(standin.requests.indexOf(reads[0]!)).toBeGreaterThan(
      Math.max(...commits.map((c) => standin.requests.indexOf(c))),
    );
  });

  it('an upper-case and a lower-case spelling of one submissionId are one lead', async () => {
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    const queued = captureQueue(workerEnv);
    const id = crypto.randomUUID();
    await postWithEnv(workerEnv, 'newsletter', { submissionId: id.toUpperCase(), email: 'case@example.com' });
    await postWithEnv(workerEnv, 'newsletter', { submissionId: id, email: 'case@example.com' });
    expect([...standin.documents.keys()].filter((k) => k.startsWith('news_letter/'))).toEqual([`news_letter/${id}`]);
    expect(queued.map((j) => j.type === 'notify' && j.lead.id)).toEqual([id, id]);
  });
});

describe('a lead the store refuses for good', () => {
  it.each([
    [400, 'INVALID_ARGUMENT'],
    [403, 'PERMISSION_DENIED'],
  ] as const)(
    '(%i %s) becomes a dead lead in D1 after %#+3 tries, and the owners are still told',
    async (status, code) => {
      allowConsoleErrors();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { standin, env: workerEnv } = await firestoreEnv('credentials');
      const queued = captureQueue(workerEnv);
      standin.failFirestore = status;
      const id = crypto.randomUUID();
      const res = await postWithEnv(workerEnv, 'newsletter', { submissionId: id, email: 'poison@example.com' });
      expect(res).toEqual({ status: 202, body: { ok: true, id } });

      // Each refusal re-parks the lead, until the bound.
      for (let attempt = 0; attempt < MAX_REFUSALS; attempt++) {
        const jobs = queued.splice(0);
        expect(jobs.map((j) => j.type)).toEqual(['store']);
        expect((jobs[0] as { attempt: number }).attempt).toBe(attempt);
        const result = await consume(workerEnv, jobs);
        expect(result.explicitAcks).toHaveLength(1);
      }
      // Given up on: kept whole in D1 with the store's reason; no store job left, the owners' job queued.
      expect(queued.map((j) => j.type)).toEqual(['notify']);
      const dead = await env.DB.prepare('SELECT * FROM dead_leads WHERE id = ?')
        .bind(id)
        .first<Record<string, unknown>>();
      expect(dead).toMatchObject({ id, kind: 'newsletter', attempts: MAX_REFUSALS });
      expect(String(dead!.reason)).toContain(code);
      expect(JSON.parse(String(dead!.lead))).toMatchObject({ id, email: 'poison@example.com' });
    },
  );

  it('a store that is only down keeps the lead parked, however many tries it takes', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    const queued = captureQueue(workerEnv);
    standin.failFirestore = 503;
    const id = crypto.randomUUID();
    await postWithEnv(workerEnv, 'newsletter', { submissionId: id, email: 'patient@example.com' });
    for (let attempt = 0; attempt < MAX_REFUSALS + 2; attempt++) await consume(workerEnv, queued.splice(0));
    expect(queued.map((j) => j.type)).toEqual(['store']);
    expect(await env.DB.prepare('SELECT id FROM dead_leads WHERE id = ?').bind(id).first()).toBeNull();
  });
});
