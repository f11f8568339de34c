import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiException } from './errors';
import { fieldErrors } from '../shared/lead-schemas';

/** Larger than any form the site has (the longest, an enquiry, is about 2.5 KB). */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON request body and validates it with a form's schema. Every way
 * a body can be wrong becomes a 4xx in the one error shape, never a 500:
 * not JSON (415), too large (413), malformed (400 invalid_json), not an
 * object (400 invalid_body), fields that fail the schema (400 invalid_input).
 *
 * @example
 * const input = await readInput(c, NewsletterSchema);
 */
export async function readInput<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  // text/plain would let any site post here from a plain HTML form; JSON needs a CORS preflight.
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiException(415, 'unsupported_media_type', 'Send the form as application/json.');
  }
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const text = await c.req.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) throw tooLarge();

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiException(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiException(400, 'invalid_body', 'The request body must be a JSON object.');
  }

  const parsed = await schema.safeParseAsync(body);
  if (!parsed.success) {
    throw new ApiException(400, 'invalid_input', 'Please check the highlighted fields.', fieldErrors(parsed.error));
  }
  return parsed.data;
}

function tooLarge(): ApiException {
  return new ApiException(413, 'payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
}
