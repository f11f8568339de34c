import type { Config } from '../../config/index';
import type { Env } from '../../env';
import { FEEDS_KEY, type FeedsEntry } from '../../feeds/cache';
import { failing, ok, unchecked, type Check } from './check';

/** A feed not fetched successfully for this long is a fault (the cron refreshes every 15 minutes). */
export const FEED_MAX_AGE_HOURS = 24;

/** How long ago each feed was last fetched successfully. */
export async function checkFeeds(env: Env, config: Config, now: number): Promise<Check> {
  const entry = await env.FEEDS.get<FeedsEntry>(FEEDS_KEY, 'json');
  if (!entry) {
    return config.environment === 'development'
      ? unchecked('feeds', 'Not fetched yet.')
      : failing('feeds', 'The YouTube feeds have never been fetched: check YOUTUBE_FEED_URL and the cron.');
  }
  const stale = Object.entries(entry.feeds).filter(
    ([, feed]) => feed.okAt === null || now - feed.okAt > FEED_MAX_AGE_HOURS * 3_600_000,
  );
  if (stale.length > 0) {
    const names = stale.map(
      ([key, feed]) =>
        `${key} (${feed.okAt === null ? 'never' : `${Math.floor((now - feed.okAt) / 3_600_000)} h ago`})`,
    );
    return failing(
      'feeds',
      `Not fetched successfully for over ${FEED_MAX_AGE_HOURS} h: ${names.join(', ')}. The page shows older videos until they are 7 days old.`,
    );
  }
  return ok('feeds', `Every feed fetched in the last ${FEED_MAX_AGE_HOURS} h.`);
}
