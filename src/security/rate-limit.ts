import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { ApiException } from '../http/errors';
import { clientKey } from './client-key';

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
