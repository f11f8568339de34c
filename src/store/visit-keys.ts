import { hex } from './keyed-hash';

/**
 * The key a day's visit fingerprints are made with: HMAC-SHA256 of the secret (ERASURE_KEY) and the day, derived
 * whenever it is needed and stored nowhere, so the database never holds it beside the hashes. Another day has
 * another key: a fingerprint of one day cannot be matched with another day's.
 */
const encoder = new TextEncoder();

const hmacKey = (raw: BufferSource) =>
  crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);

/** The day's key, kept in the isolate for its day once derived (a visit then costs no derivation). */
let kept: { secret: string; day: string; key: Promise<CryptoKey> } | undefined;

function dayKey(secret: string, day: string): Promise<CryptoKey> {
  if (kept?.secret === secret && kept.day === day) return kept.key;
  const key = hmacKey(encoder.encode(secret))
    .then((root) => crypto.subtle.sign('HMAC', root, encoder.encode(`visits|${day}`)))
    .then(hmacKey);
  // A failed derivation is not kept: the next visit tries again.
  key.catch(() => {
    if (kept?.key === key) kept = undefined;
  });
  kept = { secret, day, key };
  return key;
}

/** The hex fingerprint of `text` on `day` (YYYY-MM-DD): HMAC-SHA256 under the day's key. */
export async function visitFingerprint(secret: string, day: string, text: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', await dayKey(secret, day), encoder.encode(text)));
}
