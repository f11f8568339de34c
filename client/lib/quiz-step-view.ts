import { quizStepLabel, titleWithStep, type QuizState } from '../../src/shared/quiz-flow';

/** The quiz's choice steps, as the island's props carry them (the contact step comes after them). */
export type QuizSteps = ReadonlyArray<{ title: string; options: readonly string[] }>;

/** The hidden fields `answers.0` … (name, value) that every quiz form carries along: the answers chosen so far. */
export function answerFields(answers: Record<string, string>): Array<[name: string, value: string]> {
  return Object.entries(answers).map(([step, option]) => [`answers.${step}`, option]);
}

/**
 * What the quiz shows at a step, worked out in one place for its two renderers: the island
 * (client/islands/quiz-wizard.tsx), and the page's inline script, which writes it into the server's markup of a
 * choice step when a tap comes before the island's code (client/quiz-steps.ts).
 */
export function quizStepView(steps: QuizSteps, { step, answers }: QuizState) {
  const total = steps.length + 1;
  return {
    /** "Step 2 of 4": the heading, the progress bar's text and the start of the page title. */
    label: quizStepLabel(step, total),
    /** The progress bar's value (from 1) and maximum, and the class that sizes its fill. */
    now: step + 1,
    total,
    fill: `quiz-progress-fill is-${step + 1}-of-${total}`,
    /** The choice step's question and options; none at the contact step. */
    current: steps[step],
    /** Whether `option` is the one chosen on this step (its button is pressed). */
    pressed: (option: string) => answers[String(step)] === option,
    /** The first step: "Back" is disabled. */
    first: step === 0,
  };
}

/** Names the step shown at the start of the page title ("Step 2 of 4 · …"). */
export function showStepInTitle(label: string): void {
  document.title = titleWithStep(document.title, label);
}
