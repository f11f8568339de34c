/**
 * A row the ledger opened is queued for sending; when the queue refuses, the row is forgotten (so the next try opens
 * and queues it afresh) and the error goes on to the caller. Only a pending row is forgotten.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { queueOpenedRow } from '../../../src/notify/ledger/queue-opened';
import type { Job } from '../../../src/queue/jobs';

const job = (submissionId: string): Job => ({ type: 'desk-reply', submissionId, recipient: '+919800000001' });

async function openRow(status: 'pending' | 'sent') {
  const key = {
    submissionId: `queue-opened:${crypto.randomUUID()}`,
    template: 'desk_reply',
    recipient: '+919800000001',
  };
  const now = new Date().toISOString();
  await env.DB.prepare(
    `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at,
       updated_at) VALUES (?, ?, ?, 'enquiry', 'visitor', ?, '[]', ?, ?)`,
  )
    .bind(key.submissionId, key.template, key.recipient, status, now, now)
    .run();
  return key;
}

const rows = async (submissionId: string) =>
  (await env.DB.prepare('SELECT status FROM deliveries WHERE submission_id = ?').bind(submissionId).all()).results;

describe('queueOpenedRow', () => {
  it('queues the job and keeps the row', async () => {
    const sent: unknown[] = [];
    const key = await openRow('pending');
    const queue = { send: async (body: unknown) => void sent.push(body) };
    await queueOpenedRow({ ...env, JOBS: queue } as unknown as Env, key, job(key.submissionId));
    expect(sent).toEqual([job(key.submissionId)]);
    expect(await rows(key.submissionId)).toEqual([{ status: 'pending' }]);
  });

  it('forgets the pending row when the queue refuses, and throws', async () => {
    const key = await openRow('pending');
    const refusing = { send: async () => Promise.reject(new Error('queue down')) };
    await expect(
      queueOpenedRow({ ...env, JOBS: refusing } as unknown as Env, key, job(key.submissionId)),
    ).rejects.toThrow('queue down');
    expect(await rows(key.submissionId)).toEqual([]);
    // A row already past pending is never forgotten.
    const sentKey = await openRow('sent');
    await expect(
      queueOpenedRow({ ...env, JOBS: refusing } as unknown as Env, sentKey, job(sentKey.submissionId)),
    ).rejects.toThrow('queue down');
    expect(await rows(sentKey.submissionId)).toEqual([{ status: 'sent' }]);
  });
});
