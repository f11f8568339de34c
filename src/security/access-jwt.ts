/**
 * Verification of the Cloudflare Access assertion (`Cf-Access-Jwt-Assertion`):
 * an RS256 JWT signed by one of the team's keys, published at
 * `${teamDomain}/cdn-cgi/access/certs`. Keys are cached per isolate and fetched
 * again when a token names a key id the cache does not hold (keys rotate).
 * A fetch has a deadline and is shared by the requests that wait for it; when a
 * refresh fails, the last good keys serve for up to a day, so a slow or failing
 * certs URL does not lock the owners out.
 */
import { logEvent } from '../log';

export interface AccessSettings {
  /** `https://<team>.cloudflareaccess.com`, also the expected `iss`. */
  teamDomain: string;
  /** The Access application's AUD tag; `aud` must contain it. */
  aud: string;
  /** How long one fetch of the certs may take (default ACCESS_KEYS_TIMEOUT_MS). */
  keysTimeoutMs?: number;
}

export type AccessResult = { ok: true; email: string } | { ok: false; reason: string };

interface Jwk extends JsonWebKey {
  kid?: string;
}

/** A refetch for an unknown key id happens at most this often, so forged ids cannot flood the certs URL. */
const REFETCH_AFTER_MS = 30_000;
/** Keys are refreshed this often even when every token names a known id. */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** When a refresh fails, the last good keys serve for this long after they were fetched. */
export const KEEP_LAST_GOOD_MS = 24 * 60 * 60 * 1000;
/** One fetch of the certs may take this long. */
export const ACCESS_KEYS_TIMEOUT_MS = 3_000;
/** Clocks differ: `exp` and `nbf` are allowed this much either way. */
export const CLOCK_SKEW_SECONDS = 60;

interface KeySet {
  keys: Map<string, CryptoKey>;
  /** When these keys were fetched. */
  fetchedAt: number;
  /** When the certs were last asked for (fetched or failed). */
  checkedAt: number;
  /** No refresh before this time unless a token names an unknown key id. */
  refreshAt: number;
}
const keySets = new Map<string, KeySet>();
/** The fetch in flight per team: concurrent requests wait for the same one. */
const inFlight = new Map<string, Promise<void>>();

/** Forgets the cached keys (tests start each case from an empty cache). */
export function clearAccessKeyCache(): void {
  keySets.clear();
  inFlight.clear();
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

  const key = await keyFor(settings, header.kid, now);
  if (!key) return { ok: false, reason: 'unknown key id' };
  const sig = decodeBytes(signature);
  if (!sig) return { ok: false, reason: 'malformed signature' };
  const signed = new TextEncoder().encode(`${head}.${body}`);
  const valid = await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, sig, signed);
  if (!valid) return { ok: false, reason: 'bad signature' };

  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS <= seconds) {
    return { ok: false, reason: 'expired' };
  }
  if (typeof claims.nbf === 'number' && claims.nbf - CLOCK_SKEW_SECONDS > seconds) {
    return { ok: false, reason: 'not yet valid' };
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(settings.aud)) return { ok: false, reason: 'wrong audience' };
  if (claims.iss !== settings.teamDomain) return { ok: false, reason: 'wrong issuer' };
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) return { ok: false, reason: 'no email' };
  return { ok: true, email: claims.email.toLowerCase() };
}

async function keyFor(settings: AccessSettings, kid: string, now: number): Promise<CryptoKey | undefined> {
  const set = keySets.get(settings.teamDomain);
  const due = !set || now >= set.refreshAt;
  const unknownKid = set && !set.keys.has(kid) && now - set.checkedAt > REFETCH_AFTER_MS;
  if (due || unknownKid) await refresh(settings, now);
  return keySets.get(settings.teamDomain)?.keys.get(kid);
}

/**
 * Fetches the team's keys, once for all the requests waiting at the moment. A failure keeps the last good
 * keys while they are less than KEEP_LAST_GOOD_MS old (and tries again after REFETCH_AFTER_MS); with none
 * that recent, it throws, and the desk answers 503.
 */
function refresh(settings: AccessSettings, now: number): Promise<void> {
  const { teamDomain } = settings;
  let pending = inFlight.get(teamDomain);
  if (!pending) {
    pending = fetchKeys(teamDomain, settings.keysTimeoutMs ?? ACCESS_KEYS_TIMEOUT_MS)
      .then(
        (keys) => void keySets.set(teamDomain, { keys, fetchedAt: now, checkedAt: now, refreshAt: now + MAX_AGE_MS }),
        (err: unknown) => {
          const last = keySets.get(teamDomain);
          if (!last || now - last.fetchedAt > KEEP_LAST_GOOD_MS) throw err;
          keySets.set(teamDomain, { ...last, checkedAt: now, refreshAt: now + REFETCH_AFTER_MS });
          logEvent('warn', 'security.access-keys', {
            outcome: 'kept the last good keys',
            fetchedAt: new Date(last.fetchedAt).toISOString(),
            error: err instanceof Error ? err.message : String(err),
          });
        },
      )
      .finally(() => inFlight.delete(teamDomain));
    inFlight.set(teamDomain, pending);
  }
  return pending;
}

async function fetchKeys(teamDomain: string, timeoutMs: number): Promise<Map<string, CryptoKey>> {
  const res = await fetch(certsUrl(teamDomain), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
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
