import { Hono } from 'hono';
import { media as copy } from '../../words/media/media';
import { ApiException } from '../../http/errors';
import { disposition } from './media-names';
import { MEDIA_KEY, mediaBucket, objectKey } from '../../store/media/media';
import { getMediaStore } from '../../store/media/open';
import type { DeskEnv } from '../page';

/**
 * A visitor's attachment, by our own random id (`GET /desk/media/:id`), behind Access like the rest of the desk:
 * never a public URL. Served with its type, shown inline (images, audio, video, stickers) or downloaded under a
 * safe name (documents), never sniffed, never cached, and sandboxed by its own strict policy.
 */
export const mediaFiles = new Hono<DeskEnv>();

/** The policy of a served attachment: nothing loads, nothing runs (an HTML "document" stays inert). */
export const MEDIA_CSP = "default-src 'none'; sandbox";

mediaFiles.get('/media/:id', async (c) => {
  const id = c.req.param('id');
  const item = MEDIA_KEY.test(id) ? await getMediaStore(c.env).get(id) : null;
  const bucket = mediaBucket(c.env);
  const object = item?.status === 'stored' && bucket ? await bucket.get(objectKey(id)) : null;
  if (!item || !object) throw new ApiException(404, 'not_found', copy.notFound);
  return new Response(object.body, {
    headers: {
      'Content-Type': item.mimeType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Content-Disposition': disposition(item),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': MEDIA_CSP,
    },
  });
});
