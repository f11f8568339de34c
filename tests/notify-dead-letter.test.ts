import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../src/index';
import { enquiryLead, job } from './notify-fixtures';
import { GRAPH_VARS, GraphStandin } from './standins/graph-api';

// wrangler.toml: max_retries = 6, so the 7th failed delivery sends the job to site-jobs-dlq.
const MAX_DELIVERIES = 7;

async function deliver(queue: string, body: unknown, attempts: number) {
  const batch = createMessageBatch(queue, [{ id: `${queue}-${attempts}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, { ...env, ...GRAPH_VARS });
  return getQueueResult(batch, ctx);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dead-letter queue', () => {
  it('records the unsent messages of a job that exhausted its retries as dead, with the last error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const lead = { ...enquiryLead, id: crypto.randomUUID() };
    // The visitor's message keeps hitting a transient error; the owners' go through at once.
    const graph = new GraphStandin().failRecipient(lead.phone, 131016).install();

    for (let attempts = 1; attempts <= MAX_DELIVERIES; attempts++) {
      const result = await deliver('site-jobs', job(lead), attempts);
      expect(result.retryMessages).toHaveLength(1);
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dead = await deliver('site-jobs-dlq', job(lead), 1);
    expect(dead.explicitAcks).toEqual(['site-jobs-dlq-1']);

    const { results } = await env.DB.prepare(
      'SELECT template, status, attempts, last_error_code, last_error_message FROM deliveries WHERE submission_id = ? ORDER BY template, recipient',
    )
      .bind(lead.id)
      .all();
    expect(results).toEqual([
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
    expect(errors.mock.calls.flat().join(' ')).toContain(
      `DEAD journey_users to +91******5678 for ${lead.id} after 7 attempts (last error 131016: (#131016) Service unavailable)`,
    );
  });

  it('records a job that never got an attempt as dead too, and acks a malformed dead letter', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lead = { ...enquiryLead, id: crypto.randomUUID() };
    expect((await deliver('site-jobs-dlq', job(lead), 1)).explicitAcks).toHaveLength(1);
    const { results } = await env.DB.prepare('SELECT status, last_error_code FROM deliveries WHERE submission_id = ?')
      .bind(lead.id)
      .all();
    expect(results).toEqual(Array(3).fill({ status: 'dead', last_error_code: 'exhausted' }));
    expect((await deliver('site-jobs-dlq', { type: 'notify' }, 1)).explicitAcks).toHaveLength(1);
    expect(errors.mock.calls.flat().join(' ')).toContain('is malformed');
  });
});
