import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { Env } from '../../env';
import { feedCache } from '../../feeds/cache';
import { ApiException } from '../../http/errors';

/** Browsers and shared caches may reuse an answer for a minute; the KV cache stays the source of truth. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** The strong ETag's value: the first 12 bytes (24 hex digits) of the body's SHA-1. */
async function etagDigest(body: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer> {
  return (await crypto.subtle.digest('SHA-1', body)).slice(0, 12);
}

/**
 * GET /api/videos: the cached feeds as `{ ok: true, videos }`, for islands on a page that
 * was rendered while the cache was cold. A strong ETag of the body, and a 304 (with the ETag, Cache-Control
 * and Vary) when If-None-Match names it.
 */
export const videos = new Hono<{ Bindings: Env }>();

videos.use('/', etag({ generateDigest: etagDigest }));

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
  return c.body(body, 200, {
    'cache-control': CACHE_CONTROL,
    vary: 'accept-encoding',
    'content-type': 'application/json; charset=utf-8',
  });
});
