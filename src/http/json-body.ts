import type { Context, MiddlewareHandler } from 'hono';
import { ApiException } from './errors';
import { readBody } from './read-body';

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's body as an object (JSON, or a plain HTML form's nested fields), read once by requestBody(). */
    body: Record<string, unknown>;
  }
}

/**
 * Reads a POST's body once, after bodyLimit has capped the stream, and keeps the object for the
 * honeypot, Turnstile and the route's validation. A script sends JSON; a browser without
 * JavaScript posts the form's fields (readBody turns them into the same shape). Every way a body
 * can be wrong is a 4xx in the one error shape: another type (415), malformed JSON (400
 * invalid_json), not an object (400 invalid_body), over the cap (413).
 *
 * @example api.use('/quiz', requestBody())
 */
export function requestBody(): MiddlewareHandler {
  return async function requestBodyMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const { value } = await readBody(c);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ApiException(400, 'invalid_body', 'The request body must be a JSON object.');
    }
    c.set('body', value as Record<string, unknown>);
    return next();
  };
}

/** The body requestBody() read, or an empty object on a route that has none. */
export function bodyOf(c: Context): Record<string, unknown> {
  return c.get('body') ?? {};
}
