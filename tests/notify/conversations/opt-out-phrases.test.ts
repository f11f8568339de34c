/**
 * STOP as people write it, through the signed WhatsApp webhook, on D1 and on Firestore: "Stop please" opts the number
 * out with one confirmation; a longer message with a stop word opts nothing out but marks the conversation "may want
 * to stop", and the owner's one-tap opt-out records it (once, however often it is tapped; no message to the visitor),
 * refusing a request for a conversation or lead it cannot act on with a message.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../../support/api';
import { readConfig, type Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { optOutOf } from '../../../src/store/conversations/opt-outs';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const CONFIRMATION = "You won't get messages from us here again. Write START if you change your mind.";
const MARK = 'They may want to stop getting WhatsApp messages';
const LONGER = 'Can you stop sending me these, I already booked';

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: '+919700000001,+919700000002', ...vars });
  const queued = captureQueue(workerEnv);
  const call = (path: string) => callWorker(workerEnv, path);
  const post = (path: string, fields: Record<string, string> = {}) =>
    postForm(workerEnv, path, fields, { origin: ORIGIN });
  const take = (type: Job['type']) => takeJobs(queued, type);
  const optOut = (phone: string) => optOutOf(env.DB, readConfig(workerEnv).privacy.erasureKey, phone);
  // Each message a few seconds after the one before (WhatsApp gives a message its second only).
  let seconds = Math.floor(Date.now() / 1000) - 120;
  const write = async (phone: string, type: string, content: unknown, id?: string) => {
    const message = inbound(phone, id ? seconds : (seconds += 5), type, content, id);
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
    return message.id;
  };
  const say = (phone: string, body: string, id?: string) => write(phone, 'text', { body }, id);
  return { workerEnv, graph, call, post, take, optOut, write, say };
}

describe.each<Store>(['D1', 'Firestore'])('STOP as people write it (%s)', (store) => {
  it('"Stop please" opts the number out and sends one confirmation, however often the webhook repeats', async () => {
    const { workerEnv, graph, take, optOut, say } = await setup(store);
    const phone = uniqueMobile();
    const id = await say(phone, 'Stop please 🙏');
    await say(phone, 'Stop please 🙏', id);
    expect(await optOut(phone)).toMatchObject({ how: 'message', by: null });
    const confirmations = take('desk-reply');
    expect(confirmations).toHaveLength(1);
    await consume(workerEnv, confirmations);
    expect(graph.delivered.filter((b: { type?: string }) => b.type === 'text')).toEqual([
      expect.objectContaining({ to: phone, text: { body: CONFIRMATION, preview_url: false } }),
    ]);
  });

  it("a longer message is marked on the lead's page; the owner's one tap opts them out, once, with no message", async () => {
    const { workerEnv, call, post, take, optOut, say } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile(), name: 'Nila Menon' });
    await getLeadStore(workerEnv).save(lead);
    await say(lead.phone, LONGER);
    expect(await optOut(lead.phone)).toBeNull();
    expect(take('desk-reply')).toEqual([]);

    const path = `/desk/leads/enquiry/${lead.id}`;
    const page = await (await call(path)).text();
    expect(page).toContain(MARK);
    expect(page).toContain(`<blockquote class="desk-may-stop-quote">${LONGER}</blockquote>`);
    expect(page).toMatch(new RegExp(`<form action="${path}/opt-out" method="post">[^]*?Opt them out</button>`));

    // The tap asks to confirm first; confirmed, it is recorded.
    expect((await post(`${path}/opt-out`)).headers.get('location')).toBe(`${path}?opt-out=confirm#opt-out`);
    expect(await optOut(lead.phone)).toBeNull();
    const res = await post(`${path}/opt-out`, { confirm: 'yes' });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${path}?opt-out=recorded#opt-out`]);
    const recorded = await optOut(lead.phone);
    expect(recorded).toMatchObject({ how: 'owner', by: 'owner@localhost' });
    // A second tap (a double tap, or the form posted again) changes nothing.
    expect((await post(`${path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    expect(await optOut(lead.phone)).toEqual(recorded);
    expect(take('desk-reply')).toEqual([]);

    const after = await (await call(path)).text();
    expect(after).toContain('Opted out of WhatsApp messages on');
    expect(after).not.toContain(MARK);
  });

  it("marks a stranger's conversation too, and a STOP written as a photo's caption; a later START settles it", async () => {
    const { workerEnv, call, post, optOut, say, write } = await setup(store);
    const phone = uniqueMobile();
    const path = `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`;
    await write(phone, 'image', { id: '700000000000091', caption: 'STOP' });
    expect(await optOut(phone)).toBeNull();
    expect(await (await call(path)).text()).toContain(MARK);

    await say(phone, 'Start');
    expect(await (await call(path)).text()).not.toContain(MARK);

    await say(phone, 'Please stop writing to me about the retreat, I found another one');
    expect(await (await call(path)).text()).toContain(MARK);
    expect((await post(`${path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    expect(await optOut(phone)).toMatchObject({ how: 'owner' });
  });

  it('refuses, with a message and changing nothing, a conversation or a lead it cannot opt out', async () => {
    const { workerEnv, call, post } = await setup(store);
    const unknown = await post('/desk/conversations/0123456789abcdef0123456789abcdef/opt-out');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No such lead.');

    const noPhone = quizLead();
    await getLeadStore(workerEnv).save(noPhone);
    const refused = await post(`/desk/leads/quiz/${noPhone.id}/opt-out`);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('This lead has no phone number to opt out.');
    expect(await (await call(`/desk/leads/quiz/${noPhone.id}`)).text()).not.toContain('Opted out of WhatsApp');

    const malformed = await post('/desk/leads/enquiry/not%20an%20id/opt-out');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
  });
});
