import { vi } from 'vitest';
import { site } from '../../../src/words/site';
import { createYoutube, type YoutubeMode } from './youtube-rules.mjs';
import channel from '../../fixtures/youtube/channel-ift-2021-uc-prefix.xml?raw';
import blender from '../../fixtures/youtube/playlist-blender-open-movies.xml?raw';

export type { YoutubeMode } from './youtube-rules.mjs';

/** Where wrangler.toml points the Worker (the real hosts); the stub below answers instead. */
export const FEED_URL = 'https://www.youtube.com/feeds/videos.xml';
export const THUMB_URL = 'https://i.ytimg.com';

const PLAYLISTS: string[] = Object.values(site.youtube.playlists);

/**
 * YouTube's feeds as captured: the channel's feed and, for each of the site's playlists, one real playlist feed.
 * Any other id is unknown (404); a thumbnail is the smallest JPEG.
 */
const captures = createYoutube({
  channel: (id) => (id === site.youtube.channelId ? channel : undefined),
  playlist: (id) => (PLAYLISTS.includes(id) ? blender : undefined),
  thumbnail: () => ({ type: 'image/jpeg', body: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) }),
});

/**
 * In-process stand-in for YouTube's feed and image hosts, installed as the global fetch inside workerd, with the
 * rules the Node stand-in uses too (tests/standins/feeds/youtube-rules.mjs) over captured feeds: it can be told to
 * fail, hang, answer empty feeds, or fail one playlist; and here, to hold every answer and count what is in flight.
 */
export class YoutubeStandin {
  mode: YoutubeMode = 'ok';
  failing = new Set<string>();
  delayMs = 0;
  readonly requests: string[] = [];
  /** Requests being answered now, and the most at any one time. */
  inFlight = 0;
  maxInFlight = 0;
  private held: Promise<void> | null = null;

  /** Holds every answer until the returned function is called (an upstream slower than any deadline). */
  hold(): () => void {
    let release = () => {};
    this.held = new Promise<void>((r) => (release = r));
    return () => {
      this.held = null;
      release();
    };
  }

  install(): this {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.startsWith(FEED_URL) || request.url.startsWith(THUMB_URL)) return this.answer(request);
      return real(input, init);
    });
    return this;
  }

  private async answer(request: Request): Promise<Response> {
    this.requests.push(request.url);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.held) await this.held;
      return await captures.handle(request, {
        mode: this.mode,
        failPlaylists: [...this.failing],
        delayMs: this.delayMs,
      });
    } finally {
      this.inFlight--;
    }
  }
}
