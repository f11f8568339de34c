import { env } from 'cloudflare:test';
import { afterEach, expect, it, vi } from 'vitest';
import { queueMarkedReplays } from '../../../src/notify/ledger/replay';
import { job, newsletterLead } from '../../fixtures/leads';
import { deliver, ledgerRows } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { GRAPH_VARS, GraphStandin, TOKEN } from '../../standins/whatsapp/graph-api';

const REPLAY = { type: 'replay-deliveries' };

const statuses = (id: string) => ledgerRows(id, 'status, attempts', 'recipient');

afterEach(() => {
  vi.unstubAllGlobals();
});

it('after an expired token (190) and a rotation, the operator replays the failed messages once', async () => {
  allowConsoleErrors();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const graph = new GraphStandin().install();
  graph.expiredTokens = [TOKEN];
  graph.tokens = ['rotated-token'];
  const workerEnv = { ...env, ...GRAPH_VARS };
  const lead = newsletterLead();

  await deliver(job(lead), { env: workerEnv });
  expect(await statuses(lead.id)).toEqual(Array(2).fill({ status: 'failed', attempts: 1 }));

  // `wrangler secret put WHATSAPP_TOKEN`, then the query from docs/deploy.md, "Resending after a fix".
  workerEnv.WHATSAPP_TOKEN = 'rotated-token';
  await env.DB.prepare(
    "UPDATE deliveries SET status = 'replay' WHERE status IN ('failed', 'dead') AND last_error_code = '190'",
  ).run();
  const replay = await deliver(REPLAY, { env: workerEnv });
  expect(replay.explicitAcks).toHaveLength(1);
  expect(await statuses(lead.id)).toEqual(Array(2).fill({ status: 'sent', attempts: 2 }));
  expect(graph.delivered.map((b) => b.to)).toEqual(['+919800000001', '+919800000002']);
  expect(graph.received.at(-1)?.authorization).toBe('Bearer rotated-token');

  // The replay message delivered again, or the original job: nothing is sent twice.
  await deliver(REPLAY, { env: workerEnv });
  await deliver(job(lead), { env: workerEnv });
  expect(graph.delivered).toHaveLength(2);
});

it('a replay that meets a transient error keeps the row marked for replay and retries the replay message', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const graph = new GraphStandin().install();
  const workerEnv = { ...env, ...GRAPH_VARS };
  const lead = newsletterLead();
  await deliver(job(lead), { env: workerEnv });
  await env.DB.prepare("UPDATE deliveries SET status = 'replay' WHERE submission_id = ?").bind(lead.id).run();

  graph.failNext(131000);
  const first = await deliver(REPLAY, { env: workerEnv });
  expect(first.retryMessages).toHaveLength(1);
  expect(await statuses(lead.id)).toEqual([
    { status: 'replay', attempts: 2 },
    { status: 'sent', attempts: 2 },
  ]);
  const second = await deliver(REPLAY, { env: workerEnv, attempts: 2 });
  expect(second.explicitAcks).toHaveLength(1);
  expect(await statuses(lead.id)).toEqual([
    { status: 'sent', attempts: 3 },
    { status: 'sent', attempts: 2 },
  ]);
});

it('the cron queues one replay job when rows are marked for replay, and none otherwise', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const sent: unknown[] = [];
  const jobs = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
  const workerEnv = { ...env, ...GRAPH_VARS, JOBS: jobs };
  await env.DB.prepare("UPDATE deliveries SET status = 'sent' WHERE status = 'replay'").run();
  await queueMarkedReplays(workerEnv);
  expect(sent).toEqual([]);

  new GraphStandin().install();
  const lead = newsletterLead();
  await deliver(job(lead), { env: workerEnv });
  await env.DB.prepare("UPDATE deliveries SET status = 'replay' WHERE submission_id = ?").bind(lead.id).run();
  await queueMarkedReplays(workerEnv);
  expect(sent).toEqual([REPLAY]);
  // The queued job sends them, once.
  expect((await deliver(sent[0], { env: workerEnv })).explicitAcks).toHaveLength(1);
  expect(await statuses(lead.id)).toEqual(Array(2).fill({ status: 'sent', attempts: 2 }));
});
