/**
 * How the quiz moves, as one rule for the three places that move it: the server (each step is a plain form post),
 * the page's inline script (a tap before the scripts have arrived, client/quiz-steps.ts) and the island.
 */

/** Where a visitor is in the quiz: the step shown (the choice steps, then the contact form) and the options chosen so far, by step. */
export interface QuizState {
  step: number;
  answers: Record<string, string>;
}

/** A press on one of a step's buttons: an option (`choice`: record it and go on) or a move (`go`: `back` / `next`). */
export interface QuizPress {
  choice?: string | undefined;
  go?: string | undefined;
}

/**
 * The state after a press. `steps` are the choice steps; the contact step comes after them. Anything unexpected
 * (an option of another step, an unknown move) keeps the visitor where they are.
 */
export function nextQuizStep(
  steps: ReadonlyArray<{ options: readonly string[] }>,
  { step, answers }: QuizState,
  press: QuizPress,
): QuizState {
  const last = steps.length;
  const options = steps[step]?.options ?? [];
  if (press.choice !== undefined && options.includes(press.choice)) {
    return { step: Math.min(last, step + 1), answers: { ...answers, [String(step)]: press.choice } };
  }
  if (press.go === 'back') return { step: Math.max(0, step - 1), answers };
  if (press.go === 'next') return { step: Math.min(last, step + 1), answers };
  return { step, answers };
}

/** The heading, page title and progress text of a step: "Step 2 of 4". */
export function quizStepLabel(step: number, total: number): string {
  return `Step ${step + 1} of ${total}`;
}

/** The page title with its step's label swapped for `label` (the server writes it first: "Step 1 of 4 · …"). */
export function titleWithStep(title: string, label: string): string {
  return title.replace(/^Step \d+ of \d+/, label);
}
