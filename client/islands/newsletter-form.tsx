import { useRef, useState, type FormEvent } from 'react';
import { Honeypot, honeypotValue } from '../components/honeypot';
import { AttributionField, ConsentNotice, type ConsentCopy } from '../components/lead-context';
import { submissionIds, submitLead } from '../lib/submit-lead';
import { LIMITS, EMAIL_PATTERN } from '../../src/shared/lead-rules';

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
}

type Status = 'idle' | 'loading' | 'success' | 'error';

/**
 * The newsletter signup: idle → loading → success or error (specification §4).
 * The field is cleared after every attempt; an email failing the loose pattern is never sent.
 */
export default function NewsletterForm({ copy }: NewsletterFormProps) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const busy = useRef(false);
  const ids = useRef(submissionIds());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current || status === 'success') return;
    const value = email.trim();
    setEmail('');
    if (!EMAIL_PATTERN.test(value)) {
      setStatus('error');
      setMessage(copy.invalidEmail);
      return;
    }
    busy.current = true;
    setStatus('loading');
    setMessage('');
    const payload = { email: value, consent: copy.consent.version, website: honeypotValue(event.currentTarget) };
    const result = await submitLead('/api/newsletter', { submissionId: ids.current.idFor(payload), ...payload });
    busy.current = false;
    if (result.kind === 'ok') {
      setStatus('success');
      setMessage(copy.success);
    } else {
      setStatus('error');
      if (result.kind === 'rate-limited') setMessage(copy.rateLimited);
      else if (result.kind === 'invalid' && result.fields.email) setMessage(result.fields.email);
      else setMessage(copy.failed);
    }
  }

  const label = status === 'loading' ? copy.submitting : status === 'success' ? copy.done : copy.submit;
  return (
    <form className="newsletter-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <ConsentNotice id="newsletter-consent" notice={copy.consent} />
      <AttributionField />
      <div className="newsletter-row">
        <label htmlFor="newsletter-email" className="visually-hidden">
          {copy.label}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={copy.placeholder}
          maxLength={LIMITS.email}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={status === 'error' ? true : undefined}
          aria-describedby="newsletter-message"
        />
        <button
          type="submit"
          className="btn btn-gold"
          aria-describedby="newsletter-consent"
          disabled={status === 'loading' || status === 'success'}
        >
          {label}
        </button>
      </div>
      <Honeypot />
      <p id="newsletter-message" className={`newsletter-message is-${status}`} role="status">
        {message}
      </p>
    </form>
  );
}
