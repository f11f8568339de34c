import type { Topic } from '../words/site';

/** One video read from a YouTube Atom feed: what a video card and the latest video show. */
export interface VideoItem {
  id: string;
  /** Trimmed; '' when the feed has none. */
  title: string;
  /** The feed's ISO date string, as published. */
  published: string;
  /** The entry's alternate link (the watch page). */
  link: string;
  description?: string;
}

/** The outcome of fetching and parsing one feed: never thrown, always returned. */
export type FeedResult = { ok: true; items: VideoItem[] } | { ok: false; error: string };

/** The channel feed (latest section) and the six topic playlists (resources section). */
export type FeedKey = 'channel' | Topic;

/**
 * What the page and `/api/videos` hand to the browser: per feed either its items or
 * a failure, with descriptions stripped (the UI never shows them).
 */
export type PublicVideo = Pick<VideoItem, 'id' | 'title' | 'published'>;
export type PublicFeed = { status: 'ok'; items: PublicVideo[] } | { status: 'failed' };
export interface VideosPayload {
  latest: PublicFeed;
  playlists: Record<Topic, PublicFeed>;
}

/**
 * An episode as the Listen section shows it: a published one (played in the provider's embed, `link`) or
 * one from the feed (played in the site's own player from `audio`; its image served by this origin).
 */
export interface ListenEpisode {
  title: string;
  date: string;
  tags: readonly string[];
  image: string;
  link?: string;
  audio?: { src: string; type: string };
  durationS?: number;
}
