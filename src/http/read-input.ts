import type { Context } from 'hono';
import type { z } from 'zod';
import { site } from '../content/site';
import { ApiException } from './errors';
import { bodyOf } from './json-body';
import { fieldErrors } from '../shared/lead-schemas';

/**
 * Validates the body requestBody() read (JSON or a plain HTML form) with a form's schema;
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
