import { Hono } from 'hono';
import type { Env } from '../../env';
import { cappedBytes } from '../../http/body';
import { ART_PATH, ART_PLACEHOLDER, podcastCache } from '../../feeds/podcast-cache';

const ART_TTL_S = 7 * 24 * 3600;
const PLACEHOLDER_TTL_S = 300;
const UPSTREAM_TIMEOUT_MS = 4_000;
/** Cover art is 1400–3000 px square; larger files are not passed on. */
export const MAX_ART_BYTES = 1024 * 1024;
/** The only image kinds passed on: a browser shows them and none carries script (unlike SVG). */
export const ART_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_ID = /^[0-9a-f]{24}$/;

/** Shown when an episode's image cannot be served: neutral, square like cover art. */
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#e6f2f1"/><circle cx="200" cy="200" r="70" fill="#008080" opacity=".35"/></svg>`;

/**
 * GET /podcast-art/:id: the image of an episode in the cached podcast feed, served from this origin so no
 * third party is contacted before the visitor presses play. Only images the cache lists (by the id of their
 * address), only JPEG, PNG or WebP, only up to MAX_ART_BYTES; kept in the Cache API.
 */
export const podcastArt = new Hono<{ Bindings: Env }>();

podcastArt.get(`${ART_PATH}/:id`, async (c) => {
  const id = c.req.param('id');
  if (id === ART_PLACEHOLDER) return placeholder();
  const cache = IMAGE_ID.test(id) ? podcastCache(c.env) : undefined;
  const episode = (await cache?.read())?.episodes.find((e) => e.imageId === id);
  if (!episode?.image) return c.text('Not found', 404, { 'cache-control': 'public, max-age=300' });
  const store = await caches.open('podcast-art');
  const cacheKey = new Request(new URL(`${ART_PATH}/${id}`, c.req.url).toString());
  const hit = await store.match(cacheKey);
  // Cached responses have immutable headers; copy so the security headers can still be added.
  if (hit) return new Response(hit.body, hit);
  try {
    const res = await fetch(episode.image, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const bytes = res.ok && ART_TYPES.includes(type) ? await cappedBytes(res, MAX_ART_BYTES) : null;
    if (bytes) {
      const image = new Response(bytes, {
        headers: { 'content-type': type, 'cache-control': `public, max-age=${ART_TTL_S}, immutable` },
      });
      c.executionCtx.waitUntil(store.put(cacheKey, image.clone()));
      return image;
    }
    await res.body?.cancel().catch(() => {});
  } catch {
    // Unreachable or slow upstream: fall through to the placeholder.
  }
  return placeholder();
});

function placeholder(): Response {
  return new Response(PLACEHOLDER, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': `public, max-age=${PLACEHOLDER_TTL_S}` },
  });
}
