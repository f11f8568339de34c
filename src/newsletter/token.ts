import { readConfig, type Env } from '../env';
import { signText, verifyText } from '../security/hmac';

// The unsubscribe link: /unsubscribe?t=<subscription id>.<HMAC-SHA256 of it>. The token names the
// subscription, never the address, and only the site (UNSUBSCRIBE_SECRET) can make one.

/** Where a subscriber unsubscribes; GET confirms, POST unsubscribes (also RFC 8058 one-click). */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
/** The query parameter that carries the token. */
export const TOKEN_PARAM = 't';
/** Separates what is signed from the signature; changing it (or the version) voids every link ever sent. */
const CONTEXT = 'unsubscribe:v1:';
/** A subscription id as the site makes them (the submission id), so a token's first part is never free text. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The token of one subscription. */
export async function signUnsubscribe(secret: string, subscriptionId: string): Promise<string> {
  if (!ID.test(subscriptionId)) throw new Error('a subscription id has only letters, digits, - and _');
  return `${subscriptionId}.${await signText(secret, `${CONTEXT}${subscriptionId}`)}`;
}

/**
 * The subscription a token names, or null when the token is malformed or its signature is not the site's
 * (checked in constant time by WebCrypto).
 */
export async function verifyUnsubscribe(secret: string, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 160) return null;
  const dot = token.lastIndexOf('.');
  const [id, signature] = [token.slice(0, dot), token.slice(dot + 1)];
  if (dot < 0 || !ID.test(id)) return null;
  return (await verifyText(secret, `${CONTEXT}${id}`, signature)) ? id : null;
}

/** A subscription's unsubscribe address on this site, or null when UNSUBSCRIBE_SECRET is missing. */
export async function unsubscribeLink(env: Env, subscriptionId: string): Promise<string | null> {
  const config = readConfig(env);
  const secret = config.newsletter.unsubscribeSecret;
  if (!secret) return null;
  const token = await signUnsubscribe(secret, subscriptionId);
  return `${config.site.url}${UNSUBSCRIBE_PATH}?${TOKEN_PARAM}=${token}`;
}

/** The headers that give a letter one-click unsubscribe (RFC 8058) at `link`. */
export function listUnsubscribeHeaders(link: string): Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The List-Unsubscribe headers of a letter to a subscription; null when no link can be made. */
export async function unsubscribeHeaders(env: Env, subscriptionId: string) {
  const link = await unsubscribeLink(env, subscriptionId);
  return link ? listUnsubscribeHeaders(link) : null;
}
