import { useState } from 'react';
import { LeadForm } from '../components/lead-form';
import { useLeadForm } from '../lib/use-lead-form';
import { LIMITS, EMAIL_PATTERN, type FormState } from '../../src/shared/lead-rules';
import { AttributionField, ConsentNotice, type ConsentCopy } from '../components/lead-context';

export interface GuideFormProps {
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
  /** The guide asked for: its slug travels in the hidden `guide` field. */
  guide: string;
  /** Makes the form's ids unique on the page (the same guide is offered in its section and after the quiz). */
  idPrefix: string;
  form: FormState;
}

export const GUIDE_PATH = '/api/guide';

/**
 * One guide's request form: idle → loading → "Check your inbox", or a message by the email field. Without the
 * island the form posts itself and the page comes back at the guides' section with the same states.
 */
export default function GuideForm({ copy, guide, idPrefix, form }: GuideFormProps) {
  const [done, setDone] = useState(Boolean(form.done));
  const lead = useLeadForm({
    path: GUIDE_PATH,
    initial: form,
    copy,
    check: (values): Record<string, string> =>
      EMAIL_PATTERN.test((values.email ?? '').trim()) ? {} : { email: copy.invalidEmail },
    onAnswer: (result) => {
      if (result.kind === 'ok') setDone(true);
    },
  });
  const message = done ? copy.success : lead.errors.email || lead.errors.guide || lead.problem;
  const status = lead.busy ? 'loading' : done ? 'success' : message ? 'error' : 'idle';
  const id = (part: string) => `${idPrefix}-${part}`;
  return (
    <LeadForm
      action={GUIDE_PATH}
      anchor="guides"
      submissionId={lead.submissionId}
      className="guide-form"
      onSubmit={(event) => {
        if (done) event.preventDefault();
        else lead.onSubmit(event);
      }}
    >
      <input type="hidden" name="guide" value={guide} />
      <ConsentNotice id={id('consent')} notice={copy.consent} />
      <AttributionField />
      <label htmlFor={id('email')} className="visually-hidden">
        {copy.label}
      </label>
      <div className="guide-row">
        <input
          id={id('email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={copy.placeholder}
          maxLength={LIMITS.email}
          defaultValue={form.values?.email ?? ''}
          onChange={() => lead.clearError('email')}
          aria-invalid={status === 'error' && Boolean(lead.errors.email) ? true : undefined}
          aria-describedby={id('message')}
        />
        <button type="submit" className="btn btn-gold" aria-describedby={id('consent')} disabled={lead.busy || done}>
          {lead.busy ? copy.submitting : done ? copy.done : copy.submit}
        </button>
      </div>
      <p id={id('message')} className={`guide-message is-${status}`} role="status">
        {message}
      </p>
    </LeadForm>
  );
}
