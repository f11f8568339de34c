import { Hono } from 'hono';
import type { Env } from '../../env';
import { feedCache } from '../../feeds/cache';
import { ApiException } from '../../http/errors';

/** Browsers and shared caches may reuse an answer for a minute; the KV cache stays the source of truth. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `"${hex.slice(0, 24)}"`;
}

/**
 * GET /api/videos: the cached feeds as `{ ok: true, videos }`, for islands on a page that
 * was rendered while the cache was cold. ETag + If-None-Match give a 304 when unchanged.
 */
export const videos = new Hono<{ Bindings: Env }>();

videos.get('/', async (c) => {
  const payload = await feedCache(c.env).payload((p) => c.executionCtx.waitUntil(p));
  if (!payload) {
    // Another isolate holds the refresh lock and nothing is cached yet: ask the client to retry.
    throw new ApiException(503, 'feeds_warming', 'Videos are loading. Please retry shortly.', undefined, {
      'retry-after': '2',
      'cache-control': 'no-store',
    });
  }
  const body = JSON.stringify({ ok: true, videos: payload });
  const etag = await etagOf(body);
  const headers = { etag, 'cache-control': CACHE_CONTROL, vary: 'accept-encoding' };
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
});
