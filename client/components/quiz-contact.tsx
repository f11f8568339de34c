import { useRef, useState, type FormEvent } from 'react';
import { LIMITS, EMAIL_PATTERN } from '../../src/shared/lead-rules';
import { submitLead, submissionIds } from '../lib/submit-lead';
import { Field } from './field';
import { Honeypot, honeypotValue } from './honeypot';
import { AttributionField, ConsentNotice, type ConsentCopy } from './lead-context';

export interface QuizContactProps {
  answers: Record<string, string>;
  copy: {
    title: string;
    intro: string;
    submit: string;
    submitting: string;
    invalidEmail: string;
    failed: string;
    rateLimited: string;
    consent: ConsentCopy;
  };
}

const EMPTY = { first: '', last: '', email: '', phone: '' };
type Contact = typeof EMPTY;

/** What the API would refuse, checked before sending, so the one chance to submit is not wasted. */
function check(c: Contact, invalidEmail: string): Partial<Contact> {
  const errors: Partial<Contact> = {};
  if (!c.first.trim()) errors.first = 'First name is required.';
  if (!c.last.trim()) errors.last = 'Last name is required.';
  if (!c.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL_PATTERN.test(c.email.trim())) errors.email = invalidEmail;
  return errors;
}

/** The API's field errors for the contact fields ("contact.phone" → phone), or null if none is about them. */
function contactErrors(fields: Record<string, string>): Partial<Contact> | null {
  const errors: Partial<Contact> = {};
  for (const key of Object.keys(EMPTY) as (keyof Contact)[]) {
    const message = fields[`contact.${key}`];
    if (message) errors[key] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * Step 4: the contact form. Submitting shows "Submitting…", ignores repeated submits,
 * and returns the visitor to / whatever happened; a failure first says so in an alert
 * (specification §8).
 */
export function QuizContact({ answers, copy }: QuizContactProps) {
  const [values, setValues] = useState<Contact>(EMPTY);
  const [errors, setErrors] = useState<Partial<Contact>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const busyRef = useRef(false);
  const ids = useRef(submissionIds());

  const set = (key: keyof Contact) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const form = event.currentTarget;
    const found = check(values, copy.invalidEmail);
    const firstInvalid = (Object.keys(EMPTY) as (keyof Contact)[]).find((k) => found[k]);
    if (firstInvalid) {
      setErrors(found);
      form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setProblem('');
    const body = { answers, contact: values, consent: copy.consent.version, website: honeypotValue(form) };
    const result = await submitLead('/api/quiz', { submissionId: ids.current.idFor(body), ...body });
    const fixable = result.kind === 'invalid' ? contactErrors(result.fields) : null;
    if (fixable) {
      // The visitor can correct a refused field (say, a phone number): keep them here rather than lose the lead.
      busyRef.current = false;
      setBusy(false);
      setErrors(fixable);
      return;
    }
    if (result.kind === 'rate-limited') {
      // Nothing was stored: keep the answers here with the forms' own message, so a retry in a minute keeps the lead.
      busyRef.current = false;
      setBusy(false);
      setProblem(copy.rateLimited);
      return;
    }
    if (result.kind !== 'ok') window.alert(copy.failed);
    // Success lands on the recommendation (the address the API gave); a failure on the plain home page.
    window.location.assign(result.kind === 'ok' && result.next ? result.next : '/');
  }

  return (
    <form
      className="quiz-contact form-grid"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="quiz-contact-title"
    >
      <h2 id="quiz-contact-title" className="quiz-question">
        {copy.title}
      </h2>
      <p className="quiz-intro">{copy.intro}</p>
      <div className="form-row">
        <Field
          id="quiz-first"
          label="First name"
          name="first"
          type="text"
          autoComplete="given-name"
          required
          maxLength={LIMITS.name}
          value={values.first}
          onChange={set('first')}
          error={errors.first}
        />
        <Field
          id="quiz-last"
          label="Last name"
          name="last"
          type="text"
          autoComplete="family-name"
          required
          maxLength={LIMITS.name}
          value={values.last}
          onChange={set('last')}
          error={errors.last}
        />
      </div>
      <Field
        id="quiz-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={LIMITS.email}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        id="quiz-phone"
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        optional
        maxLength={LIMITS.phone}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <Honeypot />
      <p className="form-problem" role="alert">
        {problem}
      </p>
      <ConsentNotice id="quiz-consent" notice={copy.consent} />
      <AttributionField />
      <button type="submit" className="btn btn-cta btn-block btn-lg" aria-describedby="quiz-consent" disabled={busy}>
        {busy ? copy.submitting : copy.submit}
      </button>
    </form>
  );
}
