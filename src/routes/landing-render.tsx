import type { Context } from 'hono';
import { LandingPage, type LandingForms } from '../../client/pages/landing';
import type { PreviewOf } from '../../client/sections/preview-note';
import { site } from '../words/site';
import { RECOMMENDED_PARAM, parseRecommended } from '../shared/recommend';
import type { SiteContent } from '../shared/site-content';
import { ownersDay } from '../shared/talks';
import { publicEnv, readConfig } from '../env';
import { feedCache } from '../feeds/cache';
import { feedEpisodes } from '../feeds/podcast-cache';
import { publishedContent, type PublishedContent } from '../store/site-content/published-content';
import { offersGuides } from '../guides/request';
import { type AppEnv, type Status, attributeText, postedAttribution, render, requestAttribution } from './page-render';

/** A cold feeds cache may hold the landing page back this long before it renders loading states. */
const COLD_FEEDS_WAIT_MS = 300;

/**
 * Every visitor gets the same landing page until the feeds, the owners' day, the configuration or the published
 * content change, so each isolate renders it once per such change and serves the HTML it kept, with only the request's
 * CSP nonce and each form's fresh submission id filled in. The slots are random per isolate (made on first use:
 * Workers allow no random values at global scope), so no page content can contain them. The view after the quiz
 * is kept per recommendation (a handful of valid program lists; anything else is the plain page); nothing else
 * in the address (campaign tags included) changes what is rendered. A page showing a form's state (a thank-you,
 * a refused post) or a draft (the owners' preview) is rendered for its request alone.
 */
const landingMemos = new Map<string, { key: string; html: string }>();
let slot: string | undefined;

const landingMeta = (content: SiteContent) => ({
  title: `${site.brand} · ${content.hero.headline}`,
  description: site.description,
  path: '/',
  content,
  // The hero is the first view: painted once About, the section after it, has been read.
  paintAfter: 'about',
});

type Kind = 'page' | 'not-found' | 'preview';

async function landing(
  c: Context<AppEnv>,
  { versionId, content: published }: PublishedContent,
  forms: Partial<LandingForms>,
  status: Status,
  kind: Kind,
  previewOf?: PreviewOf,
): Promise<Response> {
  // A guide goes out by email: without RESULT_EMAIL_FROM none could arrive, so none is offered (preflight says so).
  const guides = offersGuides(c.env);
  const content = guides ? published : { ...published, guides: [] };
  const waitUntil = (p: Promise<unknown>) => c.executionCtx.waitUntil(p);
  const [videos, episodes] = await Promise.all([
    feedCache(c.env).payload(waitUntil, COLD_FEEDS_WAIT_MS),
    feedEpisodes(c.env, waitUntil),
  ]);
  const year = new Date().getFullYear();
  const today = ownersDay(Date.now());
  const nonce = c.get('secureHeadersNonce') ?? '';
  const recommended = kind === 'not-found' ? [] : parseRecommended(c.req.query(RECOMMENDED_PARAM), content.programs);
  const config = readConfig(c.env);
  const booking = { bookingUrl: config.quiz.bookingUrl, bookingProvider: config.bookings.provider };
  // Everything the page shows but its two forms, whose state differs between a refused post and the cached page.
  const shown = { year, today, videos, episodes, recommended, ...booking };
  const page = (state: LandingForms) => <LandingPage {...shown} forms={state} />;
  if (forms.newsletter || forms.enquiry || forms.guide || kind === 'preview') {
    const all: LandingForms = {
      newsletter: forms.newsletter ?? { submissionId: crypto.randomUUID() },
      enquiry: forms.enquiry ?? { submissionId: crypto.randomUUID() },
      guide: forms.guide,
    };
    // A refused post shows its form again with the attribution it carried; a thank-you page is a GET.
    const refused =
      forms.newsletter?.values ?? forms.enquiry?.values ?? (forms.guide?.done ? undefined : forms.guide?.values);
    const attribution = refused ? postedAttribution(refused.attribution) : requestAttribution(c);
    return render(
      c,
      page(all),
      { ...landingMeta(content), noindex: kind === 'preview', preview: kind === 'preview' ? previewOf : undefined },
      status,
      attribution,
    );
  }
  const variant = `${kind}:${recommended.join(',')}`;
  // The owners' day too: what shows as an upcoming talk changes at their midnight.
  const key = JSON.stringify([versionId, today, videos, episodes, config.site.url, publicEnv(c.env), booking, guides]);
  slot ??= `slot-${crypto.randomUUID()}`;
  let memo = landingMemos.get(variant);
  if (memo?.key !== key) {
    const slots: LandingForms = {
      newsletter: { submissionId: `${slot}-newsletter` },
      enquiry: { submissionId: `${slot}-enquiry` },
      // Each guide's form, its own slot (`guide-page-<slug>`), filled with its own id.
      guideIds: (key) => `${slot}-guide-${key}`,
    };
    const rendered = await render(
      c,
      page(slots),
      { ...landingMeta(content), nonce: `${slot}-nonce`, noindex: kind === 'not-found' },
      200,
      `${slot}-attribution`,
    );
    memo = { key, html: await rendered.text() };
    landingMemos.set(variant, memo);
  }
  const fill: Record<string, string | undefined> = {
    nonce,
    newsletter: crypto.randomUUID(),
    enquiry: crypto.randomUUID(),
    // Only ever inside the forms' hidden attribution fields (never in an island's props).
    attribution: attributeText(requestAttribution(c)),
  };
  const html = memo.html.replace(
    new RegExp(`${slot}-(nonce|newsletter|enquiry|attribution|guide-[a-z0-9-]+)`, 'g'),
    (_, name: string) => (fill[name] ??= crypto.randomUUID()),
  );
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store' };
  if (kind === 'not-found') headers['x-robots-tag'] = 'noindex';
  return c.html(html, kind === 'page' ? status : 404, headers);
}

/**
 * The landing page with the published content; `forms` overrides a form's state (a thank-you, or a refused
 * post shown again). `kind` 'not-found' is the same page for an unknown address, answered 404 and not indexed.
 */
export async function renderLanding(
  c: Context<AppEnv>,
  forms: Partial<LandingForms> = {},
  status: Status = 200,
  kind: 'page' | 'not-found' = 'page',
): Promise<Response> {
  return landing(c, await publishedContent(c.env.FEEDS), forms, status, kind);
}

/**
 * The landing page rendered with `content` (the owners' draft, or a version), for their preview: never kept,
 * never indexed. The caller sends it from behind Access only.
 */
export function renderLandingPreview(
  c: Context<AppEnv>,
  content: SiteContent,
  of: PreviewOf = { version: null },
): Promise<Response> {
  return landing(c, { versionId: of.version, content }, {}, 200, 'preview', of);
}
