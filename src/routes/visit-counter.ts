import type { Context, MiddlewareHandler } from 'hono';
import { type Env, readConfig } from '../env';
import { firstTouchOf, type Attribution } from '../shared/attribution';
import { sourceOf } from '../shared/visit-source';
import { countVisit, reachQuizStep } from '../store/sources/visits';
import { countOncePerAddress, type FunnelMetric } from '../store/sources/counters';
import { clientKey, networkKey } from '../security/guards';

/**
 * User agents that are not a person reading the page: search and AI crawlers, link-preview fetchers (a link pasted
 * in WhatsApp, Slack, Facebook…), monitors and HTTP libraries (most crawlers say "bot"). The browsers inside apps
 * (Instagram, Telegram, Pinterest…) are people; headless browsers and Lighthouse count too: they run a real page,
 * and the site's own browser tests count visits through them.
 */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|scrap|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp|slack-imgproxy|skypeuripreview|vkshare|embedly|quora link|redditbot|bitlybot|preview|feedfetcher|mediapartners|adsbot|apis-google|google-inspectiontool|bingpreview|yahoo! slurp|ahrefs|semrush|mj12|petalbot|bytespider|gptbot|ccbot|claude|perplexity|anthropic|amazonbot|applebot|baiduspider|sogou|exabot|ia_archiver|archive\.org|uptime|pingdom|monitor|statuscake|site24x7|datadog|newrelic|validator|w3c_|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|node-fetch|undici|axios|libwww|httpclient|postman|insomnia/i;

/** Not a person: a crawler's user agent, or none at all. */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || CRAWLER.test(userAgent);
}

/** A page fetched ahead of a click (a browser's prefetch or prerender, a link preview): not yet a visit. */
export function isPrefetch(headers: Headers): boolean {
  const said = (name: string) => (headers.get(name) ?? '').trim().toLowerCase();
  return (
    said('sec-purpose').startsWith('prefetch') ||
    said('purpose') === 'prefetch' ||
    said('x-moz') === 'prefetch' ||
    said('x-purpose') === 'preview'
  );
}

/** The first touch a page request describes: its campaign tags, the referring site when it is another one, its path. */
export function requestTouch(c: Context): Attribution | undefined {
  const own = [new URL(c.req.url).hostname, new URL(readConfig(c.env as Env).site.url).hostname];
  return firstTouchOf(new URL(c.req.url), c.req.header('referer'), own);
}

const visitorOf = (c: Context) => ({
  client: clientKey(c.req.header('cf-connecting-ip')),
  network: networkKey(c.req.header('cf-connecting-ip')),
  userAgent: c.req.header('user-agent') ?? '',
});

/**
 * Counts a view of the page once it is answered (200, HTML, to a GET from a person, not a prefetch): at most one
 * insert per new visitor per day, within the day's ceilings, after the response (countVisit): the page never waits
 * for it. `step` 1 marks the quiz opened.
 *
 * @example pages.use('/quiz', countVisits(1))
 */
export function countVisits(step: 0 | 1 = 0): MiddlewareHandler<{ Bindings: Env }> {
  return async function countVisits(c, next) {
    await next();
    const countable =
      c.req.method === 'GET' &&
      c.res.status === 200 &&
      (c.res.headers.get('content-type') ?? '').startsWith('text/html') &&
      !isCrawler(c.req.header('user-agent')) &&
      !isPrefetch(c.req.raw.headers);
    if (!countable) return;
    const visit = { ...visitorOf(c), from: sourceOf(requestTouch(c)), step };
    c.executionCtx.waitUntil(Promise.resolve().then(() => countVisit(c.env, visit)));
  };
}

/** The visitor of the day reached a quiz step (2..): their row moves on, after the response. */
export function countQuizStep(c: Context, step: number): void {
  const visitor = visitorOf(c);
  const env = c.env as Env;
  c.executionCtx.waitUntil(Promise.resolve().then(() => reachQuizStep(env, visitor, step)));
}

/**
 * The quiz's funnel count of `metric` (the day's count of the step, at most once per address and hour, within the
 * day's ceilings: countOncePerAddress), after the response.
 */
export function countFunnelStep(c: Context, metric: FunnelMetric): void {
  const { client, network } = visitorOf(c);
  const env = c.env as Env;
  c.executionCtx.waitUntil(Promise.resolve().then(() => countOncePerAddress(env, { metric, client, network })));
}
