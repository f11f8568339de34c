import { useRef, useState } from 'react';
import { LeadForm } from './lead-form';
import { useLeadForm } from '../lib/use-lead-form';
import { LIMITS, EMAIL_PATTERN, type FormState } from '../../src/shared/lead-rules';
import { AttributionField, ConsentNotice, type ConsentCopy } from './lead-context';

/** What a form that asks for an address alone says. */
export interface EmailFormCopy {
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
}

export interface EmailFormProps {
  /** The lead endpoint the form posts to, as JSON with the island and as a plain post without it. */
  path: string;
  /** The section a plain post comes back at. */
  anchor: string;
  /** The block's own look: the form's class `<look>-form` and its message's `<look>-message`. */
  look: 'newsletter' | 'guide';
  /** Makes the form's ids unique on the page: `<idPrefix>-email`, `-consent` and `-message`. */
  idPrefix: string;
  copy: EmailFormCopy;
  form: FormState;
  /** Sent with the address (a guide's slug); the server's refusal of one is the form's message. */
  hidden?: Record<string, string>;
  /** Empties the field after every attempt, sent or refused (the newsletter's). */
  clearAfterSend?: boolean;
}

/**
 * A form that asks for an address alone (the newsletter's, a guide's): the consent notice, the field and its button
 * on one row, and one message under them: idle → loading → success, or what went wrong. An address failing the
 * loose pattern is never sent, and its message goes once the visitor changes the field. Without the island the form
 * posts itself and the page comes back at `anchor` with the same states.
 */
export function EmailForm({ path, anchor, look, idPrefix, copy, form, hidden = {}, clearAfterSend }: EmailFormProps) {
  const [done, setDone] = useState(Boolean(form.done));
  const input = useRef<HTMLInputElement>(null);
  const lead = useLeadForm({
    path,
    initial: form,
    copy,
    check: (values): Record<string, string> =>
      EMAIL_PATTERN.test((values.email ?? '').trim()) ? {} : { email: copy.invalidEmail },
    onAnswer: (result) => {
      if (result.kind === 'ok') setDone(true);
    },
  });
  const refused = [lead.errors.email, ...Object.keys(hidden).map((name) => lead.errors[name])].find(Boolean);
  const message = done ? copy.success : refused || lead.problem;
  const status = lead.busy ? 'loading' : done ? 'success' : message ? 'error' : 'idle';
  const id = (part: string) => `${idPrefix}-${part}`;
  return (
    <LeadForm
      action={path}
      anchor={anchor}
      submissionId={lead.submissionId}
      className={`email-form ${look}-form`}
      onSubmit={(event) => {
        if (done) {
          event.preventDefault();
          return;
        }
        lead.onSubmit(event);
        if (clearAfterSend && input.current) input.current.value = '';
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ConsentNotice id={id('consent')} notice={copy.consent} />
      <AttributionField />
      <label htmlFor={id('email')} className="visually-hidden">
        {copy.label}
      </label>
      <div className="email-row">
        <input
          ref={input}
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
      <p id={id('message')} className={`${look}-message is-${status}`} role="status">
        {message}
      </p>
    </LeadForm>
  );
}
