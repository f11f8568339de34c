/**
 * A visitor's photos, voice notes and files, on both stores: recorded from the signed webhook (pending), fetched
 * by the queue from the Graph stand-in (GET /{media-id}, then its url with the token) into R2, at most 16 MiB and
 * only the types WhatsApp sends, retried and then failed, an expired url asked for again, erased with the person.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { readConfig } from '../../../src/env';
import { checkMedia } from '../../../src/health/checks/media';
import { fetchMedia, recordDeadMedia } from '../../../src/notify/media/media-job';
import type { Job, JobOf } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { eraseConversation } from '../../../src/store/conversations/person';
import { MAX_MEDIA_BYTES, objectKey } from '../../../src/store/media/media';
import { getMediaStore } from '../../../src/store/media/open';
import { PHOTO_MEDIA_ID, VOICE_MEDIA_ID } from '../../standins/whatsapp/graph-media.mjs';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { callWorker } from '../../support/api';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

const T = 1_795_000_000;

afterEach(() => vi.unstubAllGlobals());

async function setup(store: Store) {
  const { vars, firestore } = await leadStoreVars(store);
  const graph = new GraphStandin();
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = { ...env, ...vars, ...GRAPH_VARS, ...WEBHOOK_SECRETS };
  const queued = captureQueue(workerEnv);
  return { graph, workerEnv, queued };
}

/** Posts one media message from a new number; answers the number and the fetch job it queued. */
async function send(workerEnv: Env, queued: Job[], type: string, content: Record<string, unknown>) {
  const phone = uniqueMobile();
  const res = await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, T, type, content)] }));
  expect(res.status).toBe(200);
  const jobs = takeJobs(queued, 'media-fetch') as JobOf<'media-fetch'>[];
  expect(jobs).toHaveLength(1);
  return { phone, job: jobs[0]! };
}

const bytesOf = async (workerEnv: Env, key: string) =>
  new Uint8Array(await (await workerEnv.MEDIA.get(objectKey(key)))!.arrayBuffer());

