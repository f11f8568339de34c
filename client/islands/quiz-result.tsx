import { Fragment, useEffect, useRef, useSyncExternalStore } from 'react';
import { bookingLink, type BookingLinkProvider } from '../../src/shared/booking';
import { keptBookingRef } from '../lib/booking-ref';

export interface QuizResultProps {
  heading: string;
  lead: string;
  /** The recommended programs, most fitting first: each title links to its card below. */
  programs: ReadonlyArray<{ slug: string; title: string }>;
  next: string;
  /**
   * With a booking page: "Book a call" about the most fitting program, the result's main action. With the booking
   * tool (`provider`), the link also carries the reference the quiz's answer left in this tab.
   */
  booking?: BookingOffer | undefined;
}

export interface BookingOffer {
  url: string;
  program: string;
  provider?: BookingLinkProvider | undefined;
  label: string;
  note: string;
}

/**
 * The thank-you after the quiz, at the top of the programs section. Without JavaScript the
 * address's #programs brings the visitor here; with it, the note also takes focus, so a
 * screen reader reads the result at once.
 */
export default function QuizResult({ heading, lead, programs, next, booking }: QuizResultProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The server renders the link without a reference; hydration agrees with it, then the tab's reference fills in.
  const bookingRef = useSyncExternalStore(unchanging, keptBookingRef, noReference);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const provider = booking?.provider;
  const bookingHref =
    booking &&
    bookingLink(booking.url, booking.program, provider && bookingRef ? { provider, ref: bookingRef } : undefined);
  return (
    <div
      ref={ref}
      className="quiz-result"
      role="region"
      aria-labelledby="quiz-result-title"
      aria-describedby="quiz-result-text"
      tabIndex={-1}
    >
      <h3 id="quiz-result-title">{heading}</h3>
      <p id="quiz-result-text">
        {lead}{' '}
        {programs.map((program, i) => (
          <Fragment key={program.slug}>
            {i > 0 && ' and '}
            <a href={`#program-${program.slug}`}>
              <strong>{program.title}</strong>
            </a>
          </Fragment>
        ))}
        . {next}
      </p>
      {booking ? (
        <p className="quiz-result-book">
          <a className="btn btn-cta btn-lg" href={bookingHref}>
            {booking.label}
          </a>
          <span className="quiz-result-book-note">{booking.note}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The tab's reference changes only when a quiz is sent, which leaves this page: nothing to subscribe to. */
const unchanging = () => () => {};
const noReference = () => undefined;
