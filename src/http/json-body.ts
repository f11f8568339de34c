import type { Context, MiddlewareHandler } from 'hono';
import { ApiException } from './errors';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's JSON object, read once by jsonBody() for every later step. */
    body: Record<string, unknown>;
  }
}

/**
 * Reads a POST's JSON body once, after bodyLimit has capped the stream, and
 * keeps the object for the honeypot, Turnstile and the route's validation.
 * Every way a body can be wrong is a 4xx in the one error shape: not JSON
 * (415), malformed (400 invalid_json), not an object (400 invalid_body).
 * A body over the cap is never read whole here: the capped stream throws and
 * bodyLimit answers 413.
 *
 * @example api.use('/quiz', jsonBody())
 */
export function jsonBody(): MiddlewareHandler {
  return async function jsonBodyMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const type = c.req.header('content-type') ?? '';
    // text/plain would let any site post here from a plain HTML form; JSON needs a CORS preflight.
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiException(415, 'unsupported_media_type', 'Send the form as application/json.');
    }
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiException(400, 'invalid_json', 'The request body is not valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiException(400, 'invalid_body', 'The request body must be a JSON object.');
    }
    c.set('body', body as Record<string, unknown>);
    return next();
  };
}

/** The body jsonBody() read, or an empty object on a route that has none. */
export function bodyOf(c: Context): Record<string, unknown> {
  return c.get('body') ?? {};
}
