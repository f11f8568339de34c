// Turnstile siteverify stand-in: Cloudflare's documented test secrets. The pass secret accepts
// XXXX.DUMMY.TOKEN.XXXX; any other token is invalid-input-response; an unknown secret is invalid-input-secret.
import { register } from './index.mjs';

const PASS = '1x0000000000000000000000000000000AA';
const FAIL = '2x0000000000000000000000000000000AA';

register('turnstile', ({ req, body }) => {
  const form = new URLSearchParams(body);
  const secret = form.get('secret');
  const token = form.get('response');
  const answer = (success, codes) => ({ status: 200, body: JSON.stringify({ success, 'error-codes': codes }) });
  if (req.method !== 'POST') return { status: 405, body: '{}' };
  if (!secret) return answer(false, ['missing-input-secret']);
  if (secret !== PASS && secret !== FAIL) return answer(false, ['invalid-input-secret']);
  if (!token) return answer(false, ['missing-input-response']);
  if (secret === FAIL || token !== 'XXXX.DUMMY.TOKEN.XXXX') return answer(false, ['invalid-input-response']);
  return answer(true, []);
});
