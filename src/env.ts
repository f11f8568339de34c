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

/**
 * The whitelist of configuration the browser may see. Everything a page or
 * island receives from the environment passes through here; nothing else does.
 */
export function publicEnv(env: Env): { turnstileSiteKey?: string } {
  const key = env.TURNSTILE_SITE_KEY?.trim();
  return key && env.TURNSTILE_SECRET_KEY?.trim() ? { turnstileSiteKey: key } : {};
}
