// Turnstile siteverify stand-in: Cloudflare's documented test secrets. The pass secret accepts
// XXXX.DUMMY.TOKEN.XXXX; any other token is invalid-input-response; an unknown secret is invalid-input-secret.
// Takes the form as siteverify does: urlencoded (the operator scripts) or multipart (the Worker).
// Control: POST /__control {service: 'turnstile', secret, hostname, action} makes `secret` pass too, the
// answer carrying that hostname and action (where and for which form the widget was solved). With a configured
// secret, the token XXXX.DUMMY.TOKEN.XXXX:<form> names the form it was solved for instead (`npm run abuse` buys
// tokens for two forms at once).
import { register } from './index.mjs';

const PASS = '1x0000000000000000000000000000000AA';
const FAIL = '2x0000000000000000000000000000000AA';

async function readForm(req, body) {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return new URLSearchParams(body);
  const form = await new Request('http://standin/', { method: 'POST', headers: { 'content-type': type }, body })
    .formData()
    .catch(() => new FormData());
  return { get: (name) => (typeof form.get(name) === 'string' ? form.get(name) : null) };
}

register('turnstile', async ({ req, body, config }) => {
  const answer = (success, codes, extra = {}) => ({
    status: 200,
    body: JSON.stringify({ success, 'error-codes': codes, ...extra }),
  });
  if (req.method !== 'POST') return { status: 405, body: '{}' };
  const form = await readForm(req, body);
  const secret = form.get('secret');
  const token = form.get('response');
  const configured = config.secret !== undefined && secret === config.secret;
  if (!secret) return answer(false, ['missing-input-secret']);
  if (secret !== PASS && secret !== FAIL && !configured) return answer(false, ['invalid-input-secret']);
  if (!token) return answer(false, ['missing-input-response']);
  const [dummy, solvedFor] = token.split(':');
  const named = configured && solvedFor !== undefined && /^[a-z]+$/.test(solvedFor);
  if (secret === FAIL || dummy !== 'XXXX.DUMMY.TOKEN.XXXX' || (solvedFor !== undefined && !named))
    return answer(false, ['invalid-input-response']);
  return answer(true, [], configured ? { hostname: config.hostname, action: named ? solvedFor : config.action } : {});
});
