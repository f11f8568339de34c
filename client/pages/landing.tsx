import { About } from '../sections/about';
import { Enquiry } from '../sections/enquiry';
import { Footer } from '../layout/footer';
import { Hero } from '../sections/hero';
import { LatestVideos } from '../sections/latest-videos';
import { Listen } from '../sections/listen';
import { Newsletter } from '../sections/newsletter';
import { Guides, type GuideForms } from '../sections/guides';
import { Programs } from '../sections/programs';
import { Resources } from '../sections/resources';
import { SiteHeader } from '../layout/site-header';
import { Talks } from '../sections/talks';
import { Testimonials } from '../sections/testimonials';
import type { VideosPayload } from '../../src/feeds/types';
import type { ListenEpisode } from '../../src/feeds/types';
import type { ProgramSlug } from '../../src/words/site';
import type { BookingLinkProvider } from '../../src/shared/booking';
import type { FormState } from '../../src/shared/lead-rules';

/** The state of the page's lead forms (each with its own submission id). */
export interface LandingForms {
  newsletter: FormState;
  enquiry: FormState;
  /** A guide's form after a plain post (a refusal, or "check your inbox"); its `values.guide` names the guide. */
  guide?: FormState | undefined;
  /** A fresh submission id for each guide's form, by its key (`page-<slug>`); a random one when not given. */
  guideIds?: ((key: string) => string) | undefined;
}

export interface LandingProps {
  year: number;
  /** The owners' calendar day (YYYY-MM-DD): talks from it on are upcoming, earlier ones past. */
  today: string;
  /** The cached YouTube feeds, or null while the cache is cold (the islands then fetch them). */
  videos: VideosPayload | null;
  /** The newest episodes of the podcast's feed (PODCAST_FEED_URL), when it has loaded; else the published ones. */
  episodes?: readonly ListenEpisode[] | undefined;
  /** After the quiz: the programs it recommended (the section thanks the visitor and marks them). */
  recommended?: readonly ProgramSlug[];
  /** The booking page (BOOKING_URL), when set: the result after the quiz offers "Book a call". */
  bookingUrl?: string | undefined;
  /** The booking tool behind it (BOOKING_PROVIDER), when set: the link then carries the response's reference. */
  bookingProvider?: BookingLinkProvider | undefined;
  forms: LandingForms;
}

/**
 * The landing page: header, then the eight sections (latest videos is the sixth), with what people say after the
 * programs and the talks after the latest videos when the owners have published any.
 */
export function LandingPage({
  year,
  today,
  videos,
  episodes,
  forms,
  recommended = [],
  bookingUrl,
  bookingProvider,
}: LandingProps) {
  const guides: GuideForms = { state: forms.guide, idFor: forms.guideIds ?? (() => crypto.randomUUID()) };
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero />
        <About />
        <Programs
          recommended={recommended}
          {...(bookingUrl && { bookingUrl, bookingProvider })}
          afterResult={<Guides place="quiz" forms={guides} />}
        />
        <Testimonials />
        <Resources videos={videos} />
        <Listen episodes={episodes} />
        <LatestVideos videos={videos} />
        <Talks today={today} />
        <Newsletter form={forms.newsletter} />
        <Guides place="page" forms={guides} />
      </main>
      <Footer year={year} />
      <Enquiry form={forms.enquiry} {...(bookingUrl && { bookingUrl, bookingProvider })} />
    </>
  );
}
