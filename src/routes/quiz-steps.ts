import { QUIZ_STEPS, QUIZ_STEP_COUNT } from '../words/site';
import type { FormState } from '../shared/lead-rules';
import { nextQuizStep, type QuizState } from '../shared/quiz-flow';

export type { QuizState };

/** The answers a form carried (`answers.0` … `answers.2`), keeping only real options of their own step. */
export function answersFrom(fields: Record<string, string>): Record<string, string> {
  const answers: Record<string, string> = {};
  QUIZ_STEPS.forEach((step, i) => {
    const value = fields[`answers.${i}`];
    if (value !== undefined && (step.options as readonly string[]).includes(value)) answers[String(i)] = value;
  });
  return answers;
}

/**
 * The next screen of the quiz without JavaScript. Each step is a form posting the step, the answers so far,
 * and either the option pressed (`choice`: record it and go on, as a click does in the island) or `go`
 * (`back` / `next`: move without choosing). Anything unexpected keeps the visitor on a valid step.
 */
export function nextQuizState(fields: Record<string, string>): QuizState {
  const step = Math.max(0, Math.min(QUIZ_STEP_COUNT - 1, Number.parseInt(fields.step ?? '0', 10) || 0));
  return nextQuizStep(QUIZ_STEPS, { step, answers: answersFrom(fields) }, fields);
}

/** The quiz's contact step after a refused plain post of the contact form. */
export function quizStateAfter(form: FormState): QuizState {
  return { step: QUIZ_STEP_COUNT - 1, answers: answersFrom(form.values ?? {}) };
}
