import { useEffect, useState } from 'react';
import { Field, INPUTS } from '../components/field';
import { LeadForm, SendButton } from '../components/lead-form';
import { Modal, ModalClose } from '../components/modal';
import { useLeadForm } from '../lib/use-lead-form';
import { LIMITS, checkFields, type FormState } from '../../src/shared/lead-rules';
import { AttributionField, ConsentNotice, type ConsentCopy } from '../components/lead-context';
import { bookingLink, type BookingLinkProvider } from '../../src/shared/booking';

export interface EnquiryModalProps {
  copy: {
    heading: string;
    intro: string;
    submit: string;
    sent: string;
    submitting: string;
    invalidEmail: string;
    required: string;
    failed: string;
    rateLimited: string;
    close: string;
    labels: { name: string; phone: string; email: string; description: string };
    consent: ConsentCopy;
  };
  form: FormState;
  /** The booking page (BOOKING_URL) and its tool (BOOKING_PROVIDER), when set: the thank-you offers a call. */
  booking?: { url: string; provider?: BookingLinkProvider; copy: { sooner: string; book: string; dismiss: string } };
}

/** The id of the enquiry dialog: "Start a Conversation" links here, so the form is reachable without JavaScript. */
export const ENQUIRY_ANCHOR = 'contact';
export const ENQUIRY_PATH = '/api/enquiry';
const REQUIRED = ['name', 'phone', 'email'] as const;
const SENT_NOTICE_MS = 6000;

/**
 * The enquiry form in a modal dialog. It opens on a click on any [data-open-enquiry]
 * element (links to #contact rendered by the server), through one document-level listener.
 * Without JavaScript the same form shows in the page when #contact is the target, and posts itself;
 * a refused post comes back shown in the page with its messages. A failed send keeps the fields
 * and says so: an enquiry is never lost silently.
 */
export default function EnquiryModal({ copy, form, booking }: EnquiryModalProps) {
  /** Open as a modal, and the element focus returns to (none when it opened from the #contact address). */
  const [opened, setOpened] = useState<{ by: HTMLElement | null } | null>(null);
  const [inline, setInline] = useState(Boolean(form.problem || Object.keys(form.errors ?? {}).length));
  const [sent, setSent] = useState(Boolean(form.done));
  /** The sent enquiry's booking reference, held in memory only (the post without JavaScript has none). */
  const [bookingRef, setBookingRef] = useState<string | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [values, setValues] = useState(form.values ?? {});
  const required = Object.fromEntries(REQUIRED.map((name) => [name, copy.labels[name]]));

  const lead = useLeadForm({
    path: ENQUIRY_PATH,
    initial: form,
    copy,
    check: (v) => checkFields(v, required, 'email', copy),
    onAnswer: (result) => {
      if (result.kind !== 'ok') return false;
      lead.reset();
      setValues({});
      setFormKey((k) => k + 1);
      setOpened(null);
      setInline(false);
      setBookingRef(result.bookingRef);
      setSent(true);
      return true;
    },
  });

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-open-enquiry]') : null;
      if (!target) return;
      event.preventDefault();
      setSent(false);
      setInline(false);
      setOpened({ by: target });
    };
    document.addEventListener('click', onClick);
    // After hydration, from the page as the browser has it (the address, fields typed before hydrating).
    const showsRefusedPost = inline;
    const frame = window.requestAnimationFrame(() => {
      // Arrived at /#contact with scripts running: open the dialog, and drop the fragment that shows the plain form.
      if (window.location.hash === `#${ENQUIRY_ANCHOR}`) {
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
        if (!showsRefusedPost) setOpened({ by: null });
      }
    });
    return () => {
      document.removeEventListener('click', onClick);
      window.cancelAnimationFrame(frame);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration: `inline` is the server's state
  }, []);

  // A thank-you that offers a call stays until it is dismissed: a link must not vanish while someone reaches for it.
  useEffect(() => {
    if (!sent || booking) return;
    const timer = window.setTimeout(() => setSent(false), SENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [sent, booking]);

  const close = () => {
    setOpened(null);
    setInline(false);
    lead.setProblem('');
  };
  const field = (name: string) => lead.field(name, values);

  return (
    <>
      <Modal
        id={ENQUIRY_ANCHOR}
        open={opened !== null}
        inline={inline}
        opener={opened?.by}
        onClose={close}
        labelledBy="enquiry-title"
        className="enquiry"
      >
        <ModalClose label={copy.close} onClose={close} />
        <h2 id="enquiry-title">{copy.heading}</h2>
        <p className="modal-intro">{copy.intro}</p>
        <LeadForm
          key={formKey}
          action={ENQUIRY_PATH}
          anchor={ENQUIRY_ANCHOR}
          submissionId={lead.submissionId}
          className="form-grid"
          // The send button is always enabled: a press with a field missing says so by that field and sends nothing.
          onSubmit={lead.onSubmit}
        >
          <Field
            id="enquiry-name"
            label={copy.labels.name}
            required
            {...INPUTS.name}
            {...field('name')}
            data-autofocus=""
          />
          <Field id="enquiry-phone" label={copy.labels.phone} required {...INPUTS.phone} {...field('phone')} />
          <Field id="enquiry-email" label={copy.labels.email} required {...INPUTS.email} {...field('email')} />
          <Field
            id="enquiry-description"
            label={copy.labels.description}
            multiline
            optional
            rows={4}
            maxLength={LIMITS.description}
            {...field('description')}
          />
          <ConsentNotice id="enquiry-consent" notice={copy.consent} />
          <AttributionField />
          <p className="form-problem" role="alert">
            {lead.problem}
          </p>
          <SendButton busy={lead.busy} notice="enquiry-consent" className="btn btn-cta btn-block" copy={copy} />
        </LeadForm>
      </Modal>
      <p className={sent ? `toast is-visible${booking ? ' toast-lasting' : ''}` : 'toast'} role="status">
        {sent ? copy.sent : ''}
        {sent && booking ? (
          <>
            {' '}
            {booking.copy.sooner}{' '}
            <a
              className="toast-link"
              href={bookingLink(
                booking.url,
                undefined,
                booking.provider && bookingRef ? { provider: booking.provider, ref: bookingRef } : undefined,
              )}
            >
              {booking.copy.book}
            </a>
            <button
              type="button"
              className="toast-close"
              aria-label={booking.copy.dismiss}
              onClick={() => setSent(false)}
            >
              ×
            </button>
          </>
        ) : null}
      </p>
    </>
  );
}
