import { Hono } from 'hono';
import { reactRenderer } from '@hono/react-renderer';
import { Document } from '../../client/document';
import { LandingPage } from '../../client/pages/landing';
import { PrivacyPage } from '../../client/pages/privacy';
import { QuizPage } from '../../client/pages/quiz';
import { privacy } from '../content/privacy';
import { site } from '../content/site';
import { RECOMMENDED_PARAM, parseRecommended } from '../shared/recommend';
import type { Env } from '../env';
import { publicEnv, readConfig } from '../env';
import { assets } from '../assets';
import { profileJsonLd } from '../seo';
import { feedCache } from '../feeds/cache';
import { count } from '../desk/counters';
import { isProbePath } from '../security/probes';

/** A cold feeds cache may hold the landing page back this long before it renders loading states. */
const COLD_FEEDS_WAIT_MS = 300;

declare module '@hono/react-renderer' {
  interface Props {
    title: string;
    description: string;
    path: string;
    /** Overrides the request's CSP nonce (the landing page renders with a slot, filled per request). */
    nonce?: string;
    noindex?: boolean;
  }
}

/**
 * Every visitor gets the same landing page until the feeds, the year or the configuration change,
 * so each isolate renders it once per such change and serves the HTML it kept, with only the
 * request's CSP nonce filled in. The slot is random per isolate (made on first use: Workers allow
 * no random values at global scope), so no page content can contain it. The view after the quiz
 * is kept per recommendation (a handful of valid program lists; anything else is the plain page).
 * Nothing else in the address (campaign tags included) changes what is rendered.
 */
const landingMemos = new Map<string, { key: string; html: string }>();
let nonceSlot: string | undefined;

type AppEnv = { Bindings: Env; Variables: { secureHeadersNonce?: string } };

export const pages = new Hono<AppEnv>();

// Every page carries a per-request CSP nonce, so no cache may keep or share it.
pages.use('*', async function noStoreHtml(c, next) {
  await next();
  if (c.res.headers.get('content-type')?.startsWith('text/html')) c.header('Cache-Control', 'private, no-store');
});

pages.use(
  '*',
  reactRenderer(
    ({ children, title, description, path, nonce, noindex, c }) => {
      const SITE_URL = readConfig(c.env as Env).site.url;
      const canonical = `${SITE_URL}${path}`;
      return (
        <Document
          title={title}
          description={description}
          canonical={canonical}
          image={`${SITE_URL}/images/og.png`}
          siteName={site.siteName}
          locale={site.locale}
          jsonLd={profileJsonLd(SITE_URL, canonical)}
          nonce={nonce ?? c.get('secureHeadersNonce') ?? ''}
          assets={assets}
          themeColor={site.theme.teal}
          publicConfig={publicEnv(c.env as Env)}
          noindex={noindex}
        >
          {children}
        </Document>
      );
    },
    { docType: true },
  ),
);

pages.get('/quiz', (c) => {
  // The funnel's first step: one view of /quiz, counted per day (nothing about the visitor is kept).
  c.executionCtx.waitUntil(count(c.env.DB, 'quiz_view'));
  return c.render(<QuizPage />, {
    title: `Step 1 of 4 · Find your program · ${site.brand}`,
    description: `Answer three short questions and see the programs ${site.brand} recommends for you.`,
    path: '/quiz',
  });
});

pages.get(privacy.path, (c) =>
  c.render(<PrivacyPage year={new Date().getFullYear()} />, {
    title: `${privacy.title} · ${site.brand}`,
    description: privacy.description,
    path: privacy.path,
  }),
);

pages.get('*', async (c) => {
  const path = c.req.path;
  // Scanners probing for secrets and admin pages get a short plain answer, not a rendered page.
  if (isProbePath(path)) return c.text('Not found', 404, { 'cache-control': 'public, max-age=3600' });
  // Any other path shows the landing page, as a 404 that search engines do not index.
  const kind = path === '/' ? 'page' : 'not-found';
  const videos = await feedCache(c.env).payload((p) => c.executionCtx.waitUntil(p), COLD_FEEDS_WAIT_MS);
  const year = new Date().getFullYear();
  const recommended = kind === 'page' ? parseRecommended(c.req.query(RECOMMENDED_PARAM)) : [];
  const variant = `${kind}:${recommended.join(',')}`;
  const key = JSON.stringify([year, videos, readConfig(c.env).site.url, publicEnv(c.env)]);
  nonceSlot ??= `nonce-slot-${crypto.randomUUID()}`;
  let memo = landingMemos.get(variant);
  if (memo?.key !== key) {
    const rendered = await c.render(<LandingPage year={year} videos={videos} recommended={recommended} />, {
      title: `${site.brand} · ${site.hero.headline}`,
      description: site.description,
      path: '/',
      nonce: nonceSlot,
      noindex: kind === 'not-found',
    });
    memo = { key, html: await rendered.text() };
    landingMemos.set(variant, memo);
  }
  const html = memo.html.replaceAll(nonceSlot, c.get('secureHeadersNonce') ?? '');
  return kind === 'page' ? c.html(html) : c.html(html, 404, { 'x-robots-tag': 'noindex' });
});
