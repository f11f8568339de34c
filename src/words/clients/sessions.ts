/** What the desk says about a client's sessions: the "count this session?" question, its answers and refusals. */
export const sessionWords = {
  /** Under a no-show of a call a client booked from their page. */
  question: (program: string) => `Count this session of ${program}?`,
  explain: 'A no-show counts as a used session unless you say not to.',
  answers: { yes: 'Count it', no: "Don't count it" },
  /** Once answered: what was decided, and what is left of the package. */
  answered: { yes: 'Counted as a used session.', no: 'Not counted: the client keeps this session.' },
  left: (left: number, of: number) => `${left} of ${of} sessions left.`,
  errors: {
    count: 'Choose Count it or Don’t count it.',
    booking: 'This call is not a no-show of this client’s sessions. Open the page again. Nothing was changed.',
    engagement: 'This client’s sessions are not ones the desk knows. Open the page again. Nothing was changed.',
  },
} as const;
