import { AnswerFields } from './answer-fields';
import { Field, INPUTS } from './field';
import { LeadForm, SendButton } from './lead-form';
import { AttributionField, ConsentNotice, type ConsentCopy } from './lead-context';
import { OptIn, type OptInCopy } from './opt-in';
import { keepBookingRef } from '../lib/booking-ref';
import { useLeadForm } from '../lib/use-lead-form';
import { checkFields, type FormState, DONE_PATHS } from '../../src/shared/lead-rules';

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
  /** The unticked "Also send me the newsletter" and its own notice. */
  newsletter: OptInCopy;
}

export interface QuizContactProps {
  answers: Record<string, string>;
  copy: QuizContactCopy;
  form: FormState;
}

export const QUIZ_PATH = '/api/quiz';
const CONTACT_FIELDS = ['contact.first', 'contact.last', 'contact.email', 'contact.phone'] as const;
/** The newsletter box's field: its value is the version of the box's notice. */
const NEWSLETTER_FIELD = 'newsletter';

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
      const fixable =
        result.kind === 'invalid' && [...CONTACT_FIELDS, NEWSLETTER_FIELD].some((name) => result.fields[name]);
      // A refused field, too many attempts or an id sent before with other details: nothing was stored, so the
      // visitor stays here with the message.
      if (fixable || result.kind === 'rate-limited' || result.kind === 'conflict') return false;
      if (result.kind !== 'ok') window.alert(copy.failed);
      // The result page's "Book a call" takes the reference from the tab's storage, not from its address.
      else keepBookingRef(result.bookingRef);
      // Success lands on the recommendation (the address the API gave); a failure on the plain home page.
      window.location.assign(result.kind === 'ok' && result.next ? result.next : DONE_PATHS.quiz);
      return true;
    },
  });
  const values = form.values ?? {};
  const field = (name: (typeof CONTACT_FIELDS)[number]) => lead.field(name, values);

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
        <Field id="quiz-first" label={labels.first} required {...INPUTS.first} {...field('contact.first')} />
        <Field id="quiz-last" label={labels.last} required {...INPUTS.last} {...field('contact.last')} />
      </div>
      <Field id="quiz-email" label={labels.email} required {...INPUTS.email} {...field('contact.email')} />
      <Field id="quiz-phone" label={labels.phone} optional {...INPUTS.phone} {...field('contact.phone')} />
      <OptIn
        id="quiz-newsletter"
        name={NEWSLETTER_FIELD}
        copy={copy.newsletter}
        checked={values[NEWSLETTER_FIELD] === copy.newsletter.version}
        error={lead.errors[NEWSLETTER_FIELD]}
        onChange={() => lead.clearError(NEWSLETTER_FIELD)}
      />
      {lead.problem ? (
        <p className="form-problem" role="alert">
          {lead.problem}
        </p>
      ) : null}
      <ConsentNotice id="quiz-consent" notice={copy.consent} />
      <AttributionField />
      <SendButton busy={lead.busy} notice="quiz-consent" className="btn btn-cta btn-block btn-lg" copy={copy} />
    </LeadForm>
  );
}
