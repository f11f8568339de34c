import { QUIZ_STEPS, QUIZ_STEP_COUNT } from '../content/site';
import type { FormState } from '../shared/lead-rules';

/** Where a visitor is in the quiz: the step shown (0–3) and the options chosen so far, by step. */
export interface QuizState {
  step: number;
  answers: Record<string, string>;
}

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
  const last = QUIZ_STEP_COUNT - 1;
  const step = Math.max(0, Math.min(last, Number.parseInt(fields.step ?? '0', 10) || 0));
  const answers = answersFrom(fields);
  const options: readonly string[] = QUIZ_STEPS[step]?.options ?? [];
  if (fields.choice !== undefined && options.includes(fields.choice)) {
    answers[String(step)] = fields.choice;
    return { step: Math.min(last, step + 1), answers };
  }
  if (fields.go === 'back') return { step: Math.max(0, step - 1), answers };
  if (fields.go === 'next') return { step: Math.min(last, step + 1), answers };
  return { step, answers };
}

/** The quiz's contact step after a refused plain post of the contact form. */
export function quizStateAfter(form: FormState): QuizState {
  return { step: QUIZ_STEP_COUNT - 1, answers: answersFrom(form.values ?? {}) };
}
