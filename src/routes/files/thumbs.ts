import { Hono } from 'hono';
import { type Env, readConfig } from '../../env';
import { VIDEO_ID } from '../../feeds/parse';
import { feedCache } from '../../feeds/cache';

const THUMB_TTL_S = 7 * 24 * 3600;
const PLACEHOLDER_TTL_S = 300;
const UPSTREAM_TIMEOUT_MS = 4_000;

/** Shown when YouTube's image host cannot be reached: neutral, same 4:3 shape as hqdefault. */
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#e6f2f1"/><circle cx="240" cy="180" r="44" fill="#008080" opacity=".35"/><path d="M226 158v44l36-22z" fill="#fff"/></svg>`;

/**
 * GET /thumbs/:id.jpg: thumbnails of the videos in the cached feeds, served from this
 * origin so no third party is contacted before the visitor interacts. Upstream images
 * are kept in the Cache API.
 */
export const thumbs = new Hono<{ Bindings: Env }>();

thumbs.get('/thumbs/:file', async (c) => {
  const id = c.req.param('file').replace(/\.jpg$/, '');
  // Only videos the cached feeds list, so this is no open proxy for any YouTube id.
  if (!c.req.param('file').endsWith('.jpg') || !VIDEO_ID.test(id) || !(await feedCache(c.env).hasVideo(id))) {
    return c.text('Not found', 404, { 'cache-control': 'public, max-age=300' });
  }
  const cache = await caches.open('thumbs');
  const cacheKey = new Request(new URL(`/thumbs/${id}.jpg`, c.req.url).toString());
  const hit = await cache.match(cacheKey);
  // Cached responses have immutable headers; copy so the security headers can still be added.
  if (hit) return new Response(hit.body, hit);

  const upstream = `${readConfig(c.env).feeds.thumbUrl}/vi/${id}/hqdefault.jpg`;
  try {
    const res = await fetch(upstream, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    const type = res.headers.get('content-type') ?? '';
    if (res.ok && type.startsWith('image/')) {
      const image = new Response(res.body, {
        headers: { 'content-type': type, 'cache-control': `public, max-age=${THUMB_TTL_S}, immutable` },
      });
      c.executionCtx.waitUntil(cache.put(cacheKey, image.clone()));
      return image;
    }
    await res.body?.cancel();
  } catch {
    // Unreachable or slow upstream: fall through to the placeholder.
  }
  return c.body(PLACEHOLDER, 200, {
    'content-type': 'image/svg+xml',
    'cache-control': `public, max-age=${PLACEHOLDER_TTL_S}`,
  });
});
