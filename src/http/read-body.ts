import type { Context } from 'hono';
import { ApiException } from './errors';
import { fieldsToObject } from '../shared/form-fields';

/** Larger than any form the site has (the longest, an enquiry, is about 2.5 KB). */
export const MAX_BODY_BYTES = 16 * 1024;

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
 * const { value } = await readBody(c);
 */
export function readBody(c: Context): Promise<Body> {
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
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) throw tooLarge();

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

function tooLarge(): ApiException {
  return new ApiException(413, 'payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
}
