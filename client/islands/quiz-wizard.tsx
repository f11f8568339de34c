import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { AnswerFields } from '../components/answer-fields';
import { QuizContact, type QuizContactCopy } from '../components/quiz-contact';
import { AttributionField, ServerAttribution } from '../components/lead-context';
import type { FormState } from '../../src/shared/lead-rules';
import { chosen, progressFill, showStepInTitle, type QuizSteps } from '../lib/quiz-step-view';
import { nextQuizStep, quizStepLabel, type QuizPress, type QuizState } from '../../src/shared/quiz-flow';
import { reportStepsReached } from '../lib/quiz-funnel';

export interface QuizWizardProps {
  steps: QuizSteps;
  contact: QuizContactCopy;
  /**
   * Where the server put the visitor (step, answers so far) and the contact form's state. A tap before this island
   * arrived may have moved the quiz on already: client/quiz-steps.ts then writes the state it reached here, with the
   * attribution the server had written into the form (React renders the island afresh, and the server's markup is gone).
   */
  initial: QuizState & {
    form: FormState;
    attribution?: string;
    /**
     * The furthest step (index) already counted by the server, when the inline script moved the quiz on before this
     * island arrived (absent: `step`, the one the server rendered and counted).
     */
    counted?: number;
    /** The furthest step (index) the inline script reached before this island arrived (absent: `step`). */
    reached?: number;
  };
}

/** Where each step's buttons post without JavaScript: the server renders the next step. */
export const QUIZ_STEP_PATH = '/quiz';

/**
 * The four-step quiz: three choice steps, then the contact form.
 * Choosing an option records it and advances; "Next step" advances without a choice.
 * Each new step's heading takes focus and names the step in the page title.
 * Every step is a plain form (the options, "Back" and "Next step" are its submit buttons, the
 * answers so far its hidden fields), so the quiz works without JavaScript; the island handles
 * the same buttons in place.
 */
export default function QuizWizard({ steps, contact, initial }: QuizWizardProps) {
  const total = steps.length + 1;
  const [{ step, answers }, setState] = useState<QuizState>({ step: initial.step, answers: initial.answers });
  const heading = useRef<HTMLHeadingElement>(null);
  /** Whether the visitor has moved between steps here: the first step shown keeps its place, later ones slide in. */
  const [moved, setMoved] = useState(false);
  const label = quizStepLabel(step, total);
  /** The furthest step (index) counted in the funnel: each step further is told to the server once. */
  const counted = useRef(initial.counted ?? initial.step);

  useEffect(() => {
    counted.current = reportStepsReached(counted.current, Math.max(step, initial.reached ?? step));
  }, [step, initial.reached]);

  useEffect(() => {
    showStepInTitle(label);
    // The first step shown keeps the page's natural focus; later steps move it to their heading.
    if (moved) heading.current?.focus();
  }, [label, moved]);

  const press = (what: QuizPress) => {
    setMoved(true);
    setState((state) => nextQuizStep(steps, state, what));
  };

  const current = steps[step];
  const last = step === total - 1;
  /** Back and Next post the step form without JavaScript; here they move between steps in place. */
  const move = (value: 'back' | 'next', className: string, text: string, disabled = false) => (
    <button
      type="submit"
      name="go"
      value={value}
      className={className}
      disabled={disabled}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        press({ go: value });
      }}
    >
      {text}
    </button>
  );
  const nav = (
    <div className="quiz-nav">
      {move('back', 'btn btn-outline', 'Back', step === 0)}
      {!last && move('next', 'btn btn-ghost', 'Next step')}
    </div>
  );
  const stepFields = (
    <>
      <input type="hidden" name="step" value={step} />
      <AnswerFields answers={answers} />
      <AttributionField />
    </>
  );
  const wizard = (
    <div className={moved ? 'quiz-wizard has-moved' : 'quiz-wizard'}>
      <div
        className="quiz-progress"
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={label}
      >
        <span className={progressFill(step, total)} />
      </div>
      <h1 ref={heading} tabIndex={-1} className="quiz-step-label">
        {label}
      </h1>
      {current ? (
        <form method="post" action={QUIZ_STEP_PATH} className="quiz-step" key={step}>
          {stepFields}
          <h2 id="quiz-question" className="quiz-question">
            {current.title}
          </h2>
          <div className="quiz-options" role="group" aria-labelledby="quiz-question">
            {current.options.map((option) => (
              <button
                key={option}
                type="submit"
                name="choice"
                value={option}
                className="quiz-option"
                aria-pressed={chosen(answers, step) === option}
                onClick={(event: MouseEvent<HTMLButtonElement>) => {
                  event.preventDefault();
                  press({ choice: option });
                }}
              >
                {option}
              </button>
            ))}
          </div>
          {nav}
        </form>
      ) : (
        <>
          <QuizContact key="contact" answers={answers} copy={contact} form={initial.form} />
          <form method="post" action={QUIZ_STEP_PATH}>
            {stepFields}
            {nav}
          </form>
        </>
      )}
    </div>
  );
  // The server's own attribution reaches the form from the page (src/routes/pages.tsx) unless a step moved first.
  if (initial.attribution === undefined) return wizard;
  return <ServerAttribution.Provider value={initial.attribution}>{wizard}</ServerAttribution.Provider>;
}
