import type { MiddlewareHandler } from 'hono';
import { logEvent } from '../log';
import { bodyOf } from '../http/json-body';

/** The honeypot field every form carries. People never see it; bots fill it in. */
export const HONEYPOT_FIELD = 'website';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a submission filled the honeypot. */
export function isHoneypotFilled(body: Record<string, unknown>): boolean {
  const value = body[HONEYPOT_FIELD];
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}

/**
 * A submission that filled the honeypot gets the normal success answer, so the
 * bot learns nothing, and nothing is stored or sent. Reads the body requestBody() kept
 * (JSON or a plain HTML form's fields).
 *
 * @example api.use('/quiz', honeypot())
 */
export function honeypot(): MiddlewareHandler {
  return async function honeypotMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const body = bodyOf(c);
    if (!isHoneypotFilled(body)) return next();
    const claimed = body.submissionId;
    const id = typeof claimed === 'string' && UUID.test(claimed) ? claimed.toLowerCase() : crypto.randomUUID();
    logEvent('info', 'security.refused', { area: 'honeypot', path: new URL(c.req.url).pathname, outcome: 'dropped' });
    return c.json({ ok: true, id }, 201);
  };
}
