/**
 * A stand-in for a Cloudflare Access team inside workerd, by the rules the Node stand-in uses too
 * (tests/standins/access-rules.mjs): its signing keys, the certs document it publishes at
 * `${teamDomain}/cdn-cgi/access/certs`, and assertions signed the way Access signs them.
 */
import * as team from './access-rules.mjs';
import type { AccessKey } from './access-rules.mjs';

export { OWNER, makeAccessKey, type AccessKey } from './access-rules.mjs';
export const TEAM_DOMAIN = 'https://aliveness-test.cloudflareaccess.com';
export const AUD = 'd1e5c0ffee0000aud0000000000000000000000000000000000000000000000';

/** The claims Access signs for this team's application, with `overrides`. */
export const claims = (overrides: Record<string, unknown> = {}, now = Date.now()) =>
  team.claims({ domain: TEAM_DOMAIN, aud: AUD }, overrides, now);

/** An assertion signed with `key`; `header` overrides (e.g. another kid or alg). */
export const sign = (key: AccessKey, payload = claims(), header: Record<string, unknown> = {}) =>
  team.sign(key, payload, header);

/** An unsigned token, as an attacker would send one. */
export const unsigned = (payload = claims()) => team.unsigned(payload);

/** A fetch that serves the certs document of `keys()` (read on each call, so a rotation shows) and counts requests. */
export function certsFetch(keys: () => AccessKey[]) {
  const calls: string[] = [];
  const certs = team.createAccessTeam(keys);
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    calls.push(request.url);
    const url = new URL(request.url);
    if (url.origin !== TEAM_DOMAIN) return new Response('not the team domain', { status: 404 });
    return certs.handle(request);
  };
  return { fetch, calls };
}
