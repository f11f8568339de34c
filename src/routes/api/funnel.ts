import { Hono } from 'hono';
import * as z from 'zod';
import { QUIZ_STEP_COUNT } from '../../words/site';
import type { FunnelMetric } from '../../store/sources/counters';
import type { Env } from '../../env';
import { onlyPost } from '../../http/errors';
import { readInput } from '../../http/body';
import { countFunnelStep, countQuizStep } from '../visit-counter';

const FunnelSchema = z.object({ step: z.number().int().min(2).max(QUIZ_STEP_COUNT) });

/**
 * POST /api/funnel {step}: the quiz reached that step (the first is counted with the view of /quiz). Only the day's
 * counter moves, at most once per address and hour and within the day's ceilings, and the day's visitor row
 * (countQuizStep) moves on; no cookie is set (see countOncePerAddress for what is kept, and for how long).
 */
export const funnel = new Hono<{ Bindings: Env }>();

funnel.post('/', async (c) => {
  const { step } = await readInput(c, FunnelSchema);
  countFunnelStep(c, `quiz_step_${step}` as FunnelMetric);
  // The visitor's row of the day (the Sources page's counts) moves on too.
  countQuizStep(c, step);
  return c.body(null, 204);
});

funnel.all('/', onlyPost);
