import type { MiddlewareHandler } from 'hono';
import { logEvent } from '../log';
import { readConfig, type Config, type Env } from '../env';
import { bodyOf } from '../http/body';
import { count } from '../store/counters';

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
