const encoder = new TextEncoder();

/** Bytes as lower-case hex. */
export const hex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * HMAC-SHA256 of `text` under `secret`, as hex of its first `bytes` bytes (all 32 by default): what the site
 * keeps, or shows, in place of a number, an address or a message id. Without the secret nobody can test a
 * phone number against it.
 */
export async function keyedHash(secret: string, text: string, bytes = 32): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return hex(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))).slice(0, bytes));
}
