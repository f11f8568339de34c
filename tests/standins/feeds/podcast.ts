import { vi } from 'vitest';
import { FIXTURE_HOST, createPodcast, type PodcastMode } from './podcast-rules.mjs';
import fixture from '../../fixtures/podcast/feed.xml?raw';

export type { PodcastMode } from './podcast-rules.mjs';

/** The feed address the tests configure (PODCAST_FEED_URL); the stub below answers it. */
export const PODCAST_FEED_URL = `${FIXTURE_HOST}/feed.xml`;

/**
 * In-process stand-in for the podcast host, installed as the global fetch inside workerd, with the rules the Node
 * stand-in uses too (tests/standins/feeds/podcast-rules.mjs). `body` replaces the feed's text (a hostile or huge feed).
 */
export class PodcastStandin {
  mode: PodcastMode = 'ok';
  body: string | undefined;
  readonly requests: string[] = [];

  install(): this {
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.startsWith(`${FIXTURE_HOST}/`)) return real(input, init);
      this.requests.push(request.url);
      const path = new URL(request.url).pathname;
      if (this.body !== undefined && path === '/feed.xml' && this.mode === 'ok') {
        return Promise.resolve(new Response(this.body, { headers: { 'content-type': 'application/rss+xml' } }));
      }
      return createPodcast(fixture).handle(request, { mode: this.mode }, path, FIXTURE_HOST);
    });
    return this;
  }
}
