import type { Env } from '../env';
import type { EngagementRecord } from '../store/clients/clients';
import { getClientStore } from '../store/clients/open';
import { TOKEN_PATTERN, clientTokenHash } from './token';

/**
 * The engagement a client page's token opens, or null: a token of the wrong shape (no read at all), one no live link
 * has (never issued, replaced by a fresh one, revoked, erased), or one whose link has expired. The page answers every
 * null with the same 404 as any unknown page.
 */
export async function engagementForToken(env: Env, token: string, now: Date): Promise<EngagementRecord | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const engagement = await getClientStore(env).engagementByLink(await clientTokenHash(token));
  if (!engagement?.link) return null;
  return Date.parse(engagement.link.expiresAt) > now.getTime() ? engagement : null;
}
