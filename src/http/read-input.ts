import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiException } from './errors';
import { bodyOf } from './json-body';
import { fieldErrors } from '../shared/lead-schemas';

/** Larger than any form the site has (the longest, an enquiry, is about 2.5 KB). */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Validates the body jsonBody() read with a form's schema; fields that fail
 * are a 400 invalid_input naming each field.
 *
 * @example
 * const input = await readInput(c, NewsletterSchema);
 */
export async function readInput<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const parsed = await schema.safeParseAsync(bodyOf(c));
  if (!parsed.success) {
    throw new ApiException(400, 'invalid_input', 'Please check the highlighted fields.', fieldErrors(parsed.error));
  }
  return parsed.data;
}
