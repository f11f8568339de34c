import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import type { Job } from '../../src/queue/jobs';

/** Captures what the Worker sends to its queue instead of delivering it; read and empty it with splice(0). */
export function captureQueue(workerEnv: Env): Job[] {
  const sent: Job[] = [];
  vi.spyOn(workerEnv.JOBS, 'send').mockImplementation(async (body) => {
    sent.push(structuredClone(body) as Job);
    return { metadata: { metrics: { backlogCount: sent.length, backlogBytes: 0 } } };
  });
  return sent;
}

/** Runs the Worker's queue consumer over `jobs` (one batch, first delivery) and returns each message's outcome. */
export async function consume(workerEnv: Env, jobs: unknown[], queue = 'site-jobs') {
  const batch = createMessageBatch<unknown>(
    queue,
    jobs.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv);
  return getQueueResult(batch, ctx);
}
