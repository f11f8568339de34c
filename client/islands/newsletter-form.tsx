import { useRef, useState } from 'react';
import { LeadForm } from '../components/lead-form';
import { useLeadForm } from '../lib/use-lead-form';
import { LIMITS, EMAIL_PATTERN, type FormState } from '../../src/shared/lead-rules';
import { AttributionField, ConsentNotice, type ConsentCopy } from '../components/lead-context';

export interface NewsletterFormProps {
  copy: {
    label: string;
    placeholder: string;
    submit: string;
    done: string;
    success: string;
    submitting: string;
    invalidEmail: string;
    failed: string;
    rateLimited: string;
    consent: ConsentCopy;
  };
  form: FormState;
}

export const NEWSLETTER_PATH = '/api/newsletter';

/**
 * The newsletter signup: idle → loading → success or error. With the island, the field
 * is cleared after every attempt and an email failing the loose pattern is never sent. Without it, the form
 * posts itself: a refused address comes back in the field with its message, an accepted one shows the thank-you.
 */
export default function NewsletterForm({ copy, form }: NewsletterFormProps) {
  const [done, setDone] = useState(Boolean(form.done));
  const input = useRef<HTMLInputElement>(null);
  const lead = useLeadForm({
    path: NEWSLETTER_PATH,
    initial: form,
    copy,
    check: (values): Record<string, string> =>
      EMAIL_PATTERN.test((values.email ?? '').trim()) ? {} : { email: copy.invalidEmail },
    onAnswer: (result) => {
      if (result.kind === 'ok') setDone(true);
    },
  });
  const clear = () => {
    if (input.current) input.current.value = '';
  };

  const message = done ? copy.success : lead.errors.email || lead.problem;
  const status = lead.busy ? 'loading' : done ? 'success' : message ? 'error' : 'idle';
  const label = lead.busy ? copy.submitting : done ? copy.done : copy.submit;
  return (
    <LeadForm
      action={NEWSLETTER_PATH}
      anchor="newsletter"
      submissionId={lead.submissionId}
      className="newsletter-form"
      onSubmit={(event) => {
        if (done) {
          event.preventDefault();
          return;
        }
        lead.onSubmit(event);
        clear();
      }}
    >
      <ConsentNotice id="newsletter-consent" notice={copy.consent} />
      <AttributionField />
      <div className="newsletter-row">
        <label htmlFor="newsletter-email" className="visually-hidden">
          {copy.label}
        </label>
        <input
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={copy.placeholder}
          maxLength={LIMITS.email}
          defaultValue={form.values?.email ?? ''}
          aria-invalid={status === 'error' ? true : undefined}
          aria-describedby="newsletter-message"
        />
        <button
          type="submit"
          className="btn btn-gold"
          aria-describedby="newsletter-consent"
          disabled={lead.busy || done}
        >
          {label}
        </button>
      </div>
      <p id="newsletter-message" className={`newsletter-message is-${status}`} role="status">
        {message}
      </p>
    </LeadForm>
  );
}
