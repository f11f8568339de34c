import type { MiddlewareHandler } from 'hono';
import { ApiException } from '../http/errors';

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
