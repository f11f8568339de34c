/**
 * Signed webhooks (WhatsApp, Cal.com, Calendly, Razorpay, Kit) sign the raw body with HMAC-SHA256 and send the MAC as hex. The
 * check runs over the bytes as they arrived (never a decoded and re-encoded copy) and compares in constant time
 * (crypto.subtle.verify).
 */
const encoder = new TextEncoder();
const HEX_MAC = /^[0-9a-f]{64}$/i;

/**
 * True when one of `macs` (hex) is HMAC-SHA256(secret, data). A MAC that is not 64 hex digits never matches.
 *
 * @example await signedWith(secret, raw, [header])
 */
export async function signedWith(secret: string, data: Uint8Array, macs: readonly string[]): Promise<boolean> {
  const wellFormed = macs.filter((mac) => HEX_MAC.test(mac));
  if (wellFormed.length === 0) return false;
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  for (const mac of wellFormed) {
    if (await crypto.subtle.verify('HMAC', key, bytesOfHex(mac), data)) return true;
  }
  return false;
}

/**
 * The check of a sender's `t=<unix seconds>,v1=<hex>[,v1=…]` signature header (Calendly's, Kit's; parts in any
 * order, several v1 allowed while a secret rotates): v1 is hex HMAC-SHA256 of `<t>.` followed by the raw body's
 * bytes. The check answers 'stale' when the signature holds but `t` is more than `toleranceSeconds` from `now`,
 * either way (an older delivery is a replay); 'invalid' when it is missing, malformed or matches no v1.
 *
 * @example export const verifyKit = timestampedSignature(300);
 */
export function timestampedSignature(toleranceSeconds: number) {
  return async function verifyTimestamped(
    raw: Uint8Array,
    header: string | undefined,
    secret: string,
    now: Date,
  ): Promise<'ok' | 'stale' | 'invalid'> {
    const timestamps: string[] = [];
    const macs: string[] = [];
    for (const part of (header ?? '').split(',')) {
      const at = part.indexOf('=');
      if (at === -1) continue;
      const [name, value] = [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      if (name === 't') timestamps.push(value);
      else if (name === 'v1') macs.push(value);
    }
    // One timestamp, in seconds: two are a malformed header, not a choice.
    const t = timestamps.length === 1 ? timestamps[0] : undefined;
    if (t === undefined || !/^\d{1,12}$/.test(t)) return 'invalid';
    if (!(await signedWith(secret, joinBytes(encoder.encode(`${t}.`), raw), macs))) return 'invalid';
    const age = now.getTime() / 1000 - Number(t);
    return Math.abs(age) > toleranceSeconds ? 'stale' : 'ok';
  };
}

/** `a` then `b`, as one array: a signed prefix (Calendly's `t.`) joined to the body's bytes. */
function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}

function bytesOfHex(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** Bytes as base64url, without padding. */
export const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const hmacKey = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);

/** A link's signature: HMAC-SHA256 of `text` under `secret`, as base64url (43 characters). */
export async function signText(secret: string, text: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(text)));
}

/**
 * Whether `signature` is signText(secret, text), compared in constant time by WebCrypto. Only its one spelling
 * passes: the last character's spare bits, which a decoder ignores, may not vary.
 */
export async function verifyText(secret: string, text: string, signature: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const bytes = fromBase64url(signature);
  if (base64url(bytes) !== signature) return false;
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), bytes, encoder.encode(text));
}
