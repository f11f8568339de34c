/**
 * A stand-in for a Cloudflare Access team: its signing keys, the certs document
 * it publishes at `${teamDomain}/cdn-cgi/access/certs`, and assertions signed
 * the way Access signs them (RS256, `kid` in the header, `aud` as an array).
 */
export const TEAM_DOMAIN = 'https://aliveness-test.cloudflareaccess.com';
export const AUD = 'd1e5c0ffee0000aud0000000000000000000000000000000000000000000000';
export const OWNER = 'priya@example.com';

export interface AccessKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JsonWebKey & { kid: string };
}

export async function makeAccessKey(kid: string): Promise<AccessKey> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const pub = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  return { kid, privateKey: pair.privateKey, jwk: { kty: 'RSA', alg: 'RS256', use: 'sig', n: pub.n, e: pub.e, kid } };
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const encode = (value: object) => b64url(new TextEncoder().encode(JSON.stringify(value)));

export function claims(overrides: Record<string, unknown> = {}, now = Date.now()): Record<string, unknown> {
  const seconds = Math.floor(now / 1000);
  return {
    aud: [AUD],
    email: OWNER,
    exp: seconds + 3600,
    iat: seconds - 10,
    nbf: seconds - 10,
    iss: TEAM_DOMAIN,
    type: 'app',
    sub: '7335d417-61da-459d-899c-0a01c76a2f94',
    identity_nonce: 'standin',
    country: 'IN',
    ...overrides,
  };
}

/** An assertion signed with `key`; `header` overrides (e.g. another kid or alg). */
export async function sign(
  key: AccessKey,
  payload: Record<string, unknown> = claims(),
  header: Record<string, unknown> = {},
): Promise<string> {
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
export function unsigned(payload: Record<string, unknown> = claims()): string {
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

/** A fetch that serves the certs document of `keys()` (read on each call, so a rotation shows) and counts requests. */
export function certsFetch(keys: () => AccessKey[]) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new Request(input).url;
    calls.push(url);
    if (url !== `${TEAM_DOMAIN}/cdn-cgi/access/certs`) return new Response('not the certs URL', { status: 404 });
    const jwks = keys().map((k) => k.jwk);
    return Response.json({
      keys: jwks,
      public_cert: { kid: jwks[0]?.kid, cert: '-----BEGIN CERTIFICATE-----\n…' },
      public_certs: [],
    });
  };
  return { fetch, calls };
}
