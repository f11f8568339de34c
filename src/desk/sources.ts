import type { Env } from '../env';
import type { SourcePeriod, SourceReport } from './source-report';

// A placeholder so the page typechecks: replaced at the merge by the counts (the report built from the server's
// visit counts and the leads' attribution). Until then every period is empty.

/** The Sources page's report for the last `days` days; `source` narrows the quiz insight to one source. */
export function sourceReport(_env: Env, days: SourcePeriod, source?: string): Promise<SourceReport> {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const zero = { visits: 0, quizOpened: 0, quizFinished: 0, leads: { quiz: 0, newsletter: 0, enquiry: 0 }, calls: 0 };
  return Promise.resolve({
    days,
    from,
    to: today,
    rows: [],
    total: { source: 'all', campaign: null, ...zero, clients: 0 },
    weekly: [],
    quizSource: source ?? null,
    quiz: { questions: [], steps: [], programs: [] },
  });
}
