/**
 * The quiz's choice steps before the islands' code has arrived: part of the page's inline script (client/boot.ts).
 * Until then a tap on an option, "Back" or "Next step" would post the step's form and wait for the next page (about
 * half a second on a slow phone). Here the tap moves the quiz in place at once, by the rule the island and the
 * server follow (src/shared/quiz-flow.ts), editing the server's markup of the step as the island would render it:
 * the progress bar, the heading (which takes focus) and the page title, the step's question, options and hidden
 * fields, and "Back".
 *
 * The form still posts itself where this script stops: a move to the contact step (its form is the island's own),
 * and any press once the island's React root has started (`data-react` on the marker: React answers it then).
 * The state reached (and the attribution the server wrote into the form) goes into the island's props and the marker
 * gets `data-moved`, so the entry renders the island afresh from them rather than hydrating markup that no longer
 * matches the server's (client/entry.tsx).
 */
import { nextQuizStep, quizStepLabel, type QuizState } from '../src/shared/quiz-flow';
import type { QuizWizardProps } from './islands/quiz-wizard';
import { closestTo } from './lib/event-target';
import { MOVED_BEFORE_REACT, REACT_STARTED } from './lib/island-markers';
import { answerFields, chosen, progressFill, showStepInTitle } from './lib/quiz-step-view';

/** What this script reads and writes of the island's props. */
type WizardProps = Pick<QuizWizardProps, 'steps' | 'initial'>;

function hiddenField([name, value]: [string, string]): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = name;
  input.value = value;
  return input;
}

/** Shows choice step `step` in the wizard's markup; false (and nothing changed) when the markup is not as expected. */
function show(
  island: HTMLElement,
  form: HTMLFormElement,
  { steps }: WizardProps,
  { step, answers }: QuizState,
): boolean {
  const current = steps[step];
  const heading = island.querySelector<HTMLElement>('.quiz-step-label');
  const question = form.querySelector('.quiz-question');
  const options = form.querySelector('.quiz-options');
  const template = options?.querySelector('button');
  const stepField = form.querySelector<HTMLInputElement>('input[name="step"]');
  if (!current || !heading || !question || !options || !template || !stepField) return false;
  const total = steps.length + 1;
  const label = quizStepLabel(step, total);

  const progress = island.querySelector('[role="progressbar"]');
  progress?.setAttribute('aria-valuenow', String(step + 1));
  progress?.setAttribute('aria-valuetext', label);
  const bar = progress?.querySelector('.quiz-progress-fill');
  if (bar) bar.className = progressFill(step, total);

  stepField.value = String(step);
  for (const field of Array.from(form.querySelectorAll('input[name^="answers."]'))) field.remove();
  stepField.after(...answerFields(answers).map(hiddenField));
  question.textContent = current.title;
  options.replaceChildren(
    ...current.options.map((option) => {
      const button = template.cloneNode() as HTMLButtonElement;
      button.value = option;
      button.textContent = option;
      button.setAttribute('aria-pressed', String(chosen(answers, step) === option));
      return button;
    }),
  );
  const back = form.querySelector<HTMLButtonElement>('button[name="go"][value="back"]');
  if (back) back.disabled = step === 0;

  heading.textContent = label;
  showStepInTitle(label);
  heading.focus();
  return true;
}

export function startQuiz(): void {
  const island = document.querySelector<HTMLElement>('[data-island="QuizWizard"]');
  if (!island) return;
  island.addEventListener('click', (event) => {
    if (island.hasAttribute(REACT_STARTED)) return;
    const button = closestTo<HTMLButtonElement>(event, 'button');
    const form = button?.closest('form.quiz-step');
    if (!button || !(form instanceof HTMLFormElement) || button.disabled) return;
    const props = JSON.parse(island.dataset.props ?? '{}') as WizardProps;
    const press = button.name === 'choice' ? { choice: button.value } : { go: button.value };
    const next = nextQuizStep(props.steps, props.initial, press);
    // The contact step is the island's form: the press posts, and the server shows it.
    if (next.step >= props.steps.length || next.step === props.initial.step) return;
    if (!show(island, form, props, next)) return;
    event.preventDefault();
    // React renders the island afresh from these: the step reached, and the attribution the server wrote into the form.
    const attribution = form.querySelector<HTMLInputElement>('input[name="attribution"]')?.value || undefined;
    // The island tells the funnel the steps reached here: the server counted only the step it rendered.
    const { counted = props.initial.step, reached = props.initial.step } = props.initial;
    const funnel = { counted, reached: Math.max(reached, next.step) };
    island.dataset.props = JSON.stringify({ ...props, initial: { ...props.initial, ...next, attribution, ...funnel } });
    island.setAttribute(MOVED_BEFORE_REACT, '');
  });
}
