import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import type { Job } from '../../src/queue/jobs';
import { windowsAt } from '../../src/notify/ledger/budget-windows';
import { graphEnv } from '../standins/whatsapp/graph-api';

/** Captures what the Worker sends to its queue instead of delivering it; read and empty it with splice(0). */
export function captureQueue(workerEnv: Env): Job[] {
  const sent: Job[] = [];
  vi.spyOn(workerEnv.JOBS, 'send').mockImplementation(async (body) => {
    sent.push(structuredClone(body) as Job);
    return { metadata: { metrics: { backlogCount: sent.length, backlogBytes: 0 } } };
  });
  return sent;
}

/** Takes every captured job of a kind off the list (the others stay), in the order they were sent. */
export function takeJobs(queued: Job[], type: Job['type']): Job[] {
  const jobs = queued.filter((j) => j.type === type);
  queued.splice(0, queued.length, ...queued.filter((j) => j.type !== type));
  return jobs;
}

/**
 * Runs the Worker's queue consumer over one batch and returns each message's outcome, with the retry delays
 * it asked for (getQueueResult does not report them: they are read from spies on message.retry).
 */
async function runBatch(workerEnv: Env, queue: string, messages: { id: string; attempts: number; body: unknown }[]) {
  const batch = createMessageBatch<unknown>(
    queue,
    messages.map((m) => ({ ...m, timestamp: new Date() })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, 'retry'));
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv);
  const result = await getQueueResult(batch, ctx);
  return { ...result, delays: retries.flatMap((retry) => retry.mock.calls.map(([options]) => options?.delaySeconds)) };
}

/** Runs the Worker's queue consumer over `jobs` (one batch, first delivery) and returns each message's outcome. */
export function consume(workerEnv: Env, jobs: unknown[], queue = 'site-jobs') {
  return runBatch(
    workerEnv,
    queue,
    jobs.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, attempts: 1, body })),
  );
}

/**
 * Delivers one message to the Worker's queue handler as the queue would on its `attempts`-th try (by default
 * to site-jobs, with WhatsApp pointed at the Graph stand-in), and returns its outcome and the message's id
 * (a new one unless `id` delivers the same message again).
 */
export async function deliver(
  body: unknown,
  {
    queue = 'site-jobs',
    attempts = 1,
    env: workerEnv = graphEnv(),
    id = `${queue}-${attempts}-${crypto.randomUUID()}`,
  }: { queue?: string; attempts?: number; env?: Env; id?: string } = {},
) {
  return { id, ...(await runBatch(workerEnv, queue, [{ id, attempts, body }])) };
}

/** The delivery ledger's rows of one submission: the columns a test looks at, in a stable order. */
export async function ledgerRows<Row = Record<string, unknown>>(
  submissionId: string,
  columns: string,
  order = 'template, recipient',
): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    `SELECT ${columns} FROM deliveries WHERE submission_id = ? ORDER BY ${order}`,
  )
    .bind(submissionId)
    .all<Row>();
  return results;
}

/** Messages to visitors' own numbers and addresses counted in today's budget window (VISITOR_MESSAGES_DAILY_BUDGET). */
export async function visitorMessagesToday(): Promise<number> {
  const w = windowsAt(new Date());
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM deliveries WHERE audience = 'visitor' AND created_at >= ? AND created_at < ?
     AND status IN ('pending', 'sending', 'sent', 'replay')`,
  )
    .bind(w.dayStart, w.dayEnd)
    .first<{ n: number }>();
  return row!.n;
}
