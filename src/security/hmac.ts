/**
 * Signed webhooks (WhatsApp, Cal.com, Calendly) sign the raw body with HMAC-SHA256 and send the MAC as hex. The
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

/** `a` then `b`, as one array: a signed prefix (Calendly's `t.`) joined to the body's bytes. */
export function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}

function bytesOfHex(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}
