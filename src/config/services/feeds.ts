import type { Problem } from '../read/problem.ts';
import type { Reader } from '../read/reader.ts';

export interface FeedsConfig {
  feedUrl: string;
  thumbUrl: string;
  sampleFeeds: boolean;
  /** The podcast's RSS feed (PODCAST_FEED_URL); undefined when unset or not a valid address. */
  podcastUrl?: string;
  /** Whether episode enclosures and images may be plain http (development only, for the local stand-in). */
  podcastAllowsHttp: boolean;
}

/** Where the YouTube feeds and thumbnails, and the podcast's episodes, come from. */
export function parseFeeds(r: Reader, out: Problem[]): FeedsConfig {
  return {
    feedUrl: r.address('YOUTUBE_FEED_URL', out),
    thumbUrl: r.address('YOUTUBE_THUMB_URL', out),
    sampleFeeds: r.text('YOUTUBE_SAMPLE_FEEDS') === '1',
    podcastUrl: podcastUrl(r),
    podcastAllowsHttp: !r.deployed,
  };
}

/**
 * A wrong podcast address leaves the videos working: it is reported (preflight, the Worker's log) and the
 * Listen section shows the published episodes.
 */
function podcastUrl(r: Reader): string | undefined {
  const value = r.text('PODCAST_FEED_URL');
  if (value === undefined) return undefined;
  if (r.url.safeParse(value).success) return value;
  r.report({
    setting: 'PODCAST_FEED_URL',
    message: `PODCAST_FEED_URL must be an ${r.deployed ? 'https' : 'http(s)'} address; the published episodes are shown.`,
  });
  return undefined;
}
