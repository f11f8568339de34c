/**
 * The service-account side of Google's OAuth token exchange: test keys (a real
 * RSA key pair made at test time, the private half PEM-encoded as a service
 * account's JSON key holds it) and the checks Google makes on the signed JWT.
 */
export interface TrustedKey {
  clientEmail: string;
  keyId: string;
  publicKey: CryptoKey;
}
export type TrustedKeys = Map<string, TrustedKey>;

export interface ServiceAccountKey {
  keyId: string;
  privateKeyPem: string;
  publicKey: CryptoKey;
}

/** A fresh RS256 key pair, the private key as PKCS#8 PEM. */
export async function makeServiceAccountKey(keyId: string): Promise<ServiceAccountKey> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer;
  const base64 = btoa(String.fromCharCode(...new Uint8Array(pkcs8)));
  const lines = base64.match(/.{1,64}/g)!.join('\n');
  return {
    keyId,
    publicKey: pair.publicKey,
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${lines}\n-----END PRIVATE KEY-----\n`,
  };
}

/** What Google checks before it answers with an access token; reasons are Google's own wording. */
export async function checkAssertion(
  assertion: string,
  keys: TrustedKeys,
  audience: string,
): Promise<{ ok: true; clientEmail: string; keyId: string } | { ok: false; reason: string }> {
  const [head, body, signature] = assertion.split('.');
  if (!head || !body || !signature)
    return { ok: false, reason: 'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.' };
  const header = decode(head);
  const claims = decode(body);
  if (header?.alg !== 'RS256') return { ok: false, reason: 'Invalid JWT: unsupported signing algorithm.' };
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims?.iat);
  const exp = Number(claims?.exp);
  if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) {
    return {
      ok: false,
      reason: 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
    };
  }
  if (claims?.aud !== audience) return { ok: false, reason: 'Invalid JWT: audience does not match.' };
  if (
    !String(claims?.scope ?? '')
      .split(' ')
      .includes('https://www.googleapis.com/auth/datastore')
  ) {
    return { ok: false, reason: 'Invalid OAuth scope or ID token audience provided.' };
  }
  const candidates = [...keys.values()].filter((k) => k.clientEmail === claims?.iss);
  if (candidates.length === 0) return { ok: false, reason: 'Invalid grant: account not found' };
  const data = new TextEncoder().encode(`${head}.${body}`);
  for (const key of candidates) {
    if (await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key.publicKey, bytes(signature), data)) {
      return { ok: true, clientEmail: key.clientEmail, keyId: key.keyId };
    }
  }
  return { ok: false, reason: 'Invalid JWT Signature.' };
}

function decode(part: string): Record<string, unknown> | null {
  try {
    return JSON.parse(new TextDecoder().decode(bytes(part)));
  } catch {
    return null;
  }
}

function bytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
