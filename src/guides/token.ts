import { readConfig, type Env } from '../env';
import { base64url, signText, verifyText } from '../security/hmac';

// The two links of a guide request: /guides/confirm?t=<token> (the confirmation email) and /guides/<token> (the
// download). A token is `<request id>.<expiry, seconds since 1970 in base 36>.<HMAC-SHA256 of both>`, keyed with
// UNSUBSCRIBE_SECRET under a context of its own per link, so one kind of link never opens the other and neither
// is an unsubscribe link. It names the request (random, saying nothing about the person), never the address.

export type GuideLink = 'confirm' | 'download';

const CONTEXTS: Record<GuideLink, string> = { confirm: 'guide-confirm:v1:', download: 'guide-download:v1:' };
/** Both links work for 7 days: the confirmation from the request, the download from the confirmation. */
export const GUIDE_LINK_DAYS = 7;
export const GUIDE_LINK_MS = GUIDE_LINK_DAYS * 86_400_000;

export const GUIDE_CONFIRM_PATH = '/guides/confirm';
export const TOKEN_PARAM = 't';

const ID = /^[A-Za-z0-9_-]{16,64}$/;
const EXPIRY = /^[0-9a-z]{1,10}$/;

const signed = (link: GuideLink, id: string, expiry: string) => `${CONTEXTS[link]}${id}.${expiry}`;

/** A new request id: 128 random bits, base64url. */
export function newRequestId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The token of one link of a request, good until `expiresAt` (ms since 1970). */
export async function signGuideToken(secret: string, link: GuideLink, id: string, expiresAt: number): Promise<string> {
  if (!ID.test(id)) throw new Error('a guide request id has only letters, digits, - and _');
  const expiry = Math.floor(expiresAt / 1000).toString(36);
  return `${id}.${expiry}.${await signText(secret, signed(link, id, expiry))}`;
}

/** What a token says: the request and whether it is still good at `now`; `invalid` when forged or malformed. */
export type TokenState = { state: 'valid' | 'expired'; id: string; expiresAt: number } | { state: 'invalid' };

/** Reads a token of `link`: the signature is checked (in constant time, by WebCrypto) before the expiry. */
export async function verifyGuideToken(
  secret: string,
  link: GuideLink,
  token: string | undefined,
  now: number,
): Promise<TokenState> {
  const parts = (token ?? '').length <= 200 ? (token ?? '').split('.') : [];
  if (parts.length !== 3) return { state: 'invalid' };
  const [id, expiry, signature] = parts as [string, string, string];
  if (!ID.test(id) || !EXPIRY.test(expiry)) return { state: 'invalid' };
  if (!(await verifyText(secret, signed(link, id, expiry), signature))) return { state: 'invalid' };
  const expiresAt = parseInt(expiry, 36) * 1000;
  return { state: expiresAt > now ? 'valid' : 'expired', id, expiresAt };
}

/** The key the links are signed with, or undefined when UNSUBSCRIBE_SECRET is not set (then no link is made). */
export const guideSecret = (env: Env) => readConfig(env).newsletter.unsubscribeSecret;

/** When a request's link expires: 7 days after the request (confirm) or after its confirmation (download). */
export function linkExpiry(link: GuideLink, request: { requestedAt: string; confirmedAt?: string }): number {
  const from = link === 'confirm' ? request.requestedAt : (request.confirmedAt ?? request.requestedAt);
  return Date.parse(from) + GUIDE_LINK_MS;
}

/** The token of a request's link, signed with its expiry. */
export function tokenFor(
  secret: string,
  link: GuideLink,
  request: { id: string; requestedAt: string; confirmedAt?: string },
) {
  return signGuideToken(secret, link, request.id, linkExpiry(link, request));
}

/** The whole address on this site of a link with `token` (which may be cut short, for the ledger's copy). */
export function guideUrl(env: Env, link: GuideLink, token: string): string {
  const base = readConfig(env).site.url.replace(/\/+$/, '');
  return link === 'confirm' ? `${base}${GUIDE_CONFIRM_PATH}?${TOKEN_PARAM}=${token}` : `${base}/guides/${token}`;
}
