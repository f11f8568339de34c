import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { afterEach, expect, it, vi } from 'vitest';
import worker from '../src/index';
import type { Env } from '../src/env';
import type { LogEvent } from '../src/log';
import { allowConsoleErrors } from './setup';
import { postWithEnv } from './support/api';
import { loggedEvents } from './support/logs';
import { GRAPH_VARS, GraphStandin } from './standins/whatsapp/graph-api';

/** Every event name the Worker may log: a line with any other name is a typo an operator's query would miss. */
const EVENTS: readonly LogEvent[] = [
  'lead.stored',
  'lead.parked',
  'lead.refused',
  'lead.dead',
  'delivery.sent',
  'delivery.failed',
  'delivery.retry',
  'delivery.skipped',
  'delivery.dead',
  'delivery.status',
  'delivery.email',
  'delivery.replayed',
  'delivery.replay-queued',
  'delivery.pruned',
  'dead_lead.pruned',
  'digest.sent',
  'queue.malformed',
  'queue.retry',
  'webhook.refused',
  'webhook.received',
  'health.checked',
  'health.changed',
  'health.heartbeat',
  'feeds.refreshed',
  'feeds.failed',
  'config.problem',
  'security.refused',
  'desk.action',
  'request.error',
];

afterEach(() => vi.unstubAllGlobals());

it('a lead from the form to the owners’ failed alerts and their emails: one JSON line each, no visitor data', async () => {
  allowConsoleErrors();
  const spies = (['log', 'warn', 'error'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => {}),
  );
  const graph = new GraphStandin().install();
  // Owners of its own: other test files' alerts to the shared owners may have used up this hour's cap.
  graph.failRecipient('+919800000071', 131026);
  const queued: unknown[] = [];
  const workerEnv = {
    ...env,
    ...GRAPH_VARS,
    OWNER_PHONES: '+919800000071, +919800000072',
    OWNER_EMAILS: 'priya@example.com,arjun@example.com',
    JOBS: { send: async (body: unknown) => void queued.push(body) },
  } as unknown as Env;
  const visitor = { name: 'Zubin Quixote', phone: '9812300077', email: 'zubin.quixote@example.com' };
  const submissionId = crypto.randomUUID();
  const answer = await postWithEnv(workerEnv, 'enquiry', {
    submissionId,
    ...visitor,
    description: 'Call me on 9812300077',
  });
  expect(answer.status).toBe(201);
  // The consumer's work: the notify job, then the owner's email that stands in for the failed alert.
  for (let i = 0; i < queued.length; i++) {
    const batch = createMessageBatch('site-jobs', [
      { id: `log-${i}`, timestamp: new Date(), attempts: 1, body: queued[i] },
    ]);
    await worker.queue(batch, workerEnv);
    await getQueueResult(batch, createExecutionContext());
  }
  const lines = spies.flatMap((spy) => loggedEvents(spy));
  for (const line of lines) expect(EVENTS).toContain(line.event);
  const events = lines.map((l) => l.event);
  expect(events).toEqual(expect.arrayContaining(['lead.stored', 'delivery.sent', 'delivery.failed', 'delivery.email']));
  const stored = lines.find((l) => l.event === 'lead.stored')!;
  expect(stored).toMatchObject({ submissionId, kind: 'enquiry' });
  expect(lines.find((l) => l.event === 'delivery.failed')).toMatchObject({
    submissionId,
    code: '131026',
    to: '+91******0071',
  });
  const text = JSON.stringify(spies.map((s) => s.mock.calls));
  for (const secret of ['Zubin', 'Quixote', '9812300077', 'zubin.quixote@example.com', 'priya@example.com']) {
    expect(text).not.toContain(secret);
  }
});
