import type { Problem } from './problem.ts';
import type { Reader } from './reader.ts';

export interface FeedsConfig {
  feedUrl: string;
  thumbUrl: string;
  sampleFeeds: boolean;
}

/** Where the YouTube feeds and thumbnails come from. */
export function parseFeeds(r: Reader, out: Problem[]): FeedsConfig {
  return {
    feedUrl: r.address('YOUTUBE_FEED_URL', out),
    thumbUrl: r.address('YOUTUBE_THUMB_URL', out),
    sampleFeeds: r.text('YOUTUBE_SAMPLE_FEEDS') === '1',
  };
}
