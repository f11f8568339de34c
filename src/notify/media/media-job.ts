import type { Env } from '../../env';
import { logEvent } from '../../log';
import { enqueue, type JobOf } from '../../queue/jobs';
import { mediaBucket, newMediaKey, objectKey } from '../../store/media/media';
import { getMediaStore } from '../../store/media/open';
import { createMediaFetcher, type MediaFetcher } from './media-fetch';
import type { VisitorMessage } from '../conversations/visitor-messages';

/**
 * Records a message's attachment (pending) and queues its fetch. A repeated webhook adds no second one; one still
 * pending is queued again (a fetch queued twice stores the same bytes under the same key).
 */
export async function recordMedia(env: Env, m: VisitorMessage): Promise<void> {
  if (!m.media || !m.mediaId) return;
  const { item } = await getMediaStore(env).add({
    key: newMediaKey(),
    messageId: m.id,
    phone: m.phone,
    at: m.at,
    kind: m.media.kind,
    providerMediaId: m.mediaId,
    voice: m.media.voice,
    ...(m.media.mimeType !== undefined && { mimeType: m.media.mimeType }),
    ...(m.media.filename !== undefined && { filename: m.media.filename }),
  });
  if (item.status === 'pending') await enqueue(env, { type: 'media-fetch', media: item.key });
}

/**
 * The queue's media-fetch job: fetches the attachment from Meta and puts it in R2 (MEDIA). Undefined when done
 * (stored, refused, or no longer there: erased), else the wait before the queue tries again. Without the bucket
 * it waits too (outside development the health check names the missing binding).
 */
export async function fetchMedia(
  job: JobOf<'media-fetch'>,
  env: Env,
  fetcher: MediaFetcher = createMediaFetcher(env),
): Promise<number | undefined> {
  const store = getMediaStore(env);
  const item = await store.get(job.media);
  if (!item || item.status !== 'pending') return undefined;
  const bucket = mediaBucket(env);
  if (!bucket) {
    logEvent('error', 'conversation.media', { media: item.key, outcome: 'retry', code: 'no_bucket' });
    return 60;
  }
  const result = await fetcher.fetch(item.providerMediaId, item.kind);
  if (result.kind === 'retry') {
    logEvent('warn', 'conversation.media', { media: item.key, kind: item.kind, outcome: 'retry', code: result.code });
    return result.after ?? 0;
  }
  if (result.kind === 'refused') {
    await store.settle(item.key, { status: 'failed', failure: result.code });
    logEvent('warn', 'conversation.media', { media: item.key, kind: item.kind, outcome: 'failed', code: result.code });
    return undefined;
  }
  await bucket.put(objectKey(item.key), result.body, { httpMetadata: { contentType: result.mimeType } });
  // Erased while it was being fetched: the object goes too.
  if (!(await store.get(item.key))) {
    await bucket.delete(objectKey(item.key));
    return undefined;
  }
  const size = result.body.byteLength;
  await store.settle(item.key, { status: 'stored', size, mimeType: result.mimeType });
  logEvent('info', 'conversation.media', { media: item.key, kind: item.kind, outcome: 'stored', size });
  return undefined;
}

/** A media-fetch job that ran out of retries: the attachment is marked failed (the desk says it could not be fetched). */
export async function recordDeadMedia(job: JobOf<'media-fetch'>, env: Env): Promise<void> {
  const store = getMediaStore(env);
  const item = await store.get(job.media);
  if (!item || item.status !== 'pending') return;
  await store.settle(item.key, { status: 'failed', failure: 'retries_exhausted' });
  logEvent('warn', 'conversation.media', { media: item.key, kind: item.kind, outcome: 'dead' });
}
