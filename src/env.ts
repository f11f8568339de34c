import { z } from 'zod';

/** Bindings and variables the Worker receives (see wrangler.toml and README "Configuration"). */
export interface Env {
  ASSETS: Fetcher;
  DB: D1Database;
  FEEDS: KVNamespace;
  JOBS: Queue<unknown>;
  /** The dead-letter queue of JOBS (site-jobs-dlq): its consumer sends itself a dead letter it could not record yet. */
  DEAD_LETTERS: Queue<unknown>;
  /** Workers Rate Limiting binding for lead submissions (per client address). */
  SUBMIT_LIMITER?: RateLimit;
  SITE_URL?: string;
  /** development | staging | production. Anything but development must be fully configured. */
  ENVIRONMENT?: string;
  // Cloudflare Access in front of /desk
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  // WhatsApp (issue: owner notifications)
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_API_URL?: string;
  WHATSAPP_TEMPLATE_QUIZ?: string;
  OWNER_PHONES?: string;
  OWNER_NAMES?: string;
  DEFAULT_PHONE_REGION?: string;
  /** Most WhatsApp messages one visitor-typed number receives in 24 hours (default 3). */
  VISITOR_MESSAGES_PER_DAY?: string;
  // Firestore (production store)
  FIRESTORE_PROJECT_ID?: string;
  FIRESTORE_CLIENT_EMAIL?: string;
  FIRESTORE_PRIVATE_KEY?: string;
  FIRESTORE_EMULATOR_HOST?: string;
  // YouTube
  YOUTUBE_FEED_URL?: string;
  YOUTUBE_THUMB_URL?: string;
  YOUTUBE_SAMPLE_FEEDS?: string;
  // Abuse protection
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  TURNSTILE_VERIFY_URL?: string;
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const ConfigSchema = z.object({
  SITE_URL: optionalText.transform((v) => (v ?? 'http://127.0.0.1:8787').replace(/\/+$/, '')),
  WHATSAPP_API_URL: optionalText.transform((v) => (v ?? 'https://graph.facebook.com').replace(/\/+$/, '')),
  DEFAULT_PHONE_REGION: optionalText.transform((v) => (v ?? 'IN').toUpperCase()),
  YOUTUBE_FEED_URL: optionalText.transform((v) => v ?? 'https://www.youtube.com/feeds/videos.xml'),
  YOUTUBE_THUMB_URL: optionalText.transform((v) => (v ?? 'https://i.ytimg.com').replace(/\/+$/, '')),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Reads the non-secret configuration once per request, with defaults. Never throws on a missing value. */
export function readConfig(env: Env): Config {
  return ConfigSchema.parse({
    SITE_URL: env.SITE_URL,
    WHATSAPP_API_URL: env.WHATSAPP_API_URL,
    DEFAULT_PHONE_REGION: env.DEFAULT_PHONE_REGION,
    YOUTUBE_FEED_URL: env.YOUTUBE_FEED_URL,
    YOUTUBE_THUMB_URL: env.YOUTUBE_THUMB_URL,
  });
}

/** Whether a request arrived on a loopback address: the only place development-only conveniences answer. */
export function onLoopback(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

/** Whether the Worker runs in development: ENVIRONMENT unset, blank or "development". */
export function isDevelopment(env: Env): boolean {
  return (env.ENVIRONMENT?.trim() || 'development') === 'development';
}

/**
 * The whitelist of configuration the browser may see. Everything a page or
 * island receives from the environment passes through here; nothing else does.
 */
export function publicEnv(env: Env): { turnstileSiteKey?: string } {
  const key = env.TURNSTILE_SITE_KEY?.trim();
  return key && env.TURNSTILE_SECRET_KEY?.trim() ? { turnstileSiteKey: key } : {};
}

/** Who may use the desk: Access-verified owners, or (development without Access) one local owner. */
export type AccessConfig =
  | { mode: 'access'; teamDomain: string; aud: string }
  | { mode: 'local'; email: string }
  | { mode: 'misconfigured'; problem: string };

/** The owner signed in by `npm run dev` when Access is not configured. */
export const LOCAL_OWNER_EMAIL = 'owner@localhost';

/**
 * Reads the Access settings. Only ENVIRONMENT=development without ACCESS_TEAM_DOMAIN signs a
 * local owner in; anywhere else both settings are required and must name an https team domain
 * (a missing ENVIRONMENT counts as "not development", so the desk stays closed).
 */
export function readAccessConfig(env: Env): AccessConfig {
  const teamDomain = env.ACCESS_TEAM_DOMAIN?.trim().replace(/\/+$/, '');
  const aud = env.ACCESS_AUD?.trim();
  const development = env.ENVIRONMENT?.trim() === 'development';
  if (!teamDomain) {
    if (development) return { mode: 'local', email: LOCAL_OWNER_EMAIL };
    return { mode: 'misconfigured', problem: 'ACCESS_TEAM_DOMAIN is not set' };
  }
  if (!aud) return { mode: 'misconfigured', problem: 'ACCESS_AUD is not set' };
  let url: URL;
  try {
    url = new URL(teamDomain);
  } catch {
    return {
      mode: 'misconfigured',
      problem: 'ACCESS_TEAM_DOMAIN must be a URL like https://team.cloudflareaccess.com',
    };
  }
  if (url.protocol !== 'https:' && !development) {
    return { mode: 'misconfigured', problem: 'ACCESS_TEAM_DOMAIN must use https' };
  }
  return { mode: 'access', teamDomain, aud };
}
