/**
 * Configuration: every var and secret the Worker reads, parsed once per `env` into typed groups. Code reads
 * configuration only as `readConfig(env).<group>`, so a setting is read, checked and defaulted in one place
 * (docs/development.md, "Adding a setting", says how to add one).
 */
import { parseConfig, type AccessConfig, type Config } from './config/index';
import { SETTINGS } from './config/read/settings';

export { ConfigError, LOCAL_OWNER_EMAIL, type AccessConfig, type Config, type Problem } from './config/index';
export { SETTINGS, type Setting } from './config/read/settings';

/** Bindings, vars and secrets as `wrangler types` generates them from wrangler.toml. */
export type Env = Cloudflare.Env;

const cache = new WeakMap<object, { key: string; config: Config }>();

/**
 * The parsed configuration for this `env`. Parsed once and kept with the env object; parsed again
 * only when one of the settings' values differs (a new secret arrives as a new env anyway).
 */
export function readConfig(env: Env): Config {
  const raw = env as unknown as Record<string, unknown>;
  const key = SETTINGS.map((s) => String(raw[s.name] ?? '')).join('\u0000');
  const cached = cache.get(env);
  if (cached?.key === key) return cached.config;
  const config = parseConfig(raw);
  cache.set(env, { key, config });
  return config;
}

/**
 * Whether a request may use the development conveniences (/__dev/*, the local desk owner): only in
 * development, only when the server listens on loopback alone (DEV_LOOPBACK_ONLY=1, which `npm run dev` sets
 * only then), and only for a loopback address. The Host header alone is the sender's to write: with the server
 * listening beyond loopback, another machine could claim `Host: 127.0.0.1`.
 */
export function localRequest(env: Env, url: string): boolean {
  const site = readConfig(env).site;
  return (
    site.environment === 'development' &&
    site.loopbackOnly &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
  );
}

/** Whether the Worker runs in development: ENVIRONMENT unset, blank or "development". */
export function isDevelopment(env: Env): boolean {
  return readConfig(env).environment === 'development';
}

/**
 * The whitelist of configuration the browser may see. Everything a page or
 * island receives from the environment passes through here; nothing else does.
 */
export function publicEnv(env: Env): { turnstileSiteKey?: string } {
  const turnstile = readConfig(env).turnstile;
  return turnstile.enabled ? { turnstileSiteKey: turnstile.siteKey } : {};
}

/** The podcast feed's settings; none when the feeds group cannot be read (its problem is logged elsewhere). */
export function podcastFeed(env: Env): { podcastUrl?: string; podcastAllowsHttp: boolean } {
  try {
    return readConfig(env).feeds;
  } catch {
    return { podcastAllowsHttp: false };
  }
}

/** The desk's Access settings (see parseAccess in src/config/services/access.ts). */
export function readAccessConfig(env: Env): AccessConfig {
  return readConfig(env).access;
}
