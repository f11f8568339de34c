/**
 * Server cost: the CPU time of one server render of / with the feeds in it,
 * measured inside workerd (locally performance.now() advances during
 * synchronous work). The free plan allows 10 ms of CPU per request.
 * `npm run bench` runs this (MEASURE=1) and fails when the budget is broken; `npm test` never times.
 */
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Document } from '../../../client/document';
import { LandingPage } from '../../../client/pages/landing';
import { TOPICS, site } from '../../../src/words/site';
import type { PublicFeed, VideosPayload } from '../../../src/feeds/types';
import { assets } from '../../../src/assets';
import { profileJsonLd } from '../../../src/seo';
import { SiteContentProvider } from '../../../client/site-content';
import { defaultContent } from '../../../src/shared/default-content';

const content = defaultContent();
/** The same page with what the owners may add: six testimonials shown and six talks (three upcoming). */
const withSections = {
  ...content,
  testimonials: Array.from({ length: 6 }, (_, i) => ({
    quote: `The retreat gave me a practice I still keep every morning, months later.\nThank you (${i + 1}).`,
    name: `Person ${i + 1}`,
    role: 'Pune',
    consentDate: '2026-01-15',
    shown: true,
  })),
  talks: Array.from({ length: 6 }, (_, i) => ({
    date: `${i < 3 ? 2027 : 2025}-0${i + 1}-12`,
    title: `Aliveness at work, a keynote (${i + 1})`,
    place: 'Bengaluru',
    link: i % 2 ? '' : 'https://www.example.com/talk',
  })),
};

type OkFeed = Extract<PublicFeed, { status: 'ok' }>;

function feed(prefix: string, n: number): OkFeed {
  return {
    status: 'ok',
    items: Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${String(i).padStart(11 - prefix.length, '0')}`,
      title: `A talk about aliveness, courage and rest — part ${i + 1}`,
      published: `2026-10-${String((i % 28) + 1).padStart(2, '0')}T09:00:00+00:00`,
    })),
  };
}

const latest = feed('L', 15);
const videos: VideosPayload = {
  latest,
  playlists: Object.fromEntries(TOPICS.map((t) => [t, feed(t.slice(0, 3), 6)])) as VideosPayload['playlists'],
};

function renderPage(shown = content): string {
  return renderToString(
    <Document
      title={site.siteName}
      description={site.description}
      canonical="https://site.test/"
      image="https://site.test/images/og.png"
      siteName={site.siteName}
      locale={site.locale}
      jsonLd={profileJsonLd('https://site.test', 'https://site.test/')}
      nonce="bench-nonce"
      assets={assets}
      themeColor={site.theme.teal}
    >
      <SiteContentProvider content={shown}>
        <LandingPage
          year={2026}
          today="2026-11-27"
          videos={videos}
          forms={{ newsletter: { submissionId: 'bench-newsletter' }, enquiry: { submissionId: 'bench-enquiry' } }}
        />
      </SiteContentProvider>
    </Document>,
  );
}

describe('server render cost', () => {
  it('renders / with warm feeds in a small fraction of the 10 ms CPU budget', () => {
    // The build the Worker ships with (see vitest.config.ts), not React's development build.
    expect(process.env.NODE_ENV).toBe('production');
    // What is timed is the page with its feeds: the newest video is in it.
    expect(renderPage()).toContain(latest.items[0]!.id);
    const measure = (label: string, shown: typeof content) => {
      for (let i = 0; i < 20; i++) renderPage(shown); // warm-up (JIT)
      const runs = 200;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        renderPage(shown);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((s, t) => s + t, 0) / runs;
      const p50 = times[Math.floor(runs * 0.5)]!;
      const p99 = times[Math.floor(runs * 0.99)]!;
      console.log(
        `server render CPU (workerd, ${runs} renders of / with 15 + 36 videos${label}): mean ${mean.toFixed(2)} ms, p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`,
      );
      return { mean, p50 };
    };
    const { mean, p50 } = measure('', content);
    expect(renderPage(withSections)).toContain('id="testimonials"');
    const sections = measure(', 6 testimonials and 6 talks', withSections);
    expect(sections.p50).toBeLessThan(5);
    expect(mean).toBeGreaterThan(0);
    // The median: on a busy machine a few renders are preempted, and their wall time is not the render's CPU.
    expect(p50).toBeLessThan(5);
  });
});
