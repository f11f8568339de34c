import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { pageHtml } from './html';
import { Document } from '../../client/document';
import { LandingPage, type LandingForms } from '../../client/pages/landing';
import { PrivacyPage } from '../../client/pages/privacy';
import { QuizPage } from '../../client/pages/quiz';
import { privacy } from '../content/privacy';
import { QUIZ_STEP_COUNT, site } from '../content/site';
import { RECOMMENDED_PARAM, parseRecommended } from '../shared/recommend';
import { cleanAttribution } from '../shared/attribution';
import { ServerAttribution } from '../../client/components/lead-context';
import { type Env, publicEnv, readConfig } from '../env';
import { assets } from '../assets';
import { profileJsonLd } from '../seo';
import { feedCache } from '../feeds/cache';
import { feedEpisodes } from '../feeds/podcast-cache';
import { countOncePerAddress, type FUNNEL_METRICS } from '../store/counters';
import { clientKey } from '../security/guards';
import { isFilePath, isProbePath } from '../security/probes';
import { ApiException } from '../http/errors';
import { readRequestBody } from '../http/body';
import type { FormState } from '../shared/lead-rules';
import { nextQuizState, quizStateAfter, type QuizState } from './quiz-steps';
import { countQuizStep, countVisits, requestTouch } from './visit-counter';
import { quizStepLabel } from '../shared/quiz-flow';

/** A cold feeds cache may hold the landing page back this long before it renders loading states. */
const COLD_FEEDS_WAIT_MS = 300;

/**
 * Every visitor gets the same landing page until the feeds, the year or the configuration change,
 * so each isolate renders it once per such change and serves the HTML it kept, with only the
 * request's CSP nonce and each form's fresh submission id filled in. The slots are random per isolate
 * (made on first use: Workers allow no random values at global scope), so no page content can contain
 * them. The view after the quiz is kept per recommendation (a handful of valid program lists; anything
 * else is the plain page); nothing else in the address (campaign tags included) changes what is
 * rendered. A page showing a form's state (a thank-you, a refused post) is rendered for its request alone.
 */
const landingMemos = new Map<string, { key: string; html: string }>();
let slot: string | undefined;

type AppEnv = { Bindings: Env; Variables: { secureHeadersNonce?: string } };
export type Status = 200 | 400 | 403 | 404 | 413 | 415 | 429 | 503;

/**
 * The first touch this request describes, as the forms' hidden `attribution` field carries it (JSON,
 * or empty): the address's campaign tags, the referring site when it is another one, and the path.
 */
function requestAttribution(c: Context): string {
  const touch = requestTouch(c);
  return touch ? JSON.stringify(touch) : '';
}

/** The attribution a refused form post carried, cleaned, for the page that shows the form again. */
function postedAttribution(posted: string | undefined): string {
  const touch = cleanAttribution(posted);
  return touch ? JSON.stringify(touch) : '';
}

/** Text made safe inside a double-quoted HTML attribute, as React writes it. */
const attributeText = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);

type PageMeta = { title: string; description: string; path: string; nonce?: string; noindex?: boolean };

/** A page inside the document every page shares (head, styles, scripts, public configuration). */
export async function render(
  c: Context,
  node: ReactElement,
  { title, description, path, nonce, noindex }: PageMeta,
  status: Status = 200,
  attribution = '',
): Promise<Response> {
  const SITE_URL = readConfig(c.env as Env).site.url;
  const canonical = `${SITE_URL}${path}`;
  const html = pageHtml(
    <Document
      title={title}
      description={description}
      canonical={canonical}
      image={`${SITE_URL}/images/og.png`}
      siteName={site.siteName}
      locale={site.locale}
      jsonLd={profileJsonLd(SITE_URL, canonical)}
      nonce={nonce ?? (c.get('secureHeadersNonce') as string | undefined) ?? ''}
      assets={assets}
      themeColor={site.theme.teal}
      publicConfig={publicEnv(c.env as Env)}
      noindex={noindex}
    >
      <ServerAttribution.Provider value={attribution}>{node}</ServerAttribution.Provider>
    </Document>,
  );
  // Every page carries a per-request CSP nonce (and a form's fresh submission id), so no cache may keep it.
  return c.html(html, status, { 'Cache-Control': 'private, no-store' });
}

const landingMeta = { title: `${site.brand} · ${site.hero.headline}`, description: site.description, path: '/' };

/**
 * The landing page; `forms` overrides a form's state (a thank-you, or a refused post shown again).
 * `kind` 'not-found' is the same page for an unknown address, answered 404 and not indexed.
 */
