import { Hono } from 'hono';
import { z } from 'zod';
import { QUIZ_STEP_COUNT } from '../../content/site';
import { count, type Metric } from '../../desk/counters';
import type { Env } from '../../env';
import { onlyPost } from '../../http/only-post';
import { readInput } from '../../http/read-input';

const FunnelSchema = z.object({ step: z.number().int().min(2).max(QUIZ_STEP_COUNT) });

/**
 * POST /api/funnel {step}: the quiz reached that step (the first is counted
 * with the view of /quiz). Only the day's counter moves; nothing about the
 * visitor is read or kept, and no cookie is set.
 */
export const funnel = new Hono<{ Bindings: Env }>();

funnel.post('/', async (c) => {
  const { step } = await readInput(c, FunnelSchema);
  c.executionCtx.waitUntil(count(c.env.DB, `quiz_step_${step}` as Metric));
  return c.body(null, 204);
});

funnel.all('/', onlyPost);
