import type { MiddlewareHandler } from 'hono';
import { readConfig, type Env } from '../env';
import { ApiException } from '../http/errors';

/** The JSON field in which forms send the widget's token. */
export const TURNSTILE_FIELD = 'turnstileToken';

interface SiteverifyResult {
  success: boolean;
  'error-codes'?: string[];
}

/**
 * Cloudflare Turnstile on lead submissions: on when TURNSTILE_SITE_KEY and
 * TURNSTILE_SECRET_KEY are set (off by default, so local runs work offline).
 * A broken Turnstile configuration is logged as an error on each submission and
 * lets it through: a lead is never refused because of the site's own settings. The token is verified server-side at siteverify, which
 * accepts each token once; a missing, reused or failed token is a 403.
 *
 * @example api.use('*', turnstile())
 */
export function turnstile(): MiddlewareHandler<{ Bindings: Env }> {
  return async function turnstileMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const config = readConfig(c.env).turnstile;
    if (!config.enabled) {
      if (config.problem) console.error(`turnstile: not checking this submission: ${config.problem}`);
      return next();
    }
    let token: unknown;
    try {
      token = (JSON.parse(await c.req.text()) as Record<string, unknown>)?.[TURNSTILE_FIELD];
    } catch {
      return next(); // malformed JSON: the route answers it
    }
    if (typeof token !== 'string' || token.length === 0 || token.length > 2048) throw refused();
    const form = new FormData();
    form.append('secret', config.secretKey);
    form.append('response', token);
    const ip = c.req.header('cf-connecting-ip');
    if (ip) form.append('remoteip', ip);
    let result: SiteverifyResult;
    try {
      const res = await fetch(config.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(5_000),
      });
      result = (await res.json()) as SiteverifyResult;
    } catch (err) {
      console.error('turnstile: siteverify unreachable', err instanceof Error ? err.message : String(err));
      throw new ApiException(
        503,
        'verification_unavailable',
        'We could not verify the form just now. Please try again.',
      );
    }
    if (!result.success) {
      console.log(`turnstile: refused (${(result['error-codes'] ?? []).join(', ') || 'no reason'})`);
      throw refused();
    }
    return next();
  };
}

function refused(): ApiException {
  return new ApiException(403, 'verification_failed', 'Please complete the security check and try again.');
}
