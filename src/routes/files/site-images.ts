import { Hono } from 'hono';
import type { Env } from '../../env';
import { mediaBucket } from '../../store/media/media';
import { SITE_IMAGE_PATH, getSiteImage } from '../../store/site-content/site-images';

/** A kept image never changes under its name (the hash of its bytes): browsers and the edge keep it a year. */
const YEAR_S = 365 * 24 * 3600;

/**
 * GET /site-images/:name: an image the owners uploaded for the site, from the media bucket, public like the
 * built-in images. Its type comes from its name (checked by its bytes when it was uploaded) and is never sniffed;
 * the image runs nothing (its own policy forbids everything).
 */
export const siteImages = new Hono<{ Bindings: Env }>();

siteImages.get(`${SITE_IMAGE_PATH}:name`, async (c) => {
  const bucket = mediaBucket(c.env);
  const found = bucket ? await getSiteImage(bucket, c.req.param('name')) : null;
  if (!found) return c.text('Not found', 404, { 'cache-control': 'public, max-age=300' });
  return new Response(found.object.body, {
    headers: {
      'Content-Type': found.type,
      'Content-Length': String(found.object.size),
      'Cache-Control': `public, max-age=${YEAR_S}, immutable`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
});
