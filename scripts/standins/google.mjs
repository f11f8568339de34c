// Google OAuth token endpoint and a Firestore read, for the operator scripts' live checks.
//   POST /google/token  service-account JWT grant: RS256 signature against a trusted public key,
//                       aud equal to this endpoint, scope datastore, a short lifetime; else Google's
//                       400 {"error":"invalid_grant","error_description":…}
//   GET  /google/v1/projects/{p}/databases/(default)/documents/{collection}  needs a token it issued
// Control: POST /__control {service: 'google', projectId, trusted: {clientEmail: publicKeyPem}}.
import { createPublicKey, verify } from 'node:crypto';
import { register } from './index.mjs';

const issued = new Set();
let tokenCounter = 0;

const refuse = (description) => ({
  status: 400,
  body: JSON.stringify({ error: 'invalid_grant', error_description: description }),
});

register('google', ({ req, body, url, config }) => {
  const path = url.pathname.replace(/^\/google/, '');
  if (req.method === 'POST' && path === '/token') {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse('Invalid grant_type');
    const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
    if (!head || !claims || !signature) return refuse('Invalid JWT.');
    let header;
    let payload;
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString());
      payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    } catch {
      return refuse('Invalid JWT.');
    }
    const pem = config.trusted?.[payload.iss];
    if (header.alg !== 'RS256' || !pem) return refuse('Invalid JWT Signature.');
    const valid = verify(
      'RSA-SHA256',
      Buffer.from(`${head}.${claims}`),
      createPublicKey(pem),
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) return refuse('Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    if (payload.aud !== url.href.split('?')[0]) return refuse('Invalid JWT: audience does not match.');
    if (!(payload.iat <= now + 60 && payload.exp > now && payload.exp - payload.iat <= 3600)) {
      return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
    }
    if (
      !String(payload.scope ?? '')
        .split(' ')
        .includes('https://www.googleapis.com/auth/datastore')
    ) {
      return refuse('Invalid OAuth scope or ID token audience provided.');
    }
    const token = `ya29.standin-${++tokenCounter}`;
    issued.add(token);
    return { status: 200, body: JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }) };
  }
  const m = /^\/v1\/projects\/([^/]+)\/databases\/\(default\)\/documents\/([a-z_]+)$/.exec(path);
  if (req.method === 'GET' && m) {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !issued.has(token)) {
      return {
        status: 401,
        body: JSON.stringify({
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        }),
      };
    }
    if (decodeURIComponent(m[1]) !== config.projectId) {
      return {
        status: 403,
        body: JSON.stringify({
          error: { code: 403, message: 'Missing or insufficient permissions.', status: 'PERMISSION_DENIED' },
        }),
      };
    }
    return { status: 200, body: '{}' };
  }
  return { status: 404, body: JSON.stringify({ error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } }) };
});
