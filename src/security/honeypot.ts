import type { MiddlewareHandler } from 'hono';
import { MAX_BODY_BYTES } from '../http/read-input';

/** The honeypot field every form carries. People never see it; bots fill it in. */
export const HONEYPOT_FIELD = 'website';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when a submission filled the honeypot. */
export function isHoneypotFilled(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null && value !== false;
}

/**
 * A submission that filled the honeypot gets the normal success answer, so the
 * bot learns nothing, and nothing is stored or sent. Anything else passes on
 * untouched (Hono keeps the body it read for the route's own validation).
 *
 * @example api.use('*', honeypot())
 */
export function honeypot(): MiddlewareHandler {
  return async function honeypotMiddleware(c, next) {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (c.req.method !== 'POST' || !/json/i.test(c.req.header('content-type') ?? '') || declared > MAX_BODY_BYTES) {
      return next();
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return next(); // the route answers malformed JSON with its own 400
    }
    if (!isHoneypotFilled(body)) return next();
    const claimed = (body as { submissionId?: unknown }).submissionId;
    const id = typeof claimed === 'string' && UUID.test(claimed) ? claimed : crypto.randomUUID();
    console.log(`honeypot: dropped a ${new URL(c.req.url).pathname} submission`);
    return c.json({ ok: true, id }, 201);
  };
}
