import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '../components/field';
import { Honeypot, honeypotValue } from '../components/honeypot';
import { AttributionField, ConsentNotice, type ConsentCopy } from '../components/lead-context';
import { Modal, ModalClose } from '../components/modal';
import { submissionIds, submitLead } from '../lib/submit-lead';
import { LIMITS, EMAIL_PATTERN } from '../../src/shared/lead-rules';

export interface EnquiryModalProps {
  copy: {
    heading: string;
    intro: string;
    submit: string;
    sent: string;
    submitting: string;
    invalidEmail: string;
    failed: string;
    rateLimited: string;
    consent: ConsentCopy;
  };
}

const EMPTY = { name: '', phone: '', email: '', description: '' };
type Values = typeof EMPTY;
const SENT_NOTICE_MS = 6000;

/**
 * The enquiry form in a modal dialog. It opens on a click on any [data-open-enquiry]
 * element (plain server-rendered buttons), through one document-level listener.
 * A failed send keeps the fields and says so: an enquiry is never lost silently.
 */
export default function EnquiryModal({ copy }: EnquiryModalProps) {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const busyRef = useRef(false);
  const ids = useRef(submissionIds());

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-open-enquiry]') : null;
      if (!target) return;
      setSent(false);
      setOpener(target);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const ready = values.name.trim() !== '' && values.phone.trim() !== '' && values.email.trim() !== '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current || !ready) return;
    if (!EMAIL_PATTERN.test(values.email.trim())) {
      setErrors({ email: copy.invalidEmail });
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setProblem('');
    const payload = { ...values, consent: copy.consent.version, website: honeypotValue(event.currentTarget) };
    const result = await submitLead('/api/enquiry', { submissionId: ids.current.idFor(payload), ...payload });
    busyRef.current = false;
    setBusy(false);
    if (result.kind === 'ok') {
      ids.current.reset();
      setValues(EMPTY);
      setErrors({});
      setOpener(null);
      setSent(true);
    } else if (result.kind === 'invalid') {
      setErrors(result.fields);
      setProblem(result.fields.website ? copy.failed : '');
    } else {
      setProblem(result.kind === 'rate-limited' ? copy.rateLimited : copy.failed);
    }
  }

  const close = () => {
    setOpener(null);
    setProblem('');
  };

  return (
    <>
      <Modal open={opener !== null} opener={opener} onClose={close} labelledBy="enquiry-title" className="enquiry">
        <ModalClose label="Close" />
        <h2 id="enquiry-title">{copy.heading}</h2>
        <p className="modal-intro">{copy.intro}</p>
        <form className="form-grid" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field
            id="enquiry-name"
            label="Name"
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={LIMITS.name}
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            data-autofocus=""
          />
          <Field
            id="enquiry-phone"
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={LIMITS.phone}
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <Field
            id="enquiry-email"
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
            id="enquiry-description"
            label="How can I help?"
            name="description"
            multiline
            optional
            rows={4}
            maxLength={LIMITS.description}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
          />
          <Honeypot />
          <ConsentNotice id="enquiry-consent" notice={copy.consent} />
          <AttributionField />
          <p className="form-problem" role="alert">
            {problem}
          </p>
          <button
            type="submit"
            className="btn btn-cta btn-block"
            aria-describedby="enquiry-consent"
            disabled={!ready || busy}
          >
            {busy ? copy.submitting : copy.submit}
          </button>
        </form>
      </Modal>
      <p className={sent ? 'toast is-visible' : 'toast'} role="status">
        {sent ? copy.sent : ''}
      </p>
    </>
  );
}
