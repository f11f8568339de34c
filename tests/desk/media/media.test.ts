/**
 * A visitor's attachments on the desk, on both stores: /desk/media/:id serves a stored one with its type, a
 * disposition, nosniff, no caching and its own strict policy (404 for anything else); the conversation page shows a
 * photo in a fixed box, a voice note with a player, a document as a download, "fetching…" and "could not be
 * fetched"; the owners' alert says what was sent ("sent a photo"), then its caption ("sent a photo: The venue").
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import { fetchMedia } from '../../../src/notify/media/media-job';
import type { Job, JobOf } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { newMediaKey } from '../../../src/store/media/media';
import { PHOTO_MEDIA_ID, VOICE_MEDIA_ID } from '../../standins/whatsapp/graph-media.mjs';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, ...vars });
  const queued = captureQueue(workerEnv);
  const call = async (path: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { graph, workerEnv, queued, call };
}

/** One webhook from a new number with these messages; answers the number and the jobs it queued. */
async function write(workerEnv: Env, queued: Job[], messages: [string, Record<string, unknown>][]) {
  const phone = uniqueMobile();
  const now = Math.floor(Date.now() / 1000);
  const body = webhookBody({
    messages: messages.map(([type, content], i) => inbound(phone, now - 60 + i, type, content)),
  });
  expect((await postWebhook(workerEnv, body)).status).toBe(200);
  const fetches = takeJobs(queued, 'media-fetch') as JobOf<'media-fetch'>[];
  const alerts = takeJobs(queued, 'visitor-reply') as JobOf<'visitor-reply'>[];
  return { phone, fetches, alerts };
}

describe.each<Store>(['D1', 'Firestore'])('attachments on the desk (%s)', (store) => {
  it('serves a stored photo inline and a document as an attachment under a safe name, with strict headers', async () => {
    const { graph, workerEnv, queued, call } = await setup(store);
    graph.library.media['700000000000030'] = { mime_type: 'application/pdf', bytes: new TextEncoder().encode('%PDF') };
    const { fetches } = await write(workerEnv, queued, [
      ['image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png' }],
      ['document', { id: '700000000000030', filename: '../"Plan"\r\n;2026 é.pdf' }],
    ]);
    for (const job of fetches) await fetchMedia(job, workerEnv);
    const photo = await call(`/desk/media/${fetches[0]!.media}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('content-disposition')).toBe('inline');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(photo.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(graph.library.media[PHOTO_MEDIA_ID]!.bytes);
    const pdf = await call(`/desk/media/${fetches[1]!.media}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="Plan2026 _.pdf"; filename*=UTF-8''${encodeURIComponent('Plan2026 é.pdf')}`,
    );
    await pdf.arrayBuffer();
  });

  it('shows and serves a file name without its bidi controls or zero-width characters', async () => {
    const { graph, workerEnv, queued, call } = await setup(store);
    graph.library.media['700000000000031'] = { mime_type: 'application/pdf', bytes: new TextEncoder().encode('%PDF') };
    const { phone, fetches } = await write(workerEnv, queued, [
      ['document', { id: '700000000000031', filename: 'inv\u202Efdp.exe\u200B' }],
    ]);
    for (const job of fetches) await fetchMedia(job, workerEnv);
    const file = await call(`/desk/media/${fetches[0]!.media}`);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="invfdp.exe"; filename*=UTF-8''invfdp.exe`,
    );
    await file.arrayBuffer();
    const id = await conversationId(phone, readConfig(workerEnv).privacy.erasureKey);
    const page = await (await call(`/desk/conversations/${id}`)).text();
    expect(page).toContain(`download="invfdp.exe">Download invfdp.exe (4 B)</a>`);
    expect(page).not.toMatch(/\p{Cf}/u);
  });

  it('answers 404 for an unknown id, a malformed one, and one not fetched yet', async () => {
    const { workerEnv, queued, call } = await setup(store);
    const { fetches } = await write(workerEnv, queued, [['image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png' }]]);
    for (const path of [`/desk/media/${newMediaKey()}`, '/desk/media/not-an-id', `/desk/media/${fetches[0]!.media}`]) {
      const res = await call(path);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
  });

  it('shows a photo in a fixed box, a voice note with a player, a caption, then fetching… and could not be fetched', async () => {
    const { graph, workerEnv, queued, call } = await setup(store);
    graph.library.media['700000000000040'] = { mime_type: 'image/gif', bytes: new Uint8Array(3) };
    const { phone, fetches } = await write(workerEnv, queued, [
      ['image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png', caption: 'The venue' }],
      ['audio', { id: VOICE_MEDIA_ID, mime_type: 'audio/ogg; codecs=opus', voice: true }],
      ['image', { id: '700000000000040', mime_type: 'image/gif' }],
      ['video', { id: PHOTO_MEDIA_ID, mime_type: 'video/mp4' }],
    ]);
    for (const job of fetches.slice(0, 3)) await fetchMedia(job, workerEnv);
    const id = await conversationId(phone, readConfig(workerEnv).privacy.erasureKey);
    const page = await (await call(`/desk/conversations/${id}`)).text();
    expect(page).toContain(
      `<img class="desk-media-picture" src="/desk/media/${fetches[0]!.media}" width="240" height="240" alt="Photo they sent: The venue"`,
    );
    expect(page).toContain('<figcaption class="desk-bubble-text">The venue</figcaption>');
    expect(page).toContain(
      `<audio controls="" preload="metadata" src="/desk/media/${fetches[1]!.media}" aria-label="Voice note">`,
    );
    expect(page).toContain('Could not be fetched from WhatsApp.');
    expect(page).toContain('Fetching…');
    // No media id of Meta's, no wamid.
    expect(page).not.toContain(PHOTO_MEDIA_ID);
  });

  it("the owners' alert says what was sent, then the caption when there is one", async () => {
    const { workerEnv, queued } = await setup(store);
    const kinds: [string, Record<string, unknown>, string][] = [
      ['image', { id: PHOTO_MEDIA_ID }, 'sent a photo'],
      ['audio', { id: VOICE_MEDIA_ID, voice: true }, 'sent a voice note'],
      ['video', { id: '1' }, 'sent a video'],
      ['document', { id: '2', filename: 'a.pdf' }, 'sent a document'],
      ['sticker', { id: '3', mime_type: 'image/webp' }, 'sent a sticker'],
      ['image', { id: '4', caption: 'Look at this' }, 'sent a photo: Look at this'],
      ['video', { id: '5', caption: 'The hall' }, 'sent a video: The hall'],
      ['document', { id: '6', filename: 'plan.pdf', caption: 'My plan' }, 'sent a document: My plan'],
      ['audio', { id: '7', voice: true, caption: 'Listen' }, 'sent a voice note: Listen'],
      ['sticker', { id: '8', caption: 'Hi' }, 'sent a sticker: Hi'],
    ];
    for (const [type, content, text] of kinds) {
      const { alerts } = await write(workerEnv, queued, [[type, content]]);
      expect(alerts.map((a) => a.text)).toEqual([text]);
    }
  });
});
