import type { Env } from '../../env';
import { dayOf } from '../../store/sources/counters';
import { visitDays } from '../../store/sources/visits';
import type { QuizInsight } from './source-report';
import { funnelSteps } from './source-rows';
import { leadsFrom, periodOf } from './sources';

/** The quiz's funnel over a period: how many visits reached each step, and the quiz responses sent. */
export interface QuizFunnel {
  /** The period's first and last day, YYYY-MM-DD, in the owners' time zone. */
  from: string;
  to: string;
  /** Per step (1 = the quiz opened, the last = the contact step, "finished"). */
  steps: QuizInsight['steps'];
  /** Quiz responses stored in the period (a response sent is a quiz finished: its visit reached the last step). */
  leads: number;
}

/**
 * The Numbers page's quiz funnel for the last `days` days: the same counts as the Sources page's for the same
 * period (the visitors of each day, by the furthest step they reached, and the stored quiz responses by the day
 * they arrived), so the two pages never disagree.
 */
export async function quizFunnel(env: Env, days: number, now = Date.now()): Promise<QuizFunnel> {
  const { from, to, start } = periodOf(days, now);
  const [visits, quizzes] = await Promise.all([visitDays(env.DB, from), leadsFrom(env, 'quiz', start)]);
  const inPeriod = (day: string) => day >= from && day <= to;
  return {
    from,
    to,
    steps: funnelSteps(visits.filter((v) => inPeriod(v.day))),
    leads: quizzes.filter((q) => inPeriod(dayOf(Date.parse(q.createdAt)))).length,
  };
}
