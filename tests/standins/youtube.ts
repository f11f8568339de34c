import { vi } from 'vitest';
import { feed } from '../support/feeds';
import channel from '../fixtures/youtube/channel-ift-2021-uc-prefix.xml?raw';
import blender from '../fixtures/youtube/playlist-blender-open-movies.xml?raw';

/** Where wrangler.toml points the Worker (the real hosts); the stub below answers instead. */
export const FEED_URL = 'https://www.youtube.com/feeds/videos.xml';
export const THUMB_URL = 'https://i.ytimg.com';

export type YoutubeMode = 'ok' | 'error' | 'timeout' | 'empty';

/**
 * In-process stand-in for YouTube's feed and image hosts, installed as the global fetch inside
 * workerd. Answers real captures; can be told to fail, hang, answer empty feeds, or fail one playlist.
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
      return await this.respond(request);
    } finally {
      this.inFlight--;
    }
  }

  private async respond(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.held) await this.held;
    if (this.mode === 'timeout') {
      // Never answers: only the caller's AbortSignal ends the wait.
      return new Promise((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
      );
    }
    if (this.mode === 'error') return new Response('upstream down', { status: 500 });
    if (url.origin === new URL(THUMB_URL).origin) {
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'content-type': 'image/jpeg' } });
    }
    const playlist = url.searchParams.get('playlist_id');
    if (playlist && this.failing.has(playlist)) return new Response('Not Found', { status: 404 });
    const body = this.mode === 'empty' ? feed([]) : playlist ? blender : channel;
    return new Response(body, { headers: { 'content-type': 'text/xml; charset=UTF-8' } });
  }
}
