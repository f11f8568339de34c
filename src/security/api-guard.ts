import type { MiddlewareHandler } from 'hono';
import { ApiException } from '../http/errors';

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
