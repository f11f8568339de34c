// Turnstile's siteverify as every stand-in answers it: the Worker's tests in workerd (tests/standins/turnstile.ts),
// and the Node stand-in (http/turnstile.mjs) that `wrangler dev`, Playwright and the operator scripts talk to.
// Web APIs only (Request, Response, FormData), so both runtimes share these rules.
// Cloudflare's documented test keys: the secret PASS_SECRET passes, FAIL_SECRET refuses every token; the test
// widget's token is DUMMY_TOKEN. A token may name the form it was solved for (DUMMY_TOKEN:<form>) and carry a
// part of its own after that (DUMMY_TOKEN:<form>:<anything>), as each solve gives a new token. Like the real
// service, each token verifies once: a second use answers timeout-or-duplicate.

export const PASS_SECRET = '1x0000000000000000000000000000000AA';
export const FAIL_SECRET = '2x0000000000000000000000000000000AA';
export const PASS_SITE_KEY = '1x00000000000000000000AA';
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/**
 * One siteverify endpoint with its own memory of used tokens. `handle(request, settings)` answers one request;
 * settings: `secret` passes besides PASS_SECRET, and a passing answer carries `hostname` and `action` (where and
 * for which form the widget was solved; a token that names its form gives that form). `calls` lists the
 * checks asked for (secret, response, remoteip).
 */
export function createSiteverify() {
  const used = new Set();
  const calls = [];
  const answer = (success, codes, extra = {}) => Response.json({ success, 'error-codes': codes, ...extra });
  const field = (form, name) => {
    const value = form?.get(name);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  return {
    calls,
    async handle(request, settings = {}) {
      if (request.method !== 'POST') return new Response('{}', { status: 405 });
      // A urlencoded form (the operator scripts) or a multipart one (the Worker), as siteverify takes either.
      const form = await request.formData().catch(() => undefined);
      const secret = field(form, 'secret');
      const token = field(form, 'response');
      if (!secret) return answer(false, ['missing-input-secret']);
      const configured = settings.secret !== undefined && secret === settings.secret;
      if (secret !== PASS_SECRET && secret !== FAIL_SECRET && !configured) {
        return answer(false, ['invalid-input-secret']);
      }
      if (!token) return answer(false, ['missing-input-response']);
      calls.push({ secret, response: token, remoteip: field(form, 'remoteip') ?? null });
      const [dummy, solvedFor] = token.split(':');
      const named = solvedFor !== undefined && /^[a-z]+$/.test(solvedFor);
      if (secret === FAIL_SECRET || dummy !== DUMMY_TOKEN || (solvedFor !== undefined && !named)) {
        return answer(false, ['invalid-input-response']);
      }
      if (used.has(token)) return answer(false, ['timeout-or-duplicate']);
      used.add(token);
      return answer(true, [], { hostname: settings.hostname, action: named ? solvedFor : settings.action });
    },
  };
}
