// A Cloudflare Access team as every stand-in serves it: the Worker's tests in workerd (tests/standins/access.ts)
// and the Node stand-in (http/access.mjs) that `wrangler dev` and Playwright talk to. A team has RS256 signing keys,
// publishes them at {team domain}/cdn-cgi/access/certs, and signs an assertion after a sign-in the way Access
// does (RS256, `kid` in the header, `aud` an array). Web APIs only (crypto.subtle, Request, Response).

/** The signed-in person when a test names no one. */
export const OWNER = 'priya@example.com';
export const CERTS_PATH = '/cdn-cgi/access/certs';

/** A fresh RS256 key pair for the team, with the public half as the certs document lists it. */
export async function makeAccessKey(kid) {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
  const pub = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { kid, privateKey: pair.privateKey, jwk: { kty: 'RSA', alg: 'RS256', use: 'sig', n: pub.n, e: pub.e, kid } };
}

const b64url = (bytes) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const encode = (value) => b64url(new TextEncoder().encode(JSON.stringify(value)));

/**
 * The claims of an application token Access issues for `team` ({domain, aud}) at `now`, valid for an hour;
 * `overrides` replace any of them (undefined removes one from the signed JSON).
 */
export function claims(team, overrides = {}, now = Date.now()) {
  const seconds = Math.floor(now / 1000);
  return {
    aud: [team.aud],
    email: OWNER,
    exp: seconds + 3600,
    iat: seconds - 10,
    nbf: seconds - 10,
    iss: team.domain,
    type: 'app',
    sub: '7335d417-61da-459d-899c-0a01c76a2f94',
    identity_nonce: 'standin',
    country: 'IN',
    ...overrides,
  };
}

/** An assertion signed with `key`; `header` overrides (e.g. another kid or alg). */
export async function sign(key, payload, header = {}) {
  const head = encode({ alg: 'RS256', kid: key.kid, typ: 'JWT', ...header });
  const body = encode(payload);
  const sig = await crypto.subtle.sign(
    'RSASSA-PKCS1-v1_5',
    key.privateKey,
    new TextEncoder().encode(`${head}.${body}`),
  );
  return `${head}.${body}.${b64url(new Uint8Array(sig))}`;
}

/** An unsigned token, as an attacker would send one. */
export function unsigned(payload) {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/**
 * The team's web endpoint: `handle(request, path)` answers GET {CERTS_PATH} with the certs document of `keys()`
 * (read on each call, so a rotation shows) and 404 to anything else; `path` is the request's path below the team
 * domain (default: the URL's path).
 */
export function createAccessTeam(keys) {
  return {
    handle(request, path = new URL(request.url).pathname) {
      if (request.method !== 'GET' || path !== CERTS_PATH) {
        return Response.json({ error: 'not served by the Access stand-in' }, { status: 404 });
      }
      const jwks = keys().map((k) => k.jwk);
      return Response.json({
        keys: jwks,
        public_cert: { kid: jwks[0]?.kid, cert: '-----BEGIN CERTIFICATE-----\n…' },
        public_certs: [],
      });
    },
  };
}