describe.each<Store>(['D1', 'Firestore'])('media from visitors (%s)', (store) => {
  it('records a photo and a voice note pending, then the queue fetches each into R2 with its type and size', async () => {
    const { graph, workerEnv, queued } = await setup(store);
    const photo = await send(workerEnv, queued, 'image', {
      id: PHOTO_MEDIA_ID,
      mime_type: 'image/png',
      sha256: 'x',
      caption: 'The venue',
    });
    const voice = await send(workerEnv, queued, 'audio', {
      id: VOICE_MEDIA_ID,
      mime_type: 'audio/ogg; codecs=opus',
      voice: true,
    });
    const media = getMediaStore(workerEnv);
    const pending = await media.get(photo.job.media);
    expect(pending).toMatchObject({ kind: 'image', status: 'pending', providerMediaId: PHOTO_MEDIA_ID, voice: false });
    // Our id is random: neither Meta's id nor the wamid (which embeds the number).
    expect(photo.job.media).toMatch(/^[0-9a-f]{32}$/);
    expect(pending!.messageId).not.toContain(photo.job.media);

    const result = await consume(workerEnv, [photo.job, voice.job]);
    expect(result.explicitAcks.length + result.retryMessages.length).toBeGreaterThan(0);
    expect(result.retryMessages).toEqual([]);
    const storedPhoto = await media.get(photo.job.media);
    const storedVoice = await media.get(voice.job.media);
    expect(storedPhoto).toMatchObject({ status: 'stored', mimeType: 'image/png' });
    expect(storedVoice).toMatchObject({ status: 'stored', voice: true, mimeType: 'audio/ogg; codecs=opus' });
    expect(storedPhoto!.size).toBe(graph.library.media[PHOTO_MEDIA_ID]!.bytes.length);
    expect(await bytesOf(workerEnv, photo.job.media)).toEqual(graph.library.media[PHOTO_MEDIA_ID]!.bytes);
    const object = await workerEnv.MEDIA.head(objectKey(voice.job.media));
    expect(object?.httpMetadata?.contentType).toBe('audio/ogg; codecs=opus');
    // The url was read with the bearer token, as was Graph.
    expect(graph.received.every((r) => r.authorization === `Bearer ${GRAPH_VARS.WHATSAPP_TOKEN}`)).toBe(true);
    // A repeated webhook adds no second attachment.
    expect(await media.from(photo.phone)).toHaveLength(1);
  });

  it('keeps a document with its file name, and refuses a type WhatsApp does not send', async () => {
    const { graph, workerEnv, queued } = await setup(store);
    graph.library.media['700000000000010'] = {
      mime_type: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4'),
    };
    graph.library.media['700000000000011'] = { mime_type: 'application/x-msdownload', bytes: new Uint8Array(4) };
    const pdf = await send(workerEnv, queued, 'document', { id: '700000000000010', filename: 'plan.pdf' });
    const exe = await send(workerEnv, queued, 'document', { id: '700000000000011', filename: 'run.exe' });
    expect(await fetchMedia(pdf.job, workerEnv)).toBeUndefined();
    expect(await fetchMedia(exe.job, workerEnv)).toBeUndefined();
    const media = getMediaStore(workerEnv);
    expect(await media.get(pdf.job.media)).toMatchObject({ status: 'stored', filename: 'plan.pdf', size: 8 });
    expect(await media.get(exe.job.media)).toMatchObject({ status: 'failed', failure: 'wrong_type' });
    expect(await workerEnv.MEDIA.head(objectKey(exe.job.media))).toBeNull();
  });

  it('refuses over 16 MiB by the size Graph reports, and by the bytes counted while reading', async () => {
    const { graph, workerEnv, queued } = await setup(store);
    graph.library.media['700000000000020'] = {
      mime_type: 'video/mp4',
      bytes: new Uint8Array(10),
      file_size: MAX_MEDIA_BYTES + 1,
    };
    graph.library.media['700000000000021'] = {
      mime_type: 'video/mp4',
      bytes: new Uint8Array(MAX_MEDIA_BYTES + 1),
      file_size: 1000,
    };
    const declared = await send(workerEnv, queued, 'video', { id: '700000000000020' });
    const counted = await send(workerEnv, queued, 'video', { id: '700000000000021' });
    await fetchMedia(declared.job, workerEnv);
    await fetchMedia(counted.job, workerEnv);
    const media = getMediaStore(workerEnv);
    expect(await media.get(declared.job.media)).toMatchObject({ status: 'failed', failure: 'too_large' });
    expect(await media.get(counted.job.media)).toMatchObject({ status: 'failed', failure: 'too_large' });
    // The oversized url was never read: only Graph was asked.
    expect(graph.received.filter((r) => r.path.includes('/media-download/700000000000020/'))).toEqual([]);
    expect(await workerEnv.MEDIA.head(objectKey(counted.job.media))).toBeNull();
  });

  it('asks Graph again for an expired url', async () => {
    const { graph, workerEnv, queued } = await setup(store);
    graph.library.expireUrls = 1;
    const photo = await send(workerEnv, queued, 'image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png' });
    expect(await fetchMedia(photo.job, workerEnv)).toBeUndefined();
    expect(await getMediaStore(workerEnv).get(photo.job.media)).toMatchObject({ status: 'stored' });
    const asked = graph.received.filter((r) => r.path === `/v22.0/${PHOTO_MEDIA_ID}`);
    expect(asked).toHaveLength(2);
    expect(graph.received.filter((r) => r.path.startsWith('/media-download/')).map((r) => r.answered)).toEqual([
      404, 200,
    ]);
  });

  it('retries a failed fetch through the queue, then marks it failed once the retries run out', async () => {
    const { graph, workerEnv, queued } = await setup(store);
    const voice = await send(workerEnv, queued, 'audio', { id: VOICE_MEDIA_ID, voice: true });
    graph.failAlways('network');
    const result = await consume(workerEnv, [voice.job]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await getMediaStore(workerEnv).get(voice.job.media)).toMatchObject({ status: 'pending' });
    graph.failAlways(131000);
    expect(typeof (await fetchMedia(voice.job, workerEnv))).toBe('number');
    // A refused token is retried too (an operator rotates it), not given up on at once.
    graph.failAlways(undefined);
    graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    expect(typeof (await fetchMedia(voice.job, workerEnv))).toBe('number');
    expect(await getMediaStore(workerEnv).get(voice.job.media)).toMatchObject({ status: 'pending' });
    await recordDeadMedia(voice.job, workerEnv);
    expect(await getMediaStore(workerEnv).get(voice.job.media)).toMatchObject({
      status: 'failed',
      failure: 'retries_exhausted',
    });
  });

  it("erases the attachments' rows and R2 objects with the person", async () => {
    const { workerEnv, queued } = await setup(store);
    const photo = await send(workerEnv, queued, 'image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png' });
    await fetchMedia(photo.job, workerEnv);
    expect(await workerEnv.MEDIA.head(objectKey(photo.job.media))).not.toBeNull();
    await eraseConversation(workerEnv, photo.phone);
    expect(await getMediaStore(workerEnv).get(photo.job.media)).toBeNull();
    expect(await workerEnv.MEDIA.head(objectKey(photo.job.media))).toBeNull();
    // A fetch queued before the erasure finds nothing and does nothing.
    expect(await fetchMedia(photo.job, workerEnv)).toBeUndefined();
  });

  it('a photo sent while the person showed no number is on their conversation and erased with them once joined', async () => {
    const { workerEnv, queued } = await setup(store);
    const uid = `US.${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b % 10).join('')}`;
    const { from: _, ...photo } = inbound(uniqueMobile(), T, 'image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png' });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [{ ...photo, from_user_id: uid }] }))).status).toBe(
      200,
    );
    const [job] = takeJobs(queued, 'media-fetch') as JobOf<'media-fetch'>[];
    await fetchMedia(job!, workerEnv);
    // Then a message showing both: the person is one, and their number's conversation shows the photo.
    const phone = uniqueMobile();
    const both = { ...inbound(phone, T + 60, 'text', { body: 'it is me' }), from_user_id: uid };
    expect((await postWebhook(workerEnv, webhookBody({ messages: [both] }))).status).toBe(200);
    const page = await (
      await callWorker(
        workerEnv,
        `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`,
      )
    ).text();
    expect(page).toContain(`/desk/media/${job!.media}`);
    await eraseConversation(workerEnv, phone);
    expect(await getMediaStore(workerEnv).get(job!.media)).toBeNull();
    expect(await workerEnv.MEDIA.head(objectKey(job!.media))).toBeNull();
  });
});

describe('the MEDIA bucket', () => {
  it('bound: healthy; missing outside development: a fault the self-check names; missing in development: fine', async () => {
    expect(await checkMedia(env, readConfig(env))).toMatchObject({ name: 'media', ok: true });
    const unbound = { ...env, MEDIA: undefined } as unknown as Env;
    expect(await checkMedia(unbound, readConfig(unbound))).toMatchObject({ ok: true });
    const deployed = { ...unbound, ENVIRONMENT: 'production' } as Env;
    const check = await checkMedia(deployed, { ...readConfig(env), environment: 'production' });
    expect(check).toMatchObject({ ok: false, detail: expect.stringContaining('MEDIA') });
  });
});
