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

function tooLarge(max: number): ApiException {
  return new ApiException(413, 'payload_too_large', `The request body must be at most ${max} bytes.`);
}

/**
 * The one capped reader of a request's body, for every route that reads one: the API, the quiz without
 * JavaScript, the desk's forms, the webhooks. It counts bytes as they arrive and stops at `max` with a 413,
 * so a chunked body (no Content-Length) is never read whole; a declared length over `max` is refused unread.
 */
export async function readCappedText(request: Request, max: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > max) throw tooLarge(max);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
