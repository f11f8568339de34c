import type { MiddlewareHandler } from 'hono';
import { ApiException } from '../http/errors';

/**
 * Refuses cross-site writes to the API: a browser marks them with
 * `Sec-Fetch-Site: cross-site`, and an Origin header naming another host (or
 * "null") gives them away too. Same-origin pages and non-browser clients pass;
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
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true; // "null" or garbage: an opaque or forged origin
  }
}
