import { hex } from '../store/keyed-hash';

/** The bytes of a client page's token: 128 random bits, far beyond guessing anyone's. */
const TOKEN_BYTES = 16;

/** A new token for `/c/:token`: random bytes from the platform's CSPRNG as base64url (22 characters). */
export function newClientToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** What a token looks like: anything else is an unknown page without a database read. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * The hash the store keeps in place of a token: SHA-256, lower-case hex. A token is 128 random bits, so no key is
 * needed to keep it from being guessed back; the store never holds the token itself.
 */
export async function clientTokenHash(token: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
}

/** A new id for an engagement or a testimonial: 128 random bits, base64url. */
export const newClientId = newClientToken;

/** A new booking reference for an engagement's "Book next session" link: 96 random bits, hex (as a lead's). */
export function newEngagementReference(): string {
  return hex(crypto.getRandomValues(new Uint8Array(12)));
}
