/**
 * Verification of the Cloudflare Access assertion (`Cf-Access-Jwt-Assertion`):
 * an RS256 JWT signed by one of the team's keys, published at
 * `${teamDomain}/cdn-cgi/access/certs`. Keys are cached per isolate and fetched
 * again when a token names a key id the cache does not hold (keys rotate).
 */

export interface AccessSettings {
  /** `https://<team>.cloudflareaccess.com`, also the expected `iss`. */
  teamDomain: string;
  /** The Access application's AUD tag; `aud` must contain it. */
  aud: string;
}

export type AccessResult = { ok: true; email: string } | { ok: false; reason: string };

interface Jwk extends JsonWebKey {
  kid?: string;
}

/** A refetch for an unknown key id happens at most this often, so forged ids cannot flood the certs URL. */
const REFETCH_AFTER_MS = 30_000;
/** Keys are refreshed this often even when every token names a known id. */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;

interface KeySet {
  keys: Map<string, CryptoKey>;
  fetchedAt: number;
}
const keySets = new Map<string, KeySet>();

/** Forgets the cached keys (tests start each case from an empty cache). */
export function clearAccessKeyCache(): void {
  keySets.clear();
}

export function certsUrl(teamDomain: string): string {
  return `${teamDomain}/cdn-cgi/access/certs`;
}

export async function verifyAccessJwt(
  token: string | undefined,
  settings: AccessSettings,
  now = Date.now(),
): Promise<AccessResult> {
  if (!token) return { ok: false, reason: 'missing assertion' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const [head, body, signature] = parts as [string, string, string];
  const header = decodeJson(head);
  const claims = decodeJson(body);
  if (!header || !claims) return { ok: false, reason: 'malformed token' };
  if (header.alg !== 'RS256') return { ok: false, reason: `algorithm ${String(header.alg)} refused` };
  if (typeof header.kid !== 'string' || header.kid === '') return { ok: false, reason: 'no key id' };

  const key = await keyFor(settings.teamDomain, header.kid, now);
  if (!key) return { ok: false, reason: 'unknown key id' };
  const sig = decodeBytes(signature);
  if (!sig) return { ok: false, reason: 'malformed signature' };
  const signed = new TextEncoder().encode(`${head}.${body}`);
  const valid = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, sig, signed);
  if (!valid) return { ok: false, reason: 'bad signature' };

  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) return { ok: false, reason: 'expired' };
  if (typeof claims.nbf === 'number' && claims.nbf > seconds) return { ok: false, reason: 'not yet valid' };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(settings.aud)) return { ok: false, reason: 'wrong audience' };
  if (claims.iss !== settings.teamDomain) return { ok: false, reason: 'wrong issuer' };
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) return { ok: false, reason: 'no email' };
  return { ok: true, email: claims.email.toLowerCase() };
}

async function keyFor(teamDomain: string, kid: string, now: number): Promise<CryptoKey | undefined> {
  let set = keySets.get(teamDomain);
  const stale = !set || now - set.fetchedAt > MAX_AGE_MS;
  const unknownKid = set && !set.keys.has(kid) && now - set.fetchedAt > REFETCH_AFTER_MS;
  if (stale || unknownKid) {
    set = { keys: await fetchKeys(teamDomain), fetchedAt: now };
    keySets.set(teamDomain, set);
  }
  return set?.keys.get(kid);
}

async function fetchKeys(teamDomain: string): Promise<Map<string, CryptoKey>> {
  const res = await fetch(certsUrl(teamDomain), { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Access certs answered ${res.status}`);
  const body = (await res.json()) as { keys?: Jwk[] };
  const keys = new Map<string, CryptoKey>();
  for (const jwk of body.keys ?? []) {
    if (jwk.kty !== 'RSA' || !jwk.kid) continue;
    const key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RS256', ext: true },
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    keys.set(jwk.kid, key);
  }
  return keys;
}

function decodeBytes(part: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = decodeBytes(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
