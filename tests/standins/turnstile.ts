/**
 * Stand-in of Turnstile's siteverify endpoint with Cloudflare's documented test
 * keys: secret 1x…AA passes, 2x…AA fails; the test widget token is
 * XXXX.DUMMY.TOKEN.XXXX. Like the real service, each token verifies once
 * (a second use answers timeout-or-duplicate). Requests must be form posts.
 */
export const PASS_SECRET = '1x0000000000000000000000000000000AA';
export const FAIL_SECRET = '2x0000000000000000000000000000000AA';
export const PASS_SITE_KEY = '1x00000000000000000000AA';
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
export const VERIFY_URL = 'https://turnstile.standin.test/siteverify';

/** `answer` is what a passing token reports: where it was solved and for which form. */
export function createTurnstileStandin(answer: { hostname?: string; action?: string } = {}) {
  const { hostname = 'site.test', action = 'newsletter' } = answer;
  const used = new Set<string>();
  const calls: Array<{ secret: string; response: string; remoteip: string | null }> = [];
  const json = (body: object) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  return {
    calls,
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      if (request.url !== VERIFY_URL || request.method !== 'POST') return new Response('not found', { status: 404 });
      const form = await request.formData().catch(() => null);
      const secret = form?.get('secret');
      const response = form?.get('response');
      if (typeof secret !== 'string' || typeof response !== 'string') {
        return json({ success: false, 'error-codes': ['missing-input-secret', 'missing-input-response'] });
      }
      calls.push({ secret, response, remoteip: (form?.get('remoteip') as string | null) ?? null });
      if (secret === FAIL_SECRET) return json({ success: false, 'error-codes': ['invalid-input-response'] });
      if (secret !== PASS_SECRET) return json({ success: false, 'error-codes': ['invalid-input-secret'] });
      if (used.has(response)) return json({ success: false, 'error-codes': ['timeout-or-duplicate'] });
      used.add(response);
      return json({ success: true, 'error-codes': [], hostname, action });
    },
  };
}