export async function renderLanding(
  c: Context<AppEnv>,
  forms: Partial<LandingForms> = {},
  status: Status = 200,
  kind: 'page' | 'not-found' = 'page',
): Promise<Response> {
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  const [videos, episodes] = await Promise.all([
    feedCache(c.env).payload(waitUntil, COLD_FEEDS_WAIT_MS),
    feedEpisodes(c.env, waitUntil),
  ]);
  const year = new Date().getFullYear();
  const nonce = c.get('secureHeadersNonce') ?? '';
  const recommended = kind === 'page' ? parseRecommended(c.req.query(RECOMMENDED_PARAM)) : [];
  const config = readConfig(c.env);
  const booking = { bookingUrl: config.quiz.bookingUrl, bookingProvider: config.bookings.provider };
  const page = (state: LandingForms) => (
    <LandingPage year={year} videos={videos} episodes={episodes} forms={state} recommended={recommended} {...booking} />
  );
  if (forms.newsletter || forms.enquiry) {
    const all: LandingForms = {
      newsletter: forms.newsletter ?? { submissionId: crypto.randomUUID() },
      enquiry: forms.enquiry ?? { submissionId: crypto.randomUUID() },
    };
    // A refused post shows its form again with the attribution it carried; a thank-you page is a GET.
    const refused = forms.newsletter?.values ?? forms.enquiry?.values;
    const attribution = refused ? postedAttribution(refused.attribution) : requestAttribution(c);
    return render(c, page(all), landingMeta, status, attribution);
  }
  const variant = `${kind}:${recommended.join(',')}`;
  const key = JSON.stringify([year, videos, episodes, config.site.url, publicEnv(c.env), booking]);
  slot ??= `slot-${crypto.randomUUID()}`;
  let memo = landingMemos.get(variant);
  if (memo?.key !== key) {
    const slots: LandingForms = {
      newsletter: { submissionId: `${slot}-newsletter` },
      enquiry: { submissionId: `${slot}-enquiry` },
    };
    const rendered = await render(
      c,
      page(slots),
      { ...landingMeta, nonce: `${slot}-nonce`, noindex: kind === 'not-found' },
      200,
      `${slot}-attribution`,
    );
    memo = { key, html: await rendered.text() };
    landingMemos.set(variant, memo);
  }
  const fill: Record<string, string> = {
    nonce,
    newsletter: crypto.randomUUID(),
    enquiry: crypto.randomUUID(),
    // Only ever inside the forms' hidden attribution fields (never in an island's props).
    attribution: attributeText(requestAttribution(c)),
  };
  const html = memo.html.replace(
    new RegExp(`${slot}-(nonce|newsletter|enquiry|attribution)`, 'g'),
    (_, name: string) => fill[name]!,
  );
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (kind === 'not-found') headers['x-robots-tag'] = 'noindex';
  return c.html(html, kind === 'page' ? status : 404, headers);
}

/** The quiz at a step, with the contact form's state on the last one. */
export function renderQuiz(
  c: Context,
  state: QuizState,
  form: FormState = { submissionId: crypto.randomUUID() },
  status: Status = 200,
  attribution = requestAttribution(c),
): Promise<Response> {
  return render(
    c,
    <QuizPage
      step={state.step}
      answers={state.answers}
      form={form}
      resultByEmail={readConfig(c.env as Env).quiz.resultEmailFrom !== undefined}
    />,
    {
      title: `${quizStepLabel(state.step, QUIZ_STEP_COUNT)} · Find your program · ${site.brand}`,
      description: `Answer three short questions and see the programs ${site.brand} recommends for you.`,
      path: '/quiz',
    },
    status,
    attribution,
  );
}

/** The contact step again after a refused plain post of the quiz. */
export function renderQuizAfter(c: Context, form: FormState, status: Status): Promise<Response> {
  return renderQuiz(c, quizStateAfter(form), form, status, postedAttribution(form.values?.attribution));
}

export const pages = new Hono<AppEnv>();

// A view of these pages counts as a visit (once per visitor and day; /quiz also marks the quiz opened).
pages.use('/', countVisits());
pages.use('/quiz', countVisits(1));
pages.use(privacy.path, countVisits());

pages.get('/quiz', (c) => {
  // The funnel's first step: a view of /quiz, counted once per address and hour (see countOncePerAddress).
  c.executionCtx.waitUntil(countOncePerAddress(c.env.DB, 'quiz_view', clientKey(c.req.header('cf-connecting-ip'))));
  return renderQuiz(c, { step: 0, answers: {} });
});

// The quiz without JavaScript: each step posts here and the next step is rendered. A POST keeps the
// answers out of the address bar, the history and any log of URLs.
pages.post('/quiz', async (c) => {
  let body;
  try {
    body = await readRequestBody(c);
  } catch (err) {
    // Over the cap (read no further than it): the quiz again from its first step, as a 413.
    if (err instanceof ApiException && err.status === 413)
      return renderQuiz(c, { step: 0, answers: {} }, undefined, 413, '');
    body = null; // Another type or malformed: the first step, as before.
  }
  const state = nextQuizState(body?.fields ?? {});
  // The funnel counts the step reached, as the island does through /api/funnel.
  if (state.step > 0) {
    const metric = `quiz_step_${state.step + 1}` as (typeof FUNNEL_METRICS)[number];
    c.executionCtx.waitUntil(countOncePerAddress(c.env.DB, metric, clientKey(c.req.header('cf-connecting-ip'))));
    countQuizStep(c, state.step + 1);
  }
  // Each step's form carries the attribution the first one was rendered with.
  return renderQuiz(c, state, undefined, 200, postedAttribution(body?.fields.attribution));
});

pages.get(privacy.path, (c) =>
  render(c, <PrivacyPage year={new Date().getFullYear()} />, {
    title: `${privacy.title} · ${site.brand}`,
    description: privacy.description,
    path: privacy.path,
  }),
);

pages.get('*', (c) => {
  const path = c.req.path;
  // Scanners probing for secrets and admin pages get a short plain answer, not a rendered page.
  if (isProbePath(path)) return c.text('Not found', 404, { 'cache-control': 'public, max-age=3600' });
  // A missing file (an icon, a script, an image) is a short plain 404 too: never a page in its place.
  if (isFilePath(path)) return c.text('Not found', 404, { 'cache-control': 'public, max-age=600' });
  // Any other path shows the landing page, as a 404 that search engines do not index.
  if (path !== '/') return renderLanding(c, {}, 200, 'not-found');
  // The pages a plain form post is sent to once accepted.
  if (c.req.query('subscribed') !== undefined) {
    return renderLanding(c, { newsletter: { submissionId: crypto.randomUUID(), done: true } });
  }
  if (c.req.query('enquiry') === 'sent') {
    return renderLanding(c, { enquiry: { submissionId: crypto.randomUUID(), done: true } });
  }
  return renderLanding(c);
});
