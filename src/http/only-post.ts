import type { Context } from 'hono';
import { ApiException } from './errors';

/**
 * The fallback handler of a POST-only resource: any other method gets 405 with Allow.
 *
 * @example
 * quiz.all('/', onlyPost);
 */
export function onlyPost(_c: Context): never {
  throw new ApiException(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });
}
