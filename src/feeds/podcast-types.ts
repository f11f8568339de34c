/** One episode read from the podcast's RSS feed, as the cache keeps it. */
export interface FeedEpisode {
  /** The item's guid, else its enclosure URL: what identifies an episode across fetches. */
  key: string;
  title: string;
  /** The publication day, YYYY-MM-DD (UTC), from the item's RFC 2822 pubDate. */
  date: string;
  /** The enclosure: always an audio type. */
  audio: { url: string; type: string; length?: number };
  /** itunes:duration in whole seconds, when the feed gives one. */
  durationS?: number;
  /** The episode's itunes:image, else the channel's image; an address on the podcast's hosts. */
  image?: string;
  /** The episode's page, when the feed gives one. */
  link?: string;
}

/** The outcome of fetching and parsing the feed: never thrown, always returned. */
export type PodcastResult = { ok: true; episodes: FeedEpisode[] } | { ok: false; error: string };
