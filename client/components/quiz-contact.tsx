import { AnswerFields } from './answer-fields';
import { Field } from './field';
import { LeadForm } from './lead-form';
import { AttributionField, ConsentNotice, type ConsentCopy } from './lead-context';
import { useLeadForm } from '../lib/use-lead-form';
import { LIMITS, checkFields } from '../../src/shared/lead-rules';
import type { FormState } from '../../src/shared/form-state';
import { DONE_PATHS } from '../../src/shared/form-fields';

export interface QuizContactCopy {
  title: string;
  intro: string;
  submit: string;
  submitting: string;
  invalidEmail: string;
  required: string;
  failed: string;
  rateLimited: string;
  labels: { first: string; last: string; email: string; phone: string };
  consent: ConsentCopy;
}

export interface QuizContactProps {
  answers: Record<string, string>;
  copy: QuizContactCopy;
  form: FormState;
}

export const QUIZ_PATH = '/api/quiz';
const CONTACT_FIELDS = ['contact.first', 'contact.last', 'contact.email', 'contact.phone'] as const;

/**
 * Step 4: the contact form. Submitting shows "Submitting…", ignores repeated submits,
 * and returns the visitor to / whatever happened; a failure first says so in an alert.
 * A field the server refused (say, a phone number) keeps the visitor
 * here to correct it rather than lose the lead. Without JavaScript the form posts itself.
 */
export function QuizContact({ answers, copy, form }: QuizContactProps) {
  const { labels } = copy;
  const lead = useLeadForm({
    path: QUIZ_PATH,
    initial: form,
    copy,
    check: (values) =>
      checkFields(
        values,
        { 'contact.first': labels.first, 'contact.last': labels.last, 'contact.email': labels.email },
        'contact.email',
        copy,
      ),
    onAnswer: (result) => {
      const fixable = result.kind === 'invalid' && CONTACT_FIELDS.some((name) => result.fields[name]);
      // A refused field, or too many attempts: nothing was stored, so the visitor stays here with the message.
      if (fixable || result.kind === 'rate-limited') return false;
      if (result.kind !== 'ok') window.alert(copy.failed);
      // Success lands on the recommendation (the address the API gave); a failure on the plain home page.
      window.location.assign(result.kind === 'ok' && result.next ? result.next : DONE_PATHS.quiz);
      return true;
    },
  });
  const values = form.values ?? {};
  const field = (name: (typeof CONTACT_FIELDS)[number]) => ({
    name,
    defaultValue: values[name] ?? '',
    onChange: () => lead.clearError(name),
    error: lead.errors[name],
  });

  return (
    <LeadForm
      action={QUIZ_PATH}
      submissionId={lead.submissionId}
      className="quiz-contact form-grid"
      onSubmit={lead.onSubmit}
      aria-labelledby="quiz-contact-title"
    >
      <AnswerFields answers={answers} />
      <h2 id="quiz-contact-title" className="quiz-question">
        {copy.title}
      </h2>
      <p className="quiz-intro">{copy.intro}</p>
      <div className="form-row">
        <Field
          id="quiz-first"
          label={labels.first}
          type="text"
          autoComplete="given-name"
          required
          maxLength={LIMITS.name}
          {...field('contact.first')}
        />
        <Field
          id="quiz-last"
          label={labels.last}
          type="text"
          autoComplete="family-name"
          required
          maxLength={LIMITS.name}
          {...field('contact.last')}
        />
      </div>
      <Field
        id="quiz-email"
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        {...field('contact.email')}
      />
      <Field
        id="quiz-phone"
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        optional
        maxLength={LIMITS.phone}
        {...field('contact.phone')}
      />
      {lead.problem ? (
        <p className="form-problem" role="alert">
          {lead.problem}
        </p>
      ) : null}
      <ConsentNotice id="quiz-consent" notice={copy.consent} />
      <AttributionField />
      <button
        type="submit"
        className="btn btn-cta btn-block btn-lg"
        aria-describedby="quiz-consent"
        disabled={lead.busy}
      >
        {lead.busy ? copy.submitting : copy.submit}
      </button>
    </LeadForm>
  );
}
