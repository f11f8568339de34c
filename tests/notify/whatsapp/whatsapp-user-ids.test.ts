/**
 * People without a number: a WhatsApp user who shows only a business-scoped user id (`US.…`) is kept, shown (by
 * username, else as a WhatsApp user and their id) and answered by `recipient`; once a message shows their number
 * too, everything becomes one conversation under the number (messages, opt-out, what the business sent); the user
 * id is in no log line or URL, and is exported, erased and opted out as a number is. On D1 and on Firestore.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { erasePerson, findPerson } from '../../../src/desk/people/people';
import { readConfig, type Env } from '../../../src/env';
import { visitorMessages, webhookValues } from '../../../src/notify/conversations/visitor-messages';
import { queueDeskReply } from '../../../src/notify/conversations/desk-replies';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getConversationStore } from '../../../src/store/conversations/open';
import { optOutOf } from '../../../src/store/conversations/opt-outs';
import { maskPhone, redact } from '../../../src/log';
import { GRAPH_BASE, GraphStandin, PHONE_NUMBER_ID, TOKEN, graphEnv } from '../../standins/whatsapp/graph-api';
import { callWorker, postForm } from '../../support/api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, postWebhook, wamid, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.restoreAllMocks());
afterEach(() => vi.unstubAllGlobals());

const STORES: Store[] = ['D1', 'Firestore'];
const nowSeconds = () => Math.floor(Date.now() / 1000);
const userId = () => `US.${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b % 10).join('')}`;

/** A message as Meta sends it: from a user id alone, or (with `phone`) from both. */
function message(uid: string, body: string, opts: { phone?: string; seconds?: number; id?: string } = {}) {
  return {
    ...(opts.phone && { from: opts.phone.slice(1) }),
    from_user_id: uid,
    id: opts.id ?? wamid(),
    timestamp: String(opts.seconds ?? nowSeconds()),
    type: 'text',
    text: { body },
  };
}

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: '+919700000001,+919700000002', ...vars });
  const queued = captureQueue(workerEnv);
  const key = readConfig(workerEnv).privacy.erasureKey;
  const write = async (m: ReturnType<typeof message>, profile?: { name?: string; username?: string }) => {
    const contacts = profile ? [{ user_id: m.from_user_id, ...(m.from && { wa_id: m.from }), profile }] : [];
    expect((await postWebhook(workerEnv, webhookBody({ messages: [m], contacts }))).status).toBe(200);
    return m.id;
  };
  return {
    workerEnv,
    graph,
    write,
    store: getConversationStore(workerEnv),
    take: (type: Job['type']) => takeJobs(queued, type),
    path: async (address: string) => `/desk/conversations/${await conversationId(address, key)}`,
    optOut: (address: string) => optOutOf(env.DB, key, address),
    page: async (path: string) => (await callWorker(workerEnv, path)).text(),
  };
}

