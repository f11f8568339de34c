import type { MiddlewareHandler } from 'hono';
import { type Env, readConfig, type Config } from '../env';
import { logEvent } from '../log';
import { ApiException } from '../http/errors';
import { bodyOf } from '../http/body';
import { HONEYPOT_FIELD, submissionIdOf } from '../shared/lead-rules';
import { count } from '../store/sources/counters';

// The guards in front of every change a request asks for: where it comes from, how often a client may submit,
// the honeypot, and Turnstile's verdict on whether a person sent it.

/**
 * Refuses cross-site writes to the API: a browser marks them with
 * `Sec-Fetch-Site: cross-site`, and an Origin header naming another origin
 * (scheme, host or port) or "null" gives them away too. hono/csrf is not used: it
 * checks only form content types, and these endpoints take JSON. Same-origin pages and non-browser clients pass;
 * GET and HEAD (read-only endpoints) are not checked.
 *
 * @example api.use('*', refuseCrossSite())
 */
export function refuseCrossSite(): MiddlewareHandler {
  return async function refuseCrossSiteMiddleware(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isCrossSite(c.req.raw)) {
      throw new ApiException(403, 'forbidden', 'Cross-site requests are not accepted.');
    }
    return next();
  };
}

function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    // Scheme, host and port: https://site on an http site is another origin.
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true; // "null" or garbage: an opaque or forged origin
  }
}

/**
 * State changes only from this site's own pages: every request other than
 * GET/HEAD must carry an Origin header equal to the request's origin. Stricter
 * than hono/csrf, which also accepts Sec-Fetch-Site alone and lets non-form
 * content types through; a missing Origin is refused here.
 *
 * @example desk.use('*', sameOriginWrites())
 */
export function sameOriginWrites(): MiddlewareHandler {
  return async function sameOriginWritesMiddleware(c, next) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (!origin || origin !== new URL(c.req.url).origin) {
        throw new ApiException(403, 'forbidden', 'Changes are accepted only from the desk itself.');
      }
    }
    return next();
  };
}

/** The Rate Limiting binding's period (wrangler.toml `[[ratelimits]]` simple.period): clients wait this long. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

/**
 * Limits submissions per client (CF-Connecting-IP: an IPv4 address, an IPv6 /64,
 * or one shared bucket for requests without the header) with the Workers Rate
 * Limiting binding SUBMIT_LIMITER; the limit itself is set in wrangler.toml.
 * Without the binding (e.g. a config that omits it) requests pass.
 *
 * @example api.use('/quiz', submitRateLimit())
 */
export function submitRateLimit(): MiddlewareHandler<{ Bindings: Env }> {
  return async function submitRateLimitMiddleware(c, next) {
    const limiter = c.env.SUBMIT_LIMITER;
    if (limiter && c.req.method === 'POST') {
      const { success } = await limiter.limit({ key: clientKey(c.req.header('cf-connecting-ip')) });
      if (!success) {
        throw new ApiException(
          429,
          'rate_limited',
          'Too many submissions from your connection. Please try again in a minute.',
          undefined,
          { 'Retry-After': String(RATE_LIMIT_PERIOD_SECONDS) },
        );
      }
    }
    return next();
  };
}

/** The bucket of requests that arrive without CF-Connecting-IP: they share one limit, never none. */
export const UNKNOWN_CLIENT = 'unknown-client';

/**
 * The rate-limit key of a client address. An IPv4 address counts alone; an
 * IPv6 address counts by its /64, because one subscriber is usually given a
 * whole /64 and can pick a fresh address from it for every request. Anything
 * that is not an address falls into the shared UNKNOWN_CLIENT bucket.
 *
 * @example clientKey('2001:db8:1:2::7') // 'v6:2001:db8:1:2'
 */
export function clientKey(header: string | undefined | null): string {
  const ip = header?.trim() ?? '';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return `v4:${ip}`;
  const groups = ip.includes(':') ? ipv6Groups(ip) : null;
  return groups ? `v6:${groups.slice(0, 4).join(':')}` : UNKNOWN_CLIENT;
}

/**
 * The network of an IPv6 client: its /48, the block one site (a home, an office, a small provider's customer) is
 * commonly given, which holds 65,536 /64s: one holder can present as that many clients. Null for anything else
 * (an IPv4 address is its own client).
 *
 * @example networkKey('2001:db8:1:2::7') // 'v6:2001:db8:1::/48'
 */
export function networkKey(header: string | undefined | null): string | null {
  const ip = header?.trim() ?? '';
  const groups = ip.includes(':') ? ipv6Groups(ip) : null;
  return groups ? `v6:${groups.slice(0, 3).join(':')}::/48` : null;
}

