// Cloudflare Access stand-in for `wrangler dev` runs (Playwright): publishes a team's signing key at
// /access/cdn-cgi/access/certs and, for tests only, signs assertions as Access would after a sign-in:
// POST /access/__sign {email?, aud?, expiresIn?} answers {token}. The team domain the Worker is given
// is http://127.0.0.1:STANDIN_PORT/access (http is accepted only with ENVIRONMENT=development).
import { webcrypto } from 'node:crypto';
import { register } from './index.mjs';

export const ACCESS_AUD = 'e2e-desk-application-aud';
const KID = 'standin-kid-1';

const pair = await webcrypto.subtle.generateKey(
  { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
  true,
  ['sign', 'verify'],
);
const publicJwk = await webcrypto.subtle.exportKey('jwk', pair.publicKey);
const b64url = (data) => Buffer.from(data).toString('base64url');

async function sign(teamDomain, { email = 'priya@example.com', aud = ACCESS_AUD, expiresIn = 3600 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'RS256', kid: KID, typ: 'JWT' }));
  const body = b64url(
    JSON.stringify({ aud: [aud], email, exp: now + expiresIn, iat: now, nbf: now, iss: teamDomain, type: 'app' }),
  );
  const sig = await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', pair.privateKey, Buffer.from(`${head}.${body}`));
  return `${head}.${body}.${b64url(new Uint8Array(sig))}`;
}

register('access', async ({ req, body, url }) => {
  const teamDomain = `http://${req.headers.host}/access`;
  if (req.method === 'GET' && url.pathname === '/access/cdn-cgi/access/certs') {
    const key = { kty: 'RSA', alg: 'RS256', use: 'sig', kid: KID, n: publicJwk.n, e: publicJwk.e };
    return { status: 200, body: JSON.stringify({ keys: [key], public_cert: { kid: KID }, public_certs: [] }) };
  }
  if (req.method === 'POST' && url.pathname === '/access/__sign') {
    return { status: 200, body: JSON.stringify({ token: await sign(teamDomain, JSON.parse(body || '{}')) }) };
  }
  return { status: 404, body: JSON.stringify({ error: 'not served by the Access stand-in' }) };
});
