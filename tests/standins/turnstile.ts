/**
 * Turnstile's siteverify inside workerd, with the rules every stand-in shares (tests/standins/turnstile-rules.mjs):
 * Cloudflare's documented test keys, tokens that verify once, form posts only.
 */
import { createSiteverify } from './turnstile-rules.mjs';

export { DUMMY_TOKEN, FAIL_SECRET, PASS_SECRET, PASS_SITE_KEY } from './turnstile-rules.mjs';
export const VERIFY_URL = 'https://turnstile.standin.test/siteverify';

/** `answer` is what a passing token reports: where it was solved and for which form. */
export function createTurnstileStandin(answer: { hostname?: string; action?: string } = {}) {
  const { hostname = 'site.test', action = 'newsletter' } = answer;
  const siteverify = createSiteverify();
  return {
    calls: siteverify.calls,
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (request.url !== VERIFY_URL) return new Response('not found', { status: 404 });
      return siteverify.handle(request, { hostname, action });
    },
  };
}