/** The eight 16-bit groups of an IPv6 address, normalised (lower case, no leading zeros); null if it is not one. */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return null;
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}

/** True when a submission filled the honeypot. */
export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}

/**
 * A submission that filled the honeypot gets the normal success answer, so the
 * bot learns nothing, and nothing is stored or sent. Reads the body keepBodyObject() kept
 * (JSON or a plain HTML form's fields).
 *
 * @example api.use('/quiz', honeypot())
 */
export function honeypot(): MiddlewareHandler {
  return async function honeypotMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const body = bodyOf(c);
    if (!isHoneypotFilled(body)) return next();
    const id = submissionIdOf(body.submissionId) ?? crypto.randomUUID();
    logEvent('info', 'security.refused', { area: 'honeypot', path: new URL(c.req.url).pathname, outcome: 'dropped' });
    return c.json({ ok: true, id }, 201);
  };
}

// Turnstile.

/** The JSON field in which forms send the widget's token. */
export const TURNSTILE_FIELD = 'turnstileToken';

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Whether a message may go to a number this submission typed: true when
     * Turnstile verified its token, or when Turnstile is not configured.
     */
    humanVerified: boolean;
    /** True when the token could not be checked (siteverify unreachable): see Lead.unchecked. */
    humanUnchecked: boolean;
  }
}

interface SiteverifyResult {
  success: boolean;
  hostname?: string;
  action?: string;
  'error-codes'?: string[];
}

/**
 * Cloudflare Turnstile on a lead form, on when TURNSTILE_SITE_KEY and
 * TURNSTILE_SECRET_KEY are set. It never refuses a submission: a lead from a
 * bot or from a form posted without JavaScript is still stored and told to the
 * owners. What it decides is whether the submission may make the business
 * number write to a number the visitor typed (`humanVerified`): only with a
 * token siteverify accepts, solved on this site (`hostname`) for this form
 * (`action`). Tokens verify once, so a replayed token is unverified.
 *
 * @example api.use('/enquiry', turnstile('enquiry'))
 */
export function turnstile(action: string): MiddlewareHandler<{ Bindings: Env }> {
  return async function turnstileMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const config = readConfig(c.env);
    const turnstile = config.turnstile;
    if (!turnstile.enabled) {
      // A misconfigured deployment still takes every lead, but writes to no stranger.
      if (turnstile.problem) logEvent('error', 'config.problem', { area: 'turnstile', problem: turnstile.problem });
      c.set('humanVerified', turnstile.visitorMessages);
      return next();
    }
    const token = bodyOf(c)[TURNSTILE_FIELD];
    let verdict = 'no token';
    if (typeof token === 'string' && token.length > 0 && token.length <= 2048) {
      const result = await siteverify(turnstile, token, c.req.header('cf-connecting-ip'));
      const hosts = [new URL(c.req.url).hostname, siteHostname(config)];
      if (!result) verdict = 'siteverify unreachable';
      else if (!result.success) verdict = (result['error-codes'] ?? []).join(', ') || 'refused';
      else if (!result.hostname || !hosts.includes(result.hostname)) verdict = 'token from another hostname';
      else if (result.action !== action) verdict = 'token for another form';
      else verdict = 'verified';
    }
    c.set('humanVerified', verdict === 'verified');
    c.set('humanUnchecked', verdict === 'siteverify unreachable');
    // The self-check reports Turnstile unreachable from this day's count.
    if (verdict === 'siteverify unreachable') await count(c.env.DB, 'turnstile_unreachable');
    if (verdict !== 'verified')
      logEvent('info', 'security.refused', { area: 'turnstile', form: action, outcome: 'unverified', verdict });
    return next();
  };
}

async function siteverify(
  turnstile: { secretKey: string; verifyUrl: string },
  token: string,
  ip: string | undefined,
): Promise<SiteverifyResult | null> {
  const form = new FormData();
  form.append('secret', turnstile.secretKey);
  form.append('response', token);
  if (ip) form.append('remoteip', ip);
  try {
    const res = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(5_000),
    });
    return (await res.json()) as SiteverifyResult;
  } catch (err) {
    logEvent('warn', 'security.refused', {
      area: 'turnstile',
      outcome: 'siteverify unreachable',
      error: err instanceof Error ? err.message : String(err),
    });
    return null;
  }
}

/**
 * The configured site's hostname, or none when SITE_URL is misconfigured: the hostname check then accepts only
 * the request's own, and the lead is still stored (the misconfiguration fails loud on every page instead).
 */
function siteHostname(config: Config): string | undefined {
  try {
    return new URL(config.site.url).hostname;
  } catch {
    return undefined;
  }
}
