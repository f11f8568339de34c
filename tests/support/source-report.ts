import type { SourceReport, SourceRow } from '../../src/desk/sources/source-report';

/**
 * A row from its numbers in the table's order: visits, opened, finished, leads (quiz, newsletter, enquiry), calls,
 * clients; then its revenue in paise, and its calls marked attended and no-shows.
 */
function row(
  source: string,
  campaign: string | null,
  n: [number, number, number, number, number, number, number, number],
  revenuePaise = 0,
  [attended, noShows]: [number, number] = [0, 0],
): SourceRow {
  const [visits, quizOpened, quizFinished, quiz, newsletter, enquiry, calls, clients] = n;
  const leads = { quiz, newsletter, enquiry };
  return { source, campaign, visits, quizOpened, quizFinished, leads, calls, clients, attended, noShows, revenuePaise };
}

/**
 * A 30-day report built by hand: instagram (with a campaign whose name a visitor could have typed as a formula)
 * and direct (no visit, one enquiry: every rate after its zero visits shows "—"), four weeks for each, and the
 * quiz's answers, steps and programs.
 */
export function sampleReport(over: Partial<SourceReport> = {}): SourceReport {
  // Revenue: instagram ₹9,998 (₹4,999 of it by its campaign), direct ₹2,500 paid less ₹500 refunded, and ₹1,000 of a
  // person since erased, in the total only.
  // Show-up: instagram 3 attended and 1 no-show (75 %), its campaign none marked (—), direct 1 no-show (0 %).
  const instagram = row('instagram', null, [200, 50, 20, 10, 4, 2, 4, 1], 999_800, [3, 1]);
  const campaign = row('instagram', '=spring,"launch"', [80, 20, 8, 4, 0, 1, 0, 0], 499_900);
  const direct = row('direct', null, [0, 0, 0, 0, 0, 1, 1, 1], 200_000, [0, 1]);
  const weeks = ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];
  return {
    days: 30,
    from: '2026-10-28',
    to: '2026-11-26',
    rows: [instagram, campaign, direct],
    total: row('all', null, [200, 50, 20, 10, 4, 3, 5, 2], 1_299_800, [3, 2]),
    weekly: [
      { source: 'instagram', points: weeks.map((week, i) => ({ week, visits: [30, 70, 60, 40][i]!, leads: i + 2 })) },
      { source: 'direct', points: weeks.map((week, i) => ({ week, visits: 0, leads: i === 3 ? 1 : 0 })) },
    ],
    quizSource: null,
    quiz: {
      questions: [
        {
          question: 'Which areas of life do you want to focus on?',
          answers: [
            { answer: 'Mindset', count: 12 },
            { answer: 'Business', count: 6 },
            { answer: 'Health', count: 2 },
          ],
        },
        {
          question: 'What is your age range?',
          answers: [
            { answer: '26-39', count: 15 },
            { answer: '40-55', count: 5 },
          ],
        },
      ],
      steps: [
        { step: 1, reached: 50 },
        { step: 2, reached: 40 },
        { step: 3, reached: 30 },
        { step: 4, reached: 20 },
      ],
      programs: [
        { program: 'Consultations', count: 14 },
        { program: 'Talks & keynotes', count: 6 },
      ],
    },
    programs: [
      {
        program: 'inner-compass',
        title: 'Inner Compass',
        payments: 2,
        paidPaise: 999_800,
        refundedPaise: 0,
        revenuePaise: 999_800,
      },
      { program: null, title: null, payments: 2, paidPaise: 350_000, refundedPaise: 50_000, revenuePaise: 300_000 },
    ],
    paused: [],
    guides: [],
    ...over,
  };
}

/** The same period with nothing in it. */
export function emptyReport(): SourceReport {
  return sampleReport({
    rows: [],
    total: row('all', null, [0, 0, 0, 0, 0, 0, 0, 0]),
    weekly: [],
    quiz: { questions: [], steps: [], programs: [] },
    programs: [],
  });
}
