import { About } from '../sections/about';
import { Enquiry } from '../sections/enquiry';
import { Footer } from '../sections/footer';
import { Hero } from '../sections/hero';
import { LatestVideos } from '../sections/latest-videos';
import { Listen } from '../sections/listen';
import { Newsletter } from '../sections/newsletter';
import { Programs } from '../sections/programs';
import { Resources } from '../sections/resources';
import { SiteHeader } from '../sections/site-header';
import type { VideosPayload } from '../../src/feeds/types';

export interface LandingProps {
  year: number;
  /** The cached YouTube feeds, or null while the cache is cold (the islands then fetch them). */
  videos: VideosPayload | null;
}

/** The landing page: header, then the eight sections (latest videos is the sixth). */
export function LandingPage({ year, videos }: LandingProps) {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero />
        <About />
        <Programs />
        <Resources videos={videos} />
        <Listen />
        <LatestVideos videos={videos} />
        <Newsletter />
      </main>
      <Footer year={year} />
      <Enquiry />
    </>
  );
}
