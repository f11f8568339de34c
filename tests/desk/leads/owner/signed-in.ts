/**
 * The desk signed in as one of the owners through the Access stand-in, on top of an env (D1, or Firestore whose
 * stand-in already answers `fetch`): the owners Priya and Arjun with their addresses (OWNER_EMAILS), and the
 * assertion header each request carries. The local owner of development is no address in OWNER_EMAILS, so the
 * tests of whose lead it is sign in as Priya.
 */
import { vi } from 'vitest';
import type { Env } from '../../../../src/env';
import { clearAccessKeyCache } from '../../../../src/security/access-jwt';
import { AUD, TEAM_DOMAIN, certsFetch, claims, makeAccessKey, sign } from '../../../standins/access';

export const PRIYA = 'priya@example.com';
export const ARJUN = 'arjun@example.com';
export const OWNERS = {
  OWNER_PHONES: '+919800000071,+919800000072',
  OWNER_NAMES: 'Priya,Arjun',
  OWNER_EMAILS: `${PRIYA},${ARJUN}`,
};

export async function signedIn(base: Env, email = PRIYA): Promise<{ env: Env; headers: Record<string, string> }> {
  const key = await makeAccessKey(`kid-${crypto.randomUUID().slice(0, 8)}`);
  const certs = certsFetch(() => [key]);
  const inner = globalThis.fetch;
  clearAccessKeyCache();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(new Request(input, init).url).origin === TEAM_DOMAIN ? certs.fetch(input, init) : inner(input, init),
  );
  const token = await sign(key, claims({ email }));
  return {
    env: { ...base, ...OWNERS, ACCESS_TEAM_DOMAIN: TEAM_DOMAIN, ACCESS_AUD: AUD },
    headers: { 'Cf-Access-Jwt-Assertion': token },
  };
}
