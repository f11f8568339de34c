import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod';
import { site } from '../words/site';
import { fieldErrors } from '../shared/lead-schemas';
import { fieldsToObject } from '../shared/lead-rules';
import { ApiException } from './errors';

/** Larger than any form the site has (the longest, an enquiry, is about 2.5 KB). */
export const MAX_BODY_BYTES = 16 * 1024;

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's body as an object (JSON, or a plain HTML form's nested fields), kept by keepBodyObject(). */
    body: Record<string, unknown>;
  }
}

/** A lead request's body: sent by a script as JSON, or posted by a plain HTML form. */
export interface Body {
  kind: 'json' | 'form';
  /** The parsed value; a form's fields are already nested (`contact.first` → `{ contact: { first } }`). */
  value: unknown;
  /** A form's fields as posted (name → value), for showing them again beside their messages. */
  fields: Record<string, string>;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** True when the request is a plain HTML form post (it gets pages and redirects, not JSON). */
export function isFormPost(c: Context): boolean {
  return c.req.method === 'POST' && FORM_TYPE.test(c.req.header('content-type') ?? '');
}

const read = new WeakMap<Request, Promise<Body>>();

/**
 * The one reader of a request body: JSON, or an HTML form's urlencoded fields turned into the same shape.
 * It reads and parses once per request; the honeypot, Turnstile and the route's validation all share the
 * result. Every way a body can be wrong is a 4xx in the one error shape: another type (415), too large (413),
 * malformed JSON (400 invalid_json). (text/plain stays refused: it is what a cross-site page sends to dodge
 * the JSON preflight; forms are checked by their Origin like every write.)
 *
 * @example
 * const { value } = await readRequestBody(c);
 */
export function readRequestBody(c: Context): Promise<Body> {
  let body = read.get(c.req.raw);
  if (!body) {
    body = parse(c);
    read.set(c.req.raw, body);
  }
  return body;
}

async function parse(c: Context): Promise<Body> {
  const type = c.req.header('content-type') ?? '';
  const kind = JSON_TYPE.test(type) ? 'json' : FORM_TYPE.test(type) ? 'form' : null;
  if (!kind) {
    throw new ApiException(415, 'unsupported_media_type', 'Send the form as application/json.');
  }
  const text = await readCappedText(c.req.raw, MAX_BODY_BYTES);

  if (kind === 'form') {
    const params = [...new URLSearchParams(text)];
    return { kind, value: fieldsToObject(params), fields: Object.fromEntries(params) };
  }
  try {
    return { kind, value: JSON.parse(text) as unknown, fields: {} };
  } catch {
    throw new ApiException(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * The capped reader of every request's body: the API, the quiz without JavaScript, the desk's forms, the
 * webhooks. Over `max` bytes it answers 413 without reading further.
 */
export async function readCappedText(request: Request, max: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(request, max));
}

/**
 * readCappedText's bytes, undecoded: what a signature is checked over (a body that is not valid UTF-8 must not be
 * changed by decoding it before the check).
 */
export async function readCappedBytes(request: Request, max: number): Promise<Uint8Array> {
  const bytes = await cappedBytes(request, max);
  if (bytes === null) {
    throw new ApiException(413, 'payload_too_large', `The request body must be at most ${max} bytes.`);
  }
  return bytes;
}

/**
 * A signed body's JSON, read from the bytes as they arrived (readCappedBytes), after its signature was checked over
 * them: decoded as UTF-8 with a leading byte-order mark dropped, any byte that is not UTF-8 read as U+FFFD (it can
 * change a string, never what was checked). Undefined when the bytes are not JSON.
 */
export function jsonOfBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads a request's or a response's body as text up to `max` bytes (cappedBytes). Null when the body is larger.
 */
export async function readCapped(message: Request | Response, max: number): Promise<string | null> {
  const bytes = await cappedBytes(message, max);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/**
 * A body's bytes up to `max`, counted as they arrive: a chunked body (no Content-Length) is never read whole,
 * and a declared length over `max` is not read at all. Null when the body is larger.
 */
export async function cappedBytes(message: Request | Response, max: number): Promise<Uint8Array | null> {
  if (Number(message.headers.get('content-length') ?? '0') > max) {
    await message.body?.cancel().catch(() => {});
    return null;
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a POST's body once and keeps the object for the honeypot, Turnstile and the route's validation.
 * Not an object is a 400 invalid_body. The cap is readRequestBody's: it stops at MAX_BODY_BYTES while the
 * body streams in and answers 413 in the one error shape, so no hono/body-limit middleware runs before it.
 *
 * @example api.use('/quiz', keepBodyObject())
 */
export function keepBodyObject(): MiddlewareHandler {
  return async function keepBodyObjectMiddleware(c, next) {
    if (c.req.method !== 'POST') return next();
    const { value } = await readRequestBody(c);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ApiException(400, 'invalid_body', 'The request body must be a JSON object.');
    }
    c.set('body', value as Record<string, unknown>);
    return next();
  };
}

/** The body keepBodyObject() read, or an empty object on a route that has none. */
export function bodyOf(c: Context): Record<string, unknown> {
  return c.get('body') ?? {};
}

/**
 * Validates the body keepBodyObject() read (JSON or a plain HTML form) with a form's schema;
 * fields that fail are a 400 invalid_input with the message for each field.
 *
 * @example
 * const input = await readInput(c, NewsletterSchema);
 */
export async function readInput<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const parsed = await schema.safeParseAsync(bodyOf(c));
  if (!parsed.success) {
    throw new ApiException(400, 'invalid_input', site.forms.checkFields, fieldErrors(parsed.error));
  }
  return parsed.data;
}
