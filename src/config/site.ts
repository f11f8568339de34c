import type { Problem } from './read/problem.ts';
import type { Environment, Reader } from './read/reader.ts';

export interface SiteConfig {
  environment: Environment;
  /** No trailing slash. */
  url: string;
  /**
   * DEV_LOOPBACK_ONLY=1 in development: the server listens on a loopback address alone (npm run dev sets it
   * only then), so every request comes from this machine. The development conveniences (/__dev/*, the local
   * desk owner) answer only then: a Host header is written by the sender and proves nothing.
   */
  loopbackOnly: boolean;
}

/** Where the site lives; DEV_LOOPBACK_ONLY only counts in development. */
export function parseSite(r: Reader, out: Problem[]): SiteConfig {
  return {
    environment: r.environment,
    url: r.address('SITE_URL', out),
    loopbackOnly: !r.deployed && r.text('DEV_LOOPBACK_ONLY') === '1',
  };
}
