import { createExecutionContext, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedEvents } from '../../support/logs';
import type { Env } from '../../../src/env';
import worker from '../../../src/index';
import { DEAD_LETTER_TRIES_BEFORE_RESEND } from '../../../src/consumer/consume';
import { backoffSeconds } from '../../../src/notify/ledger/deliver';
import { enquiryLead, job } from '../../fixtures/leads';
import { deliver, ledgerRows } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';

// The queue settings as wrangler.toml declares them.
const consumer = (queue: string) => {
  const found = env.TEST_QUEUE_CONSUMERS.find((c) => c.queue === queue);
  if (!found) throw new Error(`wrangler.toml has no consumer for ${queue}`);
  return found;
};
const JOBS_QUEUE = consumer('site-jobs');
const DEAD_LETTER_QUEUE = JOBS_QUEUE.dead_letter_queue!;
/** A job is delivered once plus max_retries times before it is dead-lettered. */
const MAX_DELIVERIES = (JOBS_QUEUE.max_retries ?? 3) + 1;

const SENT = { metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } };

/** A D1 that refuses every statement, as when the database is briefly unavailable. */
function unavailableDb(): D1Database {
  const fail = () => {
    throw new Error('D1_ERROR: Network connection lost.');
  };
  return { prepare: fail, batch: fail, exec: fail, dump: fail, withSession: fail } as unknown as D1Database;
}

