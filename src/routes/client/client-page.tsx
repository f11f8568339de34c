import type { ReactNode } from 'react';
import { TextPage } from '../../../client/pages/text-page';
import { EnquiryButton } from '../../../client/sections/enquiry-button';
import { clientPageWords as words } from '../../words/clients/client-page';
import type { BookingOffer, ClientView } from './client-view';

/** The path a client's acceptance of the terms posts to, under the page's own address. */
export const termsAction = (path: string) => `${path}/terms`;

/** The terms form's state after a refused post: the message beside the box. */
export interface TermsForm {
  error?: string;
}

/**
 * The client's private page: a greeting, the package (sessions used and left, the next call, valid until), the
 * terms to accept once, and "Book next session" or why not. Server HTML only: every part works without JavaScript.
 */
export function ClientPage({
  view,
  year,
  termsForm = {},
  testimonial,
}: {
  view: ClientView;
  year: number;
  termsForm?: TermsForm;
  /** The testimonial section (src/routes/client/testimonial-section.tsx), when the page has one to show. */
  testimonial?: ReactNode;
}) {
  return (
    <TextPage name="client-page" year={year} backHome={words.backHome}>
      <h1>{words.greeting(view.first)}</h1>
      <p>{words.intro(view.programTitle)}</p>
      <Package view={view} />
      {view.terms && <Terms terms={view.terms} path={view.path} form={termsForm} />}
      <section aria-labelledby="client-book">
        <h2 id="client-book">{words.book.heading}</h2>
        <Booking offer={view.booking} validUntil={view.validUntil} />
        {view.renew && (
          <p className="client-renew">
            {words.renew.text} <EnquiryButton label={words.renew.link} className="link-button" />
          </p>
        )}
      </section>
      {/* The testimonial section goes here: the request an owner sent, the form, a withdrawal. */}
      {testimonial}
    </TextPage>
  );
}

function Package({ view }: { view: ClientView }) {
  const f = words.facts;
  return (
    <section aria-label={f.label}>
      <dl className="client-facts">
        <Fact label={f.program}>{view.programTitle}</Fact>
        <Fact label={f.used}>
          {view.used} / {view.sessions}
        </Fact>
        <Fact label={f.left}>{view.left}</Fact>
        <Fact label={f.next}>{view.next ? f.indiaTime(view.next) : f.noNext}</Fact>
        <Fact label={f.validUntil}>{view.validUntil}</Fact>
      </dl>
      {view.upcoming > 1 && <p className="client-note">{f.upcoming(view.upcoming)}</p>}
    </section>
  );
}

/** One fact of the package: what it is, then its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Terms({ terms, path, form }: { terms: NonNullable<ClientView['terms']>; path: string; form: TermsForm }) {
  const t = words.terms;
  return (
    <section aria-labelledby="client-terms">
      <h2 id="client-terms">{t.heading}</h2>
      {!terms.acceptedOn && <p>{t.intro}</p>}
      <div className="client-terms-text">
        {terms.text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {terms.acceptedOn ? (
        <p role="status" className="client-accepted">
          {t.accepted(terms.acceptedOn)}
        </p>
      ) : (
        <form method="post" action={termsAction(path)} className="client-terms-form">
          {/* The hash of the text above: an acceptance counts only for the exact words this page showed. */}
          <input type="hidden" name="terms" value={terms.hash} />
          <div className={form.error ? 'opt-in has-error' : 'opt-in'}>
            <input
              type="checkbox"
              id="client-accept"
              name="accept"
              value="yes"
              aria-describedby={form.error ? 'client-accept-error' : undefined}
              aria-invalid={form.error ? true : undefined}
            />
            <label htmlFor="client-accept">{t.box}</label>
            {form.error && (
              <p className="field-error" id="client-accept-error">
                {form.error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-cta">
            {t.button}
          </button>
        </form>
      )}
    </section>
  );
}

function Booking({ offer, validUntil }: { offer: BookingOffer; validUntil: string }) {
  const b = words.book;
  switch (offer.state) {
    case 'open':
      return (
        <>
          <p>
            <a
              href={offer.href}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-cta"
              aria-describedby="client-book-note"
            >
              {b.button}
            </a>
          </p>
          <p className="client-note" id="client-book-note">
            {b.newTab}
          </p>
        </>
      );
    case 'terms':
      return <p>{b.afterTerms}</p>;
    case 'expired':
      return <p role="status">{b.expired(validUntil)}</p>;
    case 'used-up':
      return <p role="status">{b.usedUp}</p>;
    case 'unavailable':
      return <p role="status">{b.unavailable}</p>;
  }
}

/** A short page in place of the client's page: too many posts in a minute, or the store could not be read. */
export function ClientNotice({ year, heading, text }: { year: number; heading: string; text: string }) {
  return (
    <TextPage name="client-page" year={year} backHome={words.backHome}>
      <h1>{heading}</h1>
      <p role="alert">{text}</p>
    </TextPage>
  );
}
