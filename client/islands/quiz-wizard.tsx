import { useEffect, useRef, useState } from 'react';
import { QuizContact, type QuizContactProps } from '../components/quiz-contact';

export interface QuizWizardProps {
  steps: ReadonlyArray<{ title: string; options: readonly string[] }>;
  contact: QuizContactProps['copy'];
}

/**
 * The four-step quiz (specification §2, §4): three choice steps, then the contact form.
 * Choosing an option records it and advances; "Next step" advances without a choice.
 * Each new step's heading takes focus and names the step in the page title.
 */
export default function QuizWizard({ steps, contact }: QuizWizardProps) {
  const total = steps.length + 1;
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const furthest = useRef(0);
  const label = `Step ${step + 1} of ${total}`;

  useEffect(() => {
    document.title = document.title.replace(/^Step \d+ of \d+/, label);
    // The first step keeps the page's natural focus; later steps move it to their heading.
    if (moved.current) heading.current?.focus();
  }, [label]);

  const go = (next: number) => {
    moved.current = true;
    const target = Math.max(0, Math.min(total - 1, next));
    if (target > furthest.current) {
      furthest.current = target;
      countStep(target + 1);
    }
    setStep(target);
  };

  const choose = (option: string) => {
    setAnswers((a) => ({ ...a, [String(step)]: option }));
    go(step + 1);
  };

  const current = steps[step];
  const last = step === total - 1;
  return (
    <div className="quiz-wizard">
      <div
        className="quiz-progress"
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={step + 1}
        aria-valuetext={label}
      >
        <span className={`quiz-progress-fill is-${step + 1}-of-${total}`} />
      </div>
      <h1 ref={heading} tabIndex={-1} className="quiz-step-label">
        {label}
      </h1>
      {current ? (
        <div className="quiz-step" key={step}>
          <h2 id="quiz-question" className="quiz-question">
            {current.title}
          </h2>
          <div className="quiz-options" role="group" aria-labelledby="quiz-question">
            {current.options.map((option) => (
              <button
                key={option}
                type="button"
                className="quiz-option"
                aria-pressed={answers[String(step)] === option}
                onClick={() => choose(option)}
              >
                {option}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <QuizContact key="contact" answers={answers} copy={contact} />
      )}
      <div className="quiz-nav">
        <button type="button" className="btn btn-outline" onClick={() => go(step - 1)} disabled={step === 0}>
          Back
        </button>
        {!last && (
          <button type="button" className="btn btn-ghost" onClick={() => go(step + 1)}>
            Next step
          </button>
        )}
      </div>
    </div>
  );
}

/** Tells the site's daily funnel counter that a step was reached (no identifier is sent; failures are ignored). */
function countStep(step: number): void {
  void fetch('/api/funnel', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ step }),
    keepalive: true,
  }).catch(() => undefined);
}
