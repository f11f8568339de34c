import { Hono, type Context } from 'hono';
import { engagementForToken } from '../../clients/open-page';
import { termsHash } from '../../clients/start';
import { describeError, logEvent } from '../../log';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { RATE_LIMIT_PERIOD_SECONDS } from '../../security/guards';
import type { EngagementRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import { clientPageWords as words } from '../../words/clients/client-page';
import { renderLanding } from '../landing-render';
import { type AppEnv, type Status, render } from '../page-render';
import { ClientNotice, ClientPage, type TermsForm } from './client-page';
import { clientView } from './client-view';
import { TestimonialSection } from './testimonial-section';
import { VIEW_READ } from '../../../client/layout/view-read';
import type { TestimonialErrors, TestimonialValues } from '../../clients/testimonials';

export type ClientContext = Context<AppEnv>;

/** The page's address: the token is in it, so it is never indexed, never kept and never sent on as a Referer. */
const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

/**
 * Anyone without a valid token gets exactly what an unknown address gets, for its method (a page to a GET, the
 * plain 404 to a POST): nothing says a page exists here.
 */
export const notFound = (c: ClientContext) =>
  c.req.method === 'GET' || c.req.method === 'HEAD' ? renderLanding(c, {}, 200, 'not-found') : c.notFound();

export async function page(
  c: ClientContext,
  body: Parameters<typeof render>[1],
  status: Status = 200,
): Promise<Response> {
  // No canonical address with the token in it: the page is nobody's to link to. Painted once its `main` has been
  // read, as the quiz is: a slowed phone lays out the whole first view before the first paint, not after it.
  const res = await render(
    c,
    body,
    { title: words.title, description: words.description, path: '/c', noindex: true, paintAfter: VIEW_READ },
    status,
  );
  for (const [name, value] of Object.entries(PRIVATE_HEADERS)) res.headers.set(name, value);
  return res;
}

/** What the testimonial section shows after a post: its notice, or the refused form's values and messages. */
export interface TestimonialForm {
  errors?: TestimonialErrors;
  values?: Partial<TestimonialValues>;
  notice?: 'sent' | 'withdrawn';
}

const NOTICES = { sent: 'sent', withdrawn: 'withdrawn' } as const;

export async function clientPage(
  c: ClientContext,
  engagement: EngagementRecord,
  now: Date,
  termsForm: TermsForm = {},
  status: Status = 200,
  testimonialForm: TestimonialForm = {},
): Promise<Response> {
  const token = c.req.param('token')!;
  const hash = engagement.terms && (await termsHash(engagement.terms.text));
  const [view, testimonials] = await Promise.all([
    clientView(c.env, engagement, `/c/${token}`, now, hash),
    getClientStore(c.env).testimonialsFor(engagement.id),
  ]);
  const notice = NOTICES[c.req.query('done') as keyof typeof NOTICES];
  const testimonial = (
    <TestimonialSection
      engagement={engagement}
      testimonials={testimonials}
      token={token}
      {...(notice && { notice })}
      {...testimonialForm}
    />
  );
  return page(
    c,
    <ClientPage view={view} year={now.getFullYear()} termsForm={termsForm} testimonial={testimonial} />,
    status,
  );
}

/**
 * Posts from the page are limited per client like the forms (SUBMIT_LIMITER), keyed by the link's hash: never the
 * token, and never the address (a family may share one). True when this post is over the limit.
 */
export async function overLimit(c: ClientContext, engagement: EngagementRecord): Promise<boolean> {
  const limiter = c.env.SUBMIT_LIMITER;
  if (!limiter || !engagement.link) return false;
  const { success } = await limiter.limit({ key: `client-page:${engagement.link.hash}` });
  return !success;
}

/** A post a browser says came from another site's page (see the terms post for why not the Origin check). */
export const crossSite = (c: ClientContext) => c.req.header('sec-fetch-site') === 'cross-site';

/**
 * A page answer that never reaches the app's error handler: its log line would carry the address, and the token
 * is in it. A store that cannot be read is a short 503 page instead.
 */
export async function guarded(c: ClientContext, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (err) {
    logEvent('error', 'request.error', { method: c.req.method, path: '/c/:token', error: describeError(err) });
    const notice = <ClientNotice year={new Date().getFullYear()} {...words.unavailable} />;
    return page(c, notice, 503);
  }
}

/** The form's fields, or none when the body is not a form (or too large): the page then asks again. */
export async function postedFields(c: ClientContext): Promise<{ fields: Record<string, string>; status: Status }> {
  try {
    return { fields: (await readRequestBody(c)).fields, status: 400 };
  } catch (err) {
    const status = err instanceof ApiException && (err.status === 413 || err.status === 415) ? err.status : 400;
    return { fields: {}, status };
  }
}

/**
 * The client's private page, `/c/:token`, and its terms form. `clock` is the page's "now" (the tests move it): the
 * link's expiry, the package's validity and the sessions counted all read it.
 *
 * @example app.route('/', clientPages())
 */
export function clientPages(clock: () => Date = () => new Date()) {
  const pages = new Hono<AppEnv>();

  pages.get('/c/:token', (c) =>
    guarded(c, async () => {
      const now = clock();
      const engagement = await engagementForToken(c.env, c.req.param('token'), now);
      return engagement ? clientPage(c, engagement, now) : notFound(c);
    }),
  );

  // The terms accepted once, with the version and the hash of the exact text the page showed; a plain form post.
  pages.post('/c/:token/terms', (c) =>
    guarded(c, async () => {
      // Not the API's Origin check: under `Referrer-Policy: no-referrer` a browser posts this page's form with
      // `Origin: null`. A forged post would need the token in the address anyway; a browser that says the post
      // came from another site's page is still refused.
      if (crossSite(c)) return c.text('Forbidden', 403);
      const now = clock();
      const engagement = await engagementForToken(c.env, c.req.param('token'), now);
      if (!engagement) return notFound(c);
      if (await overLimit(c, engagement)) {
        const notice = <ClientNotice year={now.getFullYear()} {...words.rateLimited} />;
        const res = await page(c, notice, 429);
        res.headers.set('Retry-After', String(RATE_LIMIT_PERIOD_SECONDS));
        return res;
      }
      const back = () => c.redirect(`/c/${c.req.param('token')}`, 303);
      const terms = engagement.terms;
      if (!terms || engagement.accepted) return back();
      const { fields, status } = await postedFields(c);
      if (!fields.accept) return clientPage(c, engagement, now, { error: words.terms.required }, status);
      const hash = await termsHash(terms.text);
      if (fields.terms !== hash) return clientPage(c, engagement, now, { error: words.terms.changed }, 409);
      // Once: a second acceptance (another tab, a replayed post) leaves the first as it is.
      await getClientStore(c.env).accept(engagement.id, { versionId: terms.versionId, hash, at: now.toISOString() });
      return back();
    }),
  );

  return pages;
}
