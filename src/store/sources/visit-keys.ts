import { hex } from '../keyed-hash';

/**
 * The keys the counts of visits are made with: HMAC-SHA256 of the secret (ERASURE_KEY) and a period (the day of the
 * visit fingerprints, the hour of the quiz's step counts), derived whenever it is needed and stored nowhere, so the
 * database never holds it beside the hashes. Another period has another key: a fingerprint of one period cannot be
 * matched with another's.
 */
const encoder = new TextEncoder();

/** What a key is for: `visits` (a day's fingerprints: visits.ts), `funnel` (an hour's quiz steps: counters.ts). */
export type KeyScope = 'visits' | 'funnel';

const hmacKey = (raw: BufferSource) =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/** Each scope's key of its current period, kept in the isolate once derived (a count then costs no derivation). */
const kept = new Map<KeyScope, { secret: string; period: string; key: Promise<CryptoKey> }>();

function periodKey(secret: string, scope: KeyScope, period: string): Promise<CryptoKey> {
  const found = kept.get(scope);
  if (found?.secret === secret && found.period === period) return found.key;
  const key = hmacKey(encoder.encode(secret))
    .then((root) => crypto.subtle.sign('HMAC', root, encoder.encode(`${scope}|${period}`)))
    .then(hmacKey);
  // A failed derivation is not kept: the next count tries again.
  key.catch(() => {
    if (kept.get(scope)?.key === key) kept.delete(scope);
  });
  kept.set(scope, { secret, period, key });
  return key;
}

/** The hex fingerprint of `text` in `period` of `scope`: HMAC-SHA256 under that period's key. */
export async function periodFingerprint(secret: string, scope: KeyScope, period: string, text: string) {
  return hex(await crypto.subtle.sign('HMAC', await periodKey(secret, scope, period), encoder.encode(text)));
}

/** The hex fingerprint of `text` on `day` (YYYY-MM-DD): HMAC-SHA256 under the day's key. */
export const visitFingerprint = (secret: string, day: string, text: string): Promise<string> =>
  periodFingerprint(secret, 'visits', day, text);