/** Every log line written while `run` ran, as text. */
async function logsOf(run: () => Promise<void>): Promise<string> {
  const spies: MockInstance[] = (['log', 'warn', 'error', 'info'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation(() => {}),
  );
  await run();
  return spies.flatMap((s) => s.mock.calls.map((args) => args.map(String).join(' '))).join('\n');
}

describe('a message from a user id', () => {
  const parse = (messages: unknown[], contacts: unknown[] = []) =>
    visitorMessages(webhookValues(JSON.parse(webhookBody({ messages, contacts }))));

  it('is kept under the number when there is one, else the user id; with neither, or a malformed id, skipped', () => {
    const uid = userId();
    const phone = uniqueMobile();
    const contacts = [{ user_id: uid, profile: { username: 'asha.coach' } }];
    expect(parse([message(uid, 'hi')], contacts)).toEqual([
      expect.objectContaining({ phone: uid, userId: uid, username: 'asha.coach', text: 'hi' }),
    ]);
    expect(parse([message(uid, 'hi', { phone })])).toEqual([expect.objectContaining({ phone, userId: uid })]);
    const { from_user_id: _, ...neither } = message(uid, 'hi');
    expect(parse([neither, { ...message(uid, 'hi'), from_user_id: 'US.1 OR 1=1' }])).toEqual([]);
  });
});

describe('a user id in a log line and at the Graph stand-in', () => {
  it('is masked as a number is, alone and inside free text', () => {
    const uid = 'US.13491208655302741918';
    expect(maskPhone(uid)).toBe('US.***18');
    expect(redact(`(#100) Invalid parameter: recipient ${uid} unknown`)).toBe(
      '(#100) Invalid parameter: recipient US.***18 unknown',
    );
  });

  it('is sent to in `recipient`, never with `to` as well; the answer names the user id', async () => {
    const graph = new GraphStandin();
    const send = async (addressee: Record<string, string>) => {
      const res = await graph.fetch(
        new Request(`${GRAPH_BASE}/v22.0/${PHONE_NUMBER_ID}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            ...addressee,
            type: 'text',
            text: { body: 'Hello' },
          }),
        }),
      );
      return [res.status, await res.json()] as const;
    };
    const uid = 'US.13491208655302741918';
    const [status, answer] = await send({ recipient: uid });
    expect([status, (answer as { contacts: unknown[] }).contacts]).toEqual([200, [{ input: uid, user_id: uid }]]);
    const wrongs: Array<Record<string, string>> = [
      { recipient: uid, to: '+919800000001' },
      { recipient: '+919800000001' },
      { to: uid },
      {},
    ];
    for (const wrong of wrongs) expect((await send(wrong))[0]).toBe(400);
  });
});

describe.each(STORES)('a WhatsApp user without a number (%s)', (store) => {
  it('is kept and shown by username, answered by recipient, and their id is in no log line or URL', async () => {
    const { workerEnv, graph, write, store: messages, take, path, page } = await setup(store);
    const uid = userId();
    const logs = await logsOf(async () => {
      const id = await write(message(uid, 'Do you coach online?'), { username: 'asha.coach' });
      expect(await messages.from(uid)).toEqual([
        expect.objectContaining({ id, phone: uid, userId: uid, username: 'asha.coach', leads: [] }),
      ]);
      const href = await path(uid);
      expect(href).not.toContain(uid);
      const list = await page('/desk/conversations');
      expect(list).toContain(`href="${href}"`);
      expect(list).toContain('@asha.coach');
      const html = await page(href);
      expect(html).toContain('Do you coach online?');
      expect(html).toContain('@asha.coach');
      const replyId = /name="replyId" value="([^"]+)"/.exec(html)?.[1] ?? '';
      const res = await postForm(workerEnv, `${href}/reply`, { replyId, text: 'Yes, on video.' });
      expect([res.status, res.headers.get('location')]).toEqual([303, `${href}?answer=${replyId}#reply`]);
      const jobs = take('desk-reply');
      expect(jobs).toEqual([{ type: 'desk-reply', submissionId: `desk-reply:${replyId}`, recipient: uid }]);
      await consume(workerEnv, [...jobs, ...take('visitor-reply')]);
    });
    expect(graph.delivered.filter((b: { type?: string }) => b.type === 'text')).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        recipient: uid,
        type: 'text',
        text: { body: 'Yes, on video.', preview_url: false },
      },
    ]);
    expect(logs).toContain('conversation.received');
    expect(logs).not.toContain(uid.slice(3));
    expect(logs).not.toContain(uid.slice(-10));
  });

  it('without a username, shows them as a WhatsApp user and their id', async () => {
    const { write, path, page } = await setup(store);
    const uid = userId();
    await write(message(uid, 'Hello?'));
    const html = await page(await path(uid));
    expect(html).toContain(`WhatsApp user ${uid}`);
    expect(html).toContain('WhatsApp does not show this person’s number');
    expect(html).toContain('Hello?');
  });

  it('joins the messages, the opt-out and what was sent under the user id to the number once both are seen', async () => {
    const { workerEnv, graph, write, store: messages, take, path, page, optOut } = await setup(store);
    const uid = userId();
    const phone = uniqueMobile();
    await write(message(uid, 'First, without a number', { seconds: nowSeconds() - 60 }), { username: 'asha' });
    await write(message(uid, 'STOP', { seconds: nowSeconds() - 30 }));
    expect(await optOut(uid)).not.toBeNull();
    await consume(workerEnv, take('desk-reply')); // the confirmation, sent to the user id
    await write(message(uid, 'Now with my number', { phone }), { name: 'Asha', username: 'asha' });

    expect(await messages.from(uid)).toEqual([]);
    const joined = await messages.from(phone);
    expect(joined.map((m) => m.text)).toEqual(['First, without a number', 'STOP', 'Now with my number']);
    expect(joined.every((m) => m.phone === phone && m.userId === uid)).toBe(true);
    const key = readConfig(workerEnv).privacy.erasureKey;
    expect(await messages.ofConversation(await conversationId(uid, key))).toBeNull();
    // A link made while they showed no number (an owner's alert) opens the joined conversation.
    expect(await page(await path(uid))).toContain('Now with my number');
    expect([await optOut(uid), await optOut(phone)]).toEqual([null, expect.objectContaining({ how: 'message' })]);
    const sentTo = (to: string) =>
      env.DB.prepare(`SELECT submission_id FROM deliveries WHERE recipient = ? AND audience = 'visitor'`)
        .bind(to)
        .all();
    expect((await sentTo(uid)).results).toEqual([]);
    expect((await sentTo(phone)).results).toHaveLength(1);

    // An answer queued to the user id before a message joins them goes to the number once the job runs.
    // (The number is opted out here, so its page offers no answer form: the form's id is made as the form makes it.)
    const replyId = crypto.randomUUID();
    await write(message(uid, 'START', { phone }));
    await queueDeskReply(workerEnv, { replyId, leadKind: 'conversation', to: uid, text: 'Queued early', by: 'o' });
    await write(message(uid, 'Joined again', { phone }));
    await consume(workerEnv, take('desk-reply'));
    expect(graph.delivered).toContainEqual(
      expect.objectContaining({ to: phone, text: expect.objectContaining({ body: 'Queued early' }) }),
    );

    // A later message with the user id alone is the same person: kept under the number.
    await write(message(uid, 'And again, no number'));
    expect((await messages.from(phone)).map((m) => m.text)).toContain('And again, no number');
    const html = await page(await path(phone));
    for (const text of ['First, without a number', 'Now with my number', 'And again, no number', 'START if'])
      expect(html).toContain(text);
  });

  it('opts a user id out and back in, by STOP and START or by an owner on the desk', async () => {
    const { workerEnv, write, optOut, path } = await setup(store);
    const uid = userId();
    await write(message(uid, 'stop', { seconds: nowSeconds() - 10 }));
    expect(await optOut(uid)).toMatchObject({ how: 'message' });
    await write(message(uid, 'START'));
    expect(await optOut(uid)).toBeNull();
    const href = await path(uid);
    const recorded = await postForm(workerEnv, `${href}/opt-out`, { confirm: 'yes' });
    expect(recorded.headers.get('location')).toBe(`${href}?opt-out=recorded#opt-out`);
    expect(await optOut(uid)).toMatchObject({ how: 'owner' });
    await postForm(workerEnv, `${href}/opt-in`, {});
    expect(await optOut(uid)).toBeNull();
  });

  it('exports and erases a user without a number; a retried message of theirs is not kept again', async () => {
    const { workerEnv, write, store: messages } = await setup(store);
    const uid = userId();
    const earlier = message(uid, 'Please forget me', { seconds: nowSeconds() - 5 });
    await write(earlier, { username: 'forget.me' });
    const records = await findPerson(workerEnv, { phone: uid });
    expect(records.conversations).toEqual([
      expect.objectContaining({
        phone: uid,
        messages: [expect.objectContaining({ userId: uid, username: 'forget.me' })],
      }),
    ]);
    // The desk finds them by the user id, and their copy holds it with what they wrote.
    const found = await postForm(workerEnv, '/desk/people', { q: uid });
    expect([found.status, (await found.text()).includes('1 WhatsApp message from them')]).toEqual([200, true]);
    const copy = await postForm(workerEnv, '/desk/people/export.json', { q: uid });
    expect(copy.status).toBe(200);
    expect(await copy.text()).toMatch(new RegExp(`"userId": "${uid}"[\\s\\S]*"username": "forget.me"`));
    const { counts } = await erasePerson(workerEnv, { phone: uid }, [], 'owner@localhost');
    expect(counts.conversation).toBe(1);
    expect(await messages.from(uid)).toEqual([]);
    await write(earlier); // Meta retries the event
    await write(message(uid, 'written before the erasure', { seconds: nowSeconds() - 4 }));
    expect(await messages.from(uid)).toEqual([]);
  });

  it("erasing a number erases what is still kept under its user id, and drops the user id's retried messages", async () => {
    const { workerEnv, write, store: messages } = await setup(store);
    const uid = userId();
    const phone = uniqueMobile();
    await write(message(uid, 'With my number', { phone, seconds: nowSeconds() - 5 }));
    // One kept under the user id alone (written before the two were seen together).
    await messages.receive({
      id: wamid(),
      phone: uid,
      userId: uid,
      at: new Date().toISOString(),
      type: 'text',
      leads: [],
    });
    const { counts } = await erasePerson(workerEnv, { phone }, [], 'owner@localhost');
    expect(counts.conversation).toBe(2);
    expect([await messages.from(phone), await messages.from(uid)]).toEqual([[], []]);
    await write(message(uid, 'retried, no number', { seconds: nowSeconds() - 3 }));
    expect(await messages.from(uid)).toEqual([]);
  });
});
