import type { Env } from '../env';
import { FRESH_MS, feedCache } from './cache';
import { podcastCache } from './podcast-cache';

/** A visitor-triggered refresh this recent makes the cron's own fetch unnecessary. */
const CRON_SLACK_MS = 60_000;

/**
 * Cron Trigger (every 15 minutes): keeps the YouTube feeds cache fresh so visitors rarely
 * see stale data. Skips the fetch when a visitor's refresh already ran within this interval,
 * so the upstream is asked at most once per interval.
 */
export async function refreshFeedsOnSchedule(env: Env, now: () => number = Date.now): Promise<void> {
  const cache = feedCache(env);
  const entry = await cache.read();
  if (entry && now() - entry.fetchedAt < FRESH_MS - CRON_SLACK_MS) return;
  await cache.refresh();
}

/** The same for the podcast feed, when PODCAST_FEED_URL is set. */
export async function refreshPodcastOnSchedule(env: Env, now: () => number = Date.now): Promise<void> {
  const cache = podcastCache(env);
  const entry = await cache?.read();
  if (!cache || (entry && now() - entry.fetchedAt < FRESH_MS - CRON_SLACK_MS)) return;
  await cache.refresh();
}
