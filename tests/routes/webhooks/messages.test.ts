/**
 * What visitors write to the business number, through the signed webhook, on both stores: each message stored
 * once by its id with every lead of that number (or none), the owners' alert queued, nothing on a bad signature.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { firestoreEnv } from '../../support/firestore';
import { captureQueue } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, sign, wamid, webhookBody } from '../../support/whatsapp-webhook';

const OWNERS = { OWNER_PHONES: '+919800000001,+919800000002', OWNER_NAMES: 'Priya,Arjun' };
const T = 1_795_000_000; // seconds
/** The clock hour T falls in: the alert's hour is the message's own. */
const T_HOUR = new Date(Math.floor(T / 3600) * 3600_000).toISOString();

const stores: Array<[string, () => Promise<Env>]> = [
  ['D1', async () => ({ ...env, ...OWNERS, ...WEBHOOK_SECRETS })],
  ['Firestore', async () => ({ ...(await firestoreEnv('credentials')).env, ...OWNERS, ...WEBHOOK_SECRETS })],
];

afterEach(() => vi.unstubAllGlobals());

const replyJobs = (queued: Job[]) => queued.filter((j) => j.type === 'visitor-reply');

describe.each(stores)('POST /webhooks/whatsapp: messages from visitors (%s)', (_name, makeEnv) => {
  it("stores a text, a button's answer and a photo from a lead's number, each linked to every lead with it", async () => {
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const phone = uniqueMobile();
    const enquiry = enquiryLead({ phone, name: 'Asha Verma' });
    const quiz = quizLead({ contact: { first: 'Asha', last: 'V', email: 'asha@example.com', phone } });
    await getLeadStore(workerEnv).save(quiz);
    // The enquiry is the newer lead. D1 keeps the lead's createdAt; Firestore stamps its own request time, and the
    // runtime's clock only moves on across I/O: without a pause both saves could carry the same time, and the tie
    // fall to the documents' random ids.
    await new Promise((r) => setTimeout(r, 10));
    await getLeadStore(workerEnv).save({ ...enquiry, createdAt: new Date(Date.now() + 1000).toISOString() });
    // Another lead whose number ends in the same digits is not this sender.
    await getLeadStore(workerEnv).save(enquiryLead({ phone: `+1${phone.slice(3)}` }));
    const [text, button, image] = [wamid(), wamid(), wamid()];
    const body = webhookBody({
      contacts: [{ profile: { name: 'Asha' }, wa_id: phone.slice(1) }],
      messages: [
        inbound(phone, T, 'text', { body: 'Tuesday works.\nMorning?' }, text),
        inbound(phone, T + 1, 'button', { text: 'Yes, call me', payload: 'yes' }, button),
        inbound(phone, T + 2, 'image', { id: 'media-77', mime_type: 'image/jpeg', caption: 'The venue' }, image),
      ],
    });
    const res = await postWebhook(workerEnv, body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const leads = [
      { kind: 'enquiry', id: enquiry.id },
      { kind: 'quiz', id: quiz.id },
    ];
    const at = (s: number) => new Date(s * 1000).toISOString();
    const stored = await getConversationStore(workerEnv).from(phone);
    expect(stored).toEqual([
      { id: text, phone, at: at(T), type: 'text', text: 'Tuesday works.\nMorning?', profileName: 'Asha', leads },
      { id: button, phone, at: at(T + 1), type: 'button', text: 'Yes, call me', profileName: 'Asha', leads },
      {
        id: image,
        phone,
        at: at(T + 2),
        type: 'image',
        text: 'The venue',
        mediaId: 'media-77',
        profileName: 'Asha',
        leads,
      },
    ]);
    // One alert job per message, all for the newest lead of the number and the same sender and hour.
    const jobs = replyJobs(queued);
    expect(jobs).toHaveLength(3);
    expect(jobs.map((j) => j.type === 'visitor-reply' && j.text)).toEqual([
      'Tuesday works.\nMorning?',
      'Yes, call me',
      'sent a photo: The venue',
    ]);
    for (const job of jobs) {
      expect(job).toMatchObject({
        leadRef: { kind: 'enquiry', id: enquiry.id, name: 'Asha Verma' },
        sender: jobs[0]!.type === 'visitor-reply' && jobs[0]!.sender,
        hourStart: T_HOUR,
      });
    }
    // The queue carries no phone number in the sender's reference.
    expect(JSON.stringify(jobs)).not.toContain(phone.slice(1));
  });

  it('stores a message Meta delivers twice once', async () => {
    const workerEnv = await makeEnv();
    captureQueue(workerEnv);
    const phone = uniqueMobile();
    const body = webhookBody({ messages: [inbound(phone, T, 'text', { body: 'Hello?' })] });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect(await getConversationStore(workerEnv).from(phone)).toHaveLength(1);
  });

  it('takes a status and messages out of order: each recorded, the conversation in time order', async () => {
    const workerEnv = await makeEnv();
    captureQueue(workerEnv);
    const phone = uniqueMobile();
    const sent = wamid();
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
         provider_message_id, components, created_at, updated_at, sent_at)
       VALUES (?, 'desk_reply', ?, 'enquiry', 'visitor', 'sent', 'graph', 1, ?, '[]', ?, ?, ?)`,
    )
      .bind(`desk-reply:${crypto.randomUUID()}`, phone, sent, now, now, now)
      .run();
    // The visitor's later message and the "read" of our answer arrive first, their earlier message last.
    const later = webhookBody({
      messages: [inbound(phone, T + 60, 'text', { body: 'second' })],
      statuses: [{ id: sent, status: 'read', timestamp: String(T + 30), recipient_id: phone.slice(1) }],
    });
    const earlier = webhookBody({ messages: [inbound(phone, T, 'text', { body: 'first' })] });
    expect((await postWebhook(workerEnv, later)).status).toBe(200);
    expect((await postWebhook(workerEnv, earlier)).status).toBe(200);
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['first', 'second']);
    const row = await env.DB.prepare('SELECT receipt FROM deliveries WHERE provider_message_id = ?').bind(sent).first();
    expect(row).toEqual({ receipt: 'read' });
  });

  it('keeps a message from a number no lead has, unmatched, and queues it for the digest only', async () => {
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const phone = uniqueMobile();
    const body = webhookBody({ messages: [inbound(phone, T, 'audio', { id: 'voice-9', mime_type: 'audio/ogg' })] });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect(await getConversationStore(workerEnv).from(phone)).toMatchObject([
      { type: 'audio', mediaId: 'voice-9', leads: [] },
    ]);
    expect(replyJobs(queued)).toMatchObject([{ leadRef: null, text: 'sent an audio message' }]);
  });

  it('refuses a wrong or missing signature with 401 and stores or queues nothing', async () => {
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const phone = uniqueMobile();
    const body = webhookBody({ messages: [inbound(phone, T, 'text', { body: 'Hi' })] });
    expect((await postWebhook(workerEnv, body, await sign(body, 'another-secret'))).status).toBe(401);
    expect((await postWebhook(workerEnv, body, 'sha256=nothex')).status).toBe(401);
    expect((await postWebhook(workerEnv, body, '')).status).toBe(401);
    expect(await getConversationStore(workerEnv).from(phone)).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('skips a message that is not Meta’s shape and stores the rest', async () => {
    const workerEnv = await makeEnv();
    captureQueue(workerEnv);
    const phone = uniqueMobile();
    const body = webhookBody({
      messages: [
        { from: 'not-a-number', id: wamid(), timestamp: String(T), type: 'text', text: { body: 'x' } },
        { from: phone.slice(1), id: wamid(), timestamp: 'yesterday', type: 'text', text: { body: 'x' } },
        inbound(phone, T, 'text', { body: 'kept' }),
      ],
    });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['kept']);
  });
});
