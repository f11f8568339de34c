import type { Problem } from '../read/problem.ts';
import type { Reader } from '../read/reader.ts';

/** Who may use the desk: Access-verified owners, or (development without Access) one local owner. */
export type AccessConfig =
  | { mode: 'access'; teamDomain: string; aud: string }
  | { mode: 'local'; email: string }
  | { mode: 'misconfigured'; problem: string };

/** The owner signed in by `npm run dev` when Access is not configured (and only on a loopback address). */
export const LOCAL_OWNER_EMAIL = 'owner@localhost';

/**
 * Cloudflare Access in front of /desk. Only development without ACCESS_TEAM_DOMAIN signs a local owner in
 * (and the desk's middleware allows that only on a loopback address); anywhere else both settings are
 * required and the team domain must be https.
 */
export function parseAccess(r: Reader, out: Problem[]): AccessConfig {
  const { text, deployed } = r;
  const teamDomain = text('ACCESS_TEAM_DOMAIN')?.replace(/\/+$/, '');
  const aud = text('ACCESS_AUD');
  const problem = (setting: string, message: string): AccessConfig => {
    out.push({ setting, message });
    return { mode: 'misconfigured', problem: message };
  };
  if (!teamDomain) {
    if (!deployed) return { mode: 'local', email: LOCAL_OWNER_EMAIL };
    return problem('ACCESS_TEAM_DOMAIN', "ACCESS_TEAM_DOMAIN is not set: the owners' desk is closed.");
  }
  if (!aud) return problem('ACCESS_AUD', "ACCESS_AUD is not set: the owners' desk is closed.");
  const url = r.url.safeParse(teamDomain);
  if (!url.success) {
    return problem(
      'ACCESS_TEAM_DOMAIN',
      `ACCESS_TEAM_DOMAIN must be an ${deployed ? 'https' : 'http(s)'} address like https://team.cloudflareaccess.com.`,
    );
  }
  return { mode: 'access', teamDomain, aud };
}
