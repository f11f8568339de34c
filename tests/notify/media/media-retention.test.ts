/**
 * A visitor's attachments in a person's copy and in retention, on both stores: the copy lists each one (type,
 * size, name, caption, when) and never its bytes; the cron deletes attachments with the messages they came with
 * (rows and R2 objects), and keeps newer ones.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { recordMedia, fetchMedia } from '../../../src/notify/media/media-job';
import type { VisitorMessage } from '../../../src/notify/conversations/visitor-messages';
import type { JobOf } from '../../../src/queue/jobs';
import { exportConversation } from '../../../src/store/conversations/person';
import { getConversationStore } from '../../../src/store/conversations/open';
import { objectKey } from '../../../src/store/media/media';
import { getMediaStore } from '../../../src/store/media/open';
import { pruneExpiredLeads } from '../../../src/store/people/retention';
import { PHOTO_MEDIA_ID, VOICE_MEDIA_ID } from '../../standins/whatsapp/graph-media.mjs';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { wamid } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

async function setup(store: Store) {
  const { vars, firestore } = await leadStoreVars(store);
  const graph = new GraphStandin();
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = { ...env, ...vars, ...GRAPH_VARS };
  return { graph, workerEnv, queued: captureQueue(workerEnv) };
}

/** Stores a message with an attachment (as the webhook does) and fetches the attachment; answers its id. */
async function received(workerEnv: Env, queued: ReturnType<typeof captureQueue>, m: VisitorMessage) {
  await getConversationStore(workerEnv).receive({ ...m, leads: [] });
  await recordMedia(workerEnv, m);
  const [job] = takeJobs(queued, 'media-fetch') as JobOf<'media-fetch'>[];
  await fetchMedia(job!, workerEnv);
  return job!.media;
}

describe.each<Store>(['D1', 'Firestore'])('attachments kept and let go (%s)', (store) => {
  it("lists each attachment in the person's copy, never its bytes", async () => {
    const { workerEnv, queued, graph } = await setup(store);
    const phone = uniqueMobile();
    const at = '2026-11-20T09:00:00.000Z';
    await received(workerEnv, queued, {
      id: wamid(),
      phone,
      at,
      type: 'image',
      text: 'The venue',
      mediaId: PHOTO_MEDIA_ID,
      media: { kind: 'image', mimeType: 'image/png', voice: false },
    });
    const copy = await exportConversation(workerEnv, phone);
    expect(copy.media).toEqual([
      {
        type: 'image',
        voiceNote: false,
        mimeType: 'image/png',
        size: graph.library.media[PHOTO_MEDIA_ID]!.bytes.length,
        filename: null,
        caption: 'The venue',
        at,
        status: 'stored',
      },
    ]);
  });

  it('deletes attachments older than the retention period with their objects, and keeps newer ones', async () => {
    const { workerEnv, queued } = await setup(store);
    const phone = uniqueMobile();
    const now = Date.UTC(2026, 10, 26);
    const old = await received(workerEnv, queued, {
      id: wamid(),
      phone,
      at: '2024-01-01T00:00:00.000Z',
      type: 'audio',
      mediaId: VOICE_MEDIA_ID,
      media: { kind: 'audio', voice: true },
    });
    const recent = await received(workerEnv, queued, {
      id: wamid(),
      phone,
      at: '2026-11-01T00:00:00.000Z',
      type: 'image',
      mediaId: PHOTO_MEDIA_ID,
      media: { kind: 'image', voice: false },
    });
    await pruneExpiredLeads(workerEnv, now);
    const media = getMediaStore(workerEnv);
    expect(await media.get(old)).toBeNull();
    expect(await workerEnv.MEDIA.head(objectKey(old))).toBeNull();
    expect(await media.get(recent)).toMatchObject({ status: 'stored' });
    expect(await workerEnv.MEDIA.head(objectKey(recent))).not.toBeNull();
  });
});
