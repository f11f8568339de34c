import { titleWithStep } from '../../src/shared/quiz-flow';

/** The quiz's choice steps, as the island's props carry them (the contact step comes after them). */
export type QuizSteps = ReadonlyArray<{ title: string; options: readonly string[] }>;

/*
 * What a quiz step shows, stated once for its two renderers: the island (client/islands/quiz-wizard.tsx), and the
 * page's inline script, which writes a choice step into the server's markup when a tap comes before the island's
 * code (client/quiz-steps.ts). The heading's text is quizStepLabel (src/shared/quiz-flow.ts).
 */

/** The class that sizes the progress bar's fill at step `step` (from 0) of `total`. */
export function progressFill(step: number, total: number): string {
  return `quiz-progress-fill is-${step + 1}-of-${total}`;
}

/** The option chosen on `step` so far, if any: its button is pressed. */
export function chosen(answers: Record<string, string>, step: number): string | undefined {
  return answers[String(step)];
}

/** The hidden fields `answers.0` … (name, value) that every quiz form carries along: the answers chosen so far. */
export function answerFields(answers: Record<string, string>): Array<[name: string, value: string]> {
  return Object.entries(answers).map(([step, option]) => [`answers.${step}`, option]);
}

/** Names the step shown at the start of the page title ("Step 2 of 4 · …"). */
export function showStepInTitle(label: string): void {
  document.title = titleWithStep(document.title, label);
}
