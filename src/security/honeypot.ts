import type { MiddlewareHandler } from 'hono';
import { logEvent } from '../log';
import { bodyOf } from '../http/body';
import { HONEYPOT_FIELD, submissionIdOf } from '../shared/form-fields';

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
    const id = submissionIdOf(body.submissionId) ?? crypto.randomUUID();
    logEvent('info', 'security.refused', { area: 'honeypot', path: new URL(c.req.url).pathname, outcome: 'dropped' });
    return c.json({ ok: true, id }, 201);
  };
}