const deliveryRows = (submissionId: string) =>
  ledgerRows(submissionId, 'template, status, attempts, last_error_code, last_error_message');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dead-letter queue', () => {
  it('is the dead-letter queue of site-jobs, and allows more retries than its consumer uses', () => {
    expect(DEAD_LETTER_QUEUE).toBe('site-jobs-dlq');
    // Otherwise the queue would delete a dead letter the consumer still means to retry.
    expect(consumer(DEAD_LETTER_QUEUE).max_retries).toBeGreaterThan(DEAD_LETTER_TRIES_BEFORE_RESEND);
  });

  it('records the unsent messages of a job that exhausted its retries as dead, with the last error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lead = enquiryLead();
    // The visitor's message keeps hitting a transient error; the owners' go through at once.
    const graph = new GraphStandin().failRecipient(lead.phone, 131016).install();

    for (let attempts = 1; attempts <= MAX_DELIVERIES; attempts++) {
      const result = await deliver(job(lead), { attempts });
      expect(result.retryMessages).toHaveLength(1);
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dead = await deliver(job(lead), { queue: DEAD_LETTER_QUEUE });
    expect(dead.explicitAcks).toEqual([dead.id]);

    expect(await deliveryRows(lead.id)).toEqual([
      { template: 'journey_owner', status: 'sent', attempts: 1, last_error_code: null, last_error_message: null },
      { template: 'journey_owner', status: 'sent', attempts: 1, last_error_code: null, last_error_message: null },
      {
        template: 'journey_users',
        status: 'dead',
        attempts: MAX_DELIVERIES,
        last_error_code: '131016',
        last_error_message: '(#131016) Service unavailable',
      },
    ]);
    expect(graph.delivered).toHaveLength(2);
    expect(loggedEvents(errors)).toContainEqual({
      event: 'delivery.dead',
      level: 'error',
      submissionId: lead.id,
      kind: 'enquiry',
      template: 'journey_users',
      to: '+91******5678',
      attempts: MAX_DELIVERIES,
      code: '131016',
      error: '(#131016) Service unavailable',
    });
  });

  it('records a job that never got an attempt as dead too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lead = enquiryLead();
    expect((await deliver(job(lead), { queue: DEAD_LETTER_QUEUE })).explicitAcks).toHaveLength(1);
    expect((await deliveryRows(lead.id)).map((r) => [r.status, r.last_error_code])).toEqual(
      Array(3).fill(['dead', 'exhausted']),
    );
  });

  it('a job of a type this version does not know survives: retried on the jobs queue, then kept whole as dead', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // As after a rollback: a newer version queued a job whose type this one does not know, carrying a lead.
    const lead = enquiryLead({ name: 'Ravi Newformat' });
    const body = { type: 'store-v2', lead, attempt: 0 };
    for (let attempts = 1; attempts <= MAX_DELIVERIES; attempts++) {
      const result = await deliver(body, { attempts });
      expect(result.explicitAcks).toEqual([]);
      expect(result.delays).toEqual([backoffSeconds(attempts)]);
    }
    // Out of retries, the queue moves it to the dead-letter queue, whose consumer keeps it in dead_leads.
    const dead = await deliver(body, { queue: DEAD_LETTER_QUEUE });
    expect(dead.explicitAcks).toHaveLength(1);
    const row = await env.DB.prepare('SELECT kind, lead, reason FROM dead_leads WHERE id = ?')
      .bind(`job:${dead.id}`)
      .first<{ kind: string; lead: string; reason: string }>();
    expect(row).toMatchObject({ kind: 'unreadable', reason: expect.stringContaining('could not read the job') });
    expect(JSON.parse(row!.lead)).toEqual(body);
    // Delivered again (the queue delivers at least once): one row still.
    expect((await deliver(body, { queue: DEAD_LETTER_QUEUE, id: dead.id })).explicitAcks).toHaveLength(1);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM dead_leads WHERE id = ?')
      .bind(`job:${dead.id}`)
      .first<{ n: number }>())!;
    expect(n).toBe(1);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ event: 'queue.malformed', outcome: 'kept as dead' }),
    );

    // The desk shows it among the dead leads, with the visitor's contact from the body it kept.
    const res = await worker.fetch(new Request('http://127.0.0.1:8787/desk/dead'), env, createExecutionContext());
    const page = await res.text();
    expect(page).toContain('Ravi Newformat');
    expect(page).toContain('could not read the job');
  });

  it('keeps an unreadable dead letter while D1 is unavailable, by the queue', async () => {
    allowConsoleErrors();
    const result = await deliver(
      { type: 'notify' },
      { queue: DEAD_LETTER_QUEUE, env: graphEnv({ DB: unavailableDb() }) },
    );
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toHaveLength(1);
  });

  it('keeps a dead letter while D1 is unavailable and records it, with its last error, once D1 is back', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lead = enquiryLead();
    new GraphStandin().failRecipient(lead.phone, 131016).install();
    // The job ran out of retries on a transient error: its visitor row is pending with that error.
    for (let attempts = 1; attempts <= MAX_DELIVERIES; attempts++) await deliver(job(lead), { attempts });

    const downEnv: Env = graphEnv({ DB: unavailableDb() });
    const resent: unknown[] = [];
    vi.spyOn(downEnv.DEAD_LETTERS, 'send').mockImplementation(async (body) => {
      resent.push(body);
      return SENT;
    });
    // The queue retries the dead letter with growing delays, never past its own retry limit...
    const maxDeliveries = consumer(DEAD_LETTER_QUEUE).max_retries! + 1;
    const delays: number[] = [];
    let attempts = 1;
    for (; attempts <= maxDeliveries; attempts++) {
      const result = await deliver(job(lead), { queue: DEAD_LETTER_QUEUE, attempts, env: downEnv });
      if (result.retryMessages.length === 0) {
        // ...and before that limit the consumer hands it to the dead-letter queue again as a fresh message.
        expect(result.explicitAcks).toHaveLength(1);
        break;
      }
      delays.push(...(result.delays as number[]));
    }
    expect(attempts).toBeLessThan(maxDeliveries);
    expect(resent).toEqual([job(lead)]);
    expect(delays).toEqual(delays.map((_, i) => backoffSeconds(i + 1)));
    // Growing: 10 s, then each wait twice the one before, up to the 15 min cap, which the retries reach.
    expect(delays[0]).toBe(10);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBe(Math.min(delays[i - 1]! * 2, 900));
    expect(delays.at(-1)).toBe(900);
    expect(await deliveryRows(lead.id)).toContainEqual(expect.objectContaining({ status: 'pending' }));

    // D1 is back: the re-sent dead letter is recorded.
    expect((await deliver(resent[0], { queue: DEAD_LETTER_QUEUE })).explicitAcks).toHaveLength(1);
    expect(await deliveryRows(lead.id)).toContainEqual({
      template: 'journey_users',
      status: 'dead',
      attempts: MAX_DELIVERIES,
      last_error_code: '131016',
      last_error_message: '(#131016) Service unavailable',
    });
  });

  it('keeps retrying through the queue when even the re-send fails', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const downEnv: Env = graphEnv({ DB: unavailableDb() });
    vi.spyOn(downEnv.DEAD_LETTERS, 'send').mockRejectedValue(new Error('Queue send failed'));
    const lead = enquiryLead();
    const result = await deliver(job(lead), {
      queue: DEAD_LETTER_QUEUE,
      attempts: DEAD_LETTER_TRIES_BEFORE_RESEND,
      env: downEnv,
    });
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toEqual([]);
  });

  it('writes a parked lead that reached the dead-letter queue instead of dropping it', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const workerEnv = graphEnv();
    const queued: unknown[] = [];
    vi.spyOn(workerEnv.JOBS, 'send').mockImplementation(async (body) => {
      queued.push(body);
      return SENT;
    });
    const lead = enquiryLead();
    const result = await deliver({ type: 'store', lead, attempt: 3 }, { queue: DEAD_LETTER_QUEUE, env: workerEnv });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await env.DB.prepare('SELECT name FROM enquiries WHERE id = ?').bind(lead.id).first()).toEqual({
      name: lead.name,
    });
    expect(queued).toEqual([job(lead)]);
  });
});
