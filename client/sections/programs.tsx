import { recommendations } from '../../src/words/recommendations';
import type { ProgramSlug } from '../../src/words/site';
import type { ReactNode } from 'react';
import type { BookingLinkProvider } from '../../src/shared/booking';
import { Island } from '../islands/island';
import QuizResult from '../islands/quiz-result';
import { PlainText, useSiteContent } from '../site-content';
import { EnquiryButton } from './enquiry-button';

/**
 * The three programs; after the quiz, the thank-you first and the recommended cards marked. With a booking page
 * (BOOKING_URL) the thank-you's main action is "Book a call" about the most fitting program, whose link the
 * island completes with the response's booking reference for the booking tool (BOOKING_PROVIDER); without one,
 * the enquiry button below stays the next step.
 */
export function Programs({
  recommended = [],
  bookingUrl,
  bookingProvider,
  afterResult,
}: {
  recommended?: readonly ProgramSlug[];
  bookingUrl?: string;
  bookingProvider?: BookingLinkProvider | undefined;
  /** Shown under the result after the quiz (the free guides). */
  afterResult?: ReactNode;
}) {
  const { programsSection: section, programs } = useSiteContent();
  const chosen = programs
    .filter((card) => recommended.includes(card.slug))
    .sort((a, b) => recommended.indexOf(a.slug) - recommended.indexOf(b.slug))
    .map(({ slug, title }) => ({ slug, title }));
  return (
    <section id="programs" className="section programs" aria-labelledby="programs-title">
      <div className="container">
        {chosen.length > 0 && (
          <Island
            name="QuizResult"
            component={QuizResult}
            load="eager"
            props={{
              heading: recommendations.thanksHeading,
              lead: recommendations.thanksLead,
              programs: chosen,
              next: recommendations.thanksNext,
              booking:
                bookingUrl && chosen[0]
                  ? {
                      url: bookingUrl,
                      program: chosen[0].slug,
                      provider: bookingProvider,
                      label: recommendations.book,
                      note: recommendations.bookNote,
                    }
                  : undefined,
            }}
          />
        )}
        {chosen.length > 0 && afterResult}
        <header className="section-head">
          <h2 id="programs-title">{section.heading}</h2>
          <p>
            <PlainText text={section.intro} />
          </p>
        </header>
        <ul className="program-grid">
          {programs.map((card, i) => {
            const isChosen = recommended.includes(card.slug);
            return (
              <li
                key={card.slug}
                id={`program-${card.slug}`}
                className={isChosen ? 'card program-card is-recommended' : 'card program-card'}
              >
                <span className="program-index" aria-hidden="true">
                  0{i + 1}
                </span>
                {isChosen && <p className="program-badge">{recommendations.badge}</p>}
                <h3>
                  {card.link ? (
                    <a className="program-link" href={card.link}>
                      {card.title}
                    </a>
                  ) : (
                    card.title
                  )}
                </h3>
                <p>{card.summary}</p>
                {card.description && (
                  <p className="program-description">
                    <PlainText text={card.description} />
                  </p>
                )}
                {isChosen && (
                  <p className="program-reason">
                    <PlainText text={card.reason} />
                  </p>
                )}
                <ul className="ticks">
                  {card.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        <div className="center">
          <EnquiryButton label={section.cta} />
        </div>
      </div>
    </section>
  );
}
