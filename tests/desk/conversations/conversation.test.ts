/**
 * The conversation on the desk: a lead's page shows what the business sent and what the visitor wrote in time
 * order, unread marked; opening it marks it read (WhatsApp told through the queue); an owner answers while the
 * 24-hour window is open (the window runs from the test's own message times), through the queue and the ledger.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs, deliver } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, wamid, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const STORES: Store[] = ['D1', 'Firestore'];

/** The Worker with WhatsApp at the Graph stand-in, leads and messages in D1 or in the Firestore stand-in. */
async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars: firestoreVars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({
    ...WEBHOOK_SECRETS,
    OWNER_PHONES: '+919700000001,+919700000002',
    ...firestoreVars,
  });
  const queued = captureQueue(workerEnv);
  const call = async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const reply = (path: string, fields: Record<string, string>, origin = ORIGIN) =>
    call(`${path}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(fields).toString(),
    });
  const take = (type: Job['type']) => takeJobs(queued, type);
  return { workerEnv, graph, queued, call, reply, take };
}

/** A lead, and messages from its number written `hoursAgo` before now (the test's clock). */
async function leadThatWrote(workerEnv: Env, hoursAgo: number[], name = 'Asha Verma') {
  const lead = enquiryLead({ phone: uniqueMobile(), name });
  await getLeadStore(workerEnv).save(lead);
  const messages = hoursAgo.map((h, i) =>
    inbound(lead.phone, nowSeconds() - Math.round(h * HOUR), 'text', { body: `message ${i + 1}` }),
  );
  if (messages.length > 0) expect((await postWebhook(workerEnv, webhookBody({ messages }))).status).toBe(200);
  return { lead, path: `/desk/leads/enquiry/${lead.id}`, ids: messages.map((m) => m.id) };
}

/** A conversation's page on the desk: by its opaque id, never the number or a wamid. */
const conversationPath = async (workerEnv: Env, phone: string) =>
  `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`;

const replyIdOf = (html: string) => /name="replyId" value="([^"]+)"/.exec(html)?.[1] ?? '';
/** Why the answer form's post was refused, as the page shows it by the form. */
const refusalOf = (html: string) => /class="desk-reply-refused" role="alert">([^<]*)</.exec(html)?.[1] ?? '';

describe.each(STORES)("a lead's conversation on the desk (%s)", (store) => {
  it('shows sent and received messages in time order, unread marked, never cached or indexed; opening reads them', async () => {
    const { workerEnv, graph, call, take } = await setup(store);
    const { lead, path, ids } = await leadThatWrote(workerEnv, [2, 1]);
    // The thank-you the business sent when the enquiry came in, three hours ago.
    const sentAt = new Date(Date.now() - 3 * HOUR * 1000).toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
         components, created_at, updated_at, sent_at, receipt, receipt_at)
       VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'sent', 'graph', 1, ?, ?, ?, ?, 'read', ?)`,
    )
      .bind(
        lead.id,
        lead.phone,
        JSON.stringify([{ type: 'header', parameters: [{ type: 'text', text: 'Asha' }] }]),
        sentAt,
        sentAt,
        sentAt,
        sentAt,
      )
      .run();

    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const order = ['Thank you, Asha', 'message 1', 'message 2'].map((t) => html.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html.match(/desk-bubble-unread/g)).toHaveLength(2);
    expect(html).toMatch(/desk-state-sent">Read</); // the thank-you's receipt

    // Opening marked both read and asked WhatsApp (through the queue) to show the newest as read.
    const read = await getConversationStore(workerEnv).from(lead.phone);
    expect(read.every((m) => m.readAt)).toBe(true);
    const jobs = take('mark-read');
    expect(jobs).toEqual([{ type: 'mark-read', messageId: ids[1] }]);
    await consume(workerEnv, jobs);
    expect(graph.delivered).toContainEqual({ messaging_product: 'whatsapp', status: 'read', message_id: ids[1] });

    const again = await (await call(path)).text();
    expect(again).not.toContain('desk-bubble-unread');
    expect(take('mark-read')).toEqual([]);
  });

  it('lists leads with unread replies on the inbox, newest reply first, and every conversation on /desk/conversations', async () => {
    const { workerEnv, call } = await setup(store);
    const older = await leadThatWrote(workerEnv, [0.5], 'Older Writer');
    const newer = await leadThatWrote(workerEnv, [0.1], 'Newer Writer');
    const stranger = uniqueMobile();
    await postWebhook(
      workerEnv,
      webhookBody({
        contacts: [{ profile: { name: 'Stranger Danger' }, wa_id: stranger.slice(1) }],
        messages: [inbound(stranger, nowSeconds(), 'text', { body: 'Is this the coach?' })],
      }),
    );
    const inbox = await (await call('/desk')).text();
    const strip = inbox.slice(
      inbox.indexOf('Unread replies'),
      inbox.indexOf('</section>', inbox.indexOf('Unread replies')),
    );
    expect(strip.indexOf('Newer Writer')).toBeGreaterThan(0);
    expect(strip.indexOf('Newer Writer')).toBeLessThan(strip.indexOf('Older Writer'));
    expect(inbox).toContain('1 unread reply');

    const list = await (await call('/desk/conversations')).text();
    for (const text of ['Newer Writer', 'Older Writer', 'Stranger Danger', 'Is this the coach?'])
      expect(list).toContain(text);
    expect(list).toContain(`href="/desk/leads/enquiry/${newer.lead.id}"`);
    // Its link is by the number's opaque id (other tests' strangers may be listed in this shared runtime too).
    const strangerHref = await conversationPath(workerEnv, stranger);
    expect(list).toContain(`href="${strangerHref}"`);
    const page = await call(strangerHref);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Is this the coach?');
    expect(html).toContain('No lead has this number');
    expect(html).toContain(`action="${strangerHref}/reply#reply"`);
    // A lead's conversation opens its lead.
    const redirect = await call(await conversationPath(workerEnv, older.lead.phone));
    expect([redirect.status, redirect.headers.get('location')]).toEqual([303, older.path]);
    // A message's id (a wamid, which embeds the number) is no address: the old URLs answer 404.
    expect((await call(`/desk/conversations/${encodeURIComponent(older.ids[0]!)}`)).status).toBe(404);
    expect((await call(`/desk/conversations/${wamid()}`)).status).toBe(404);
  });
});

describe.each(STORES)('POST /desk/leads/:kind/:id/reply (%s)', (store) => {
  it('sends an answer while the window is open, through the queue: a failure, a retry, then sent once', async () => {
    const { workerEnv, graph, call, reply, take, queued } = await setup(store);
    const { lead, path } = await leadThatWrote(workerEnv, [23]);
    const html = await (await call(path)).text();
    expect(html).toContain('Answer on WhatsApp');
    const replyId = replyIdOf(html);
    expect(replyId).toMatch(/^[0-9a-f-]{36}$/);

    const res = await reply(path, { replyId, text: '  Tuesday at 10 works. See you!  ' });
    // Back to the form's place on the page, where it says "Sent".
    expect([res.status, res.headers.get('location')]).toEqual([303, `${path}?answer=${replyId}#reply`]);
    // A double tap (the same form again) queues nothing more.
    expect((await reply(path, { replyId, text: 'Tuesday at 10 works. See you!' })).status).toBe(303);
    const jobs = take('desk-reply');
    expect(jobs).toEqual([{ type: 'desk-reply', submissionId: `desk-reply:${replyId}`, recipient: lead.phone }]);
    const row = () =>
      env.DB.prepare(
        `SELECT status, attempts, sent_by, last_error_code, components FROM deliveries WHERE submission_id = ?`,
      )
        .bind(`desk-reply:${replyId}`)
        .first<{ status: string; attempts: number; sent_by: string; last_error_code: string | null }>();
    expect(await row()).toMatchObject({ status: 'pending', attempts: 0, sent_by: 'owner@localhost' });
    expect(await (await call(path)).text()).toContain('Waiting to send');

    // Meta is briefly unavailable: the job is retried and the row waits.
    graph.failNext(131000);
    const first = await deliver(jobs[0], { env: workerEnv });
    expect(first.retryMessages).toHaveLength(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1, last_error_code: '131000' });
    const second = await deliver(jobs[0], { env: workerEnv, attempts: 2, id: first.id });
    expect(second.explicitAcks).toEqual([first.id]);
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    // A redelivered job sends nothing twice.
    await deliver(jobs[0], { env: workerEnv, attempts: 3, id: first.id });
    const texts = graph.delivered.filter((b: { type?: string }) => b.type === 'text');
    expect(texts).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: lead.phone,
        type: 'text',
        text: { body: 'Tuesday at 10 works. See you!', preview_url: false },
      },
    ]);

    // The answer shows with who sent it and what WhatsApp says happened to it.
    const wamidSent = graph.received.filter((r) => r.answered === 200 && r.body?.type === 'text');
    expect(wamidSent).toHaveLength(1);
    const provider = await env.DB.prepare(`SELECT provider_message_id AS id FROM deliveries WHERE submission_id = ?`)
      .bind(`desk-reply:${replyId}`)
      .first<{ id: string }>();
    await postWebhook(
      workerEnv,
      webhookBody({
        statuses: [{ id: provider!.id, status: 'delivered', timestamp: String(nowSeconds()), recipient_id: '1' }],
      }),
    );
    const after = await (await call(path)).text();
    expect(after).toContain('Answered by owner@localhost');
    expect(after).toContain('Tuesday at 10 works. See you!');
    expect(after).toMatch(/desk-state-sent">Delivered</);
    expect(queued.filter((j) => j.type === 'desk-reply')).toEqual([]);
  });

  it('refuses once the 24-hour window closed, says when, offers no form and sends nothing', async () => {
    const { workerEnv, call, reply, queued } = await setup(store);
    const { lead, path } = await leadThatWrote(workerEnv, [26, 25]);
    const html = await (await call(path)).text();
    expect(html).toContain('The 24-hour window closed');
    expect(html).not.toContain('name="text"');
    const res = await reply(path, { replyId: crypto.randomUUID(), text: 'Hello again' });
    expect(res.status).toBe(409);
    expect(refusalOf(await res.text())).toMatch(
      /^Not sent: the 24-hour window to answer freely closed .+\. Nothing was sent\.$/,
    );
    expect(queued.filter((j) => j.type === 'desk-reply')).toEqual([]);
    const rows = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM deliveries WHERE recipient = ? AND template = 'desk_reply'`,
    )
      .bind(lead.phone)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);

    const silent = await leadThatWrote(workerEnv, []);
    expect(await (await call(silent.path)).text()).toContain('They have not written to the business number');
    expect((await reply(silent.path, { replyId: crypto.randomUUID(), text: 'Hi' })).status).toBe(409);
  });

  it('checks the answer by its field, the form by its origin, and the lead', async () => {
    const { workerEnv, reply, queued } = await setup(store);
    const { path } = await leadThatWrote(workerEnv, [1]);
    const replyId = crypto.randomUUID();
    for (const [fields, field] of [
      [{ replyId, text: '   ' }, 'text'],
      [{ replyId, text: 'x'.repeat(1001) }, 'text'],
      [{ text: 'Hello' }, 'replyId'],
    ] as const) {
      const res = await reply(path, fields);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(refusalOf(html)).toBe(
        {
          text: fields.text?.trim() ? 'Keep the answer to 1,000 characters.' : 'Write an answer first.',
          replyId: 'Reload the page and write the answer again.',
        }[field],
      );
    }
    expect((await reply(path, { replyId, text: 'x'.repeat(1000) })).status).toBe(303);
    expect((await reply(path, { replyId: crypto.randomUUID(), text: 'Hi' }, 'https://evil.example')).status).toBe(403);
    expect((await reply(`/desk/leads/enquiry/${crypto.randomUUID()}`, { replyId, text: 'Hi' })).status).toBe(404);
    expect(queued.filter((j) => j.type === 'desk-reply')).toHaveLength(1);
  });
});

describe.each(STORES)('POST /desk/conversations/:conversation/reply: a number no lead has (%s)', (store) => {
  /** A message from a number no lead has, written `hoursAgo` before now; its page's path. */
  async function strangerWrote(workerEnv: Env, hoursAgo: number) {
    const phone = uniqueMobile();
    const message = inbound(phone, nowSeconds() - Math.round(hoursAgo * HOUR), 'text', { body: 'Is this the coach?' });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
    return { phone, path: await conversationPath(workerEnv, phone) };
  }

  it('answers them while the window is open, once per form, through the queue and the ledger', async () => {
    const { workerEnv, graph, call, reply, take } = await setup(store);
    const { phone, path } = await strangerWrote(workerEnv, 2);
    const html = await (await call(path)).text();
    expect(html).toContain('Answer on WhatsApp');
    expect(html).toContain('you can answer them below');
    const replyId = replyIdOf(html);

    const res = await reply(path, { replyId, text: 'Yes, this is Priya’s studio. How can we help?' });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${path}?answer=${replyId}#reply`]);
    expect((await reply(path, { replyId, text: 'Yes, this is Priya’s studio. How can we help?' })).status).toBe(303);
    const jobs = take('desk-reply');
    expect(jobs).toEqual([{ type: 'desk-reply', submissionId: `desk-reply:${replyId}`, recipient: phone }]);
    const row = await env.DB.prepare(`SELECT lead_kind, audience, sent_by FROM deliveries WHERE submission_id = ?`)
      .bind(`desk-reply:${replyId}`)
      .first();
    expect(row).toEqual({ lead_kind: 'conversation', audience: 'visitor', sent_by: 'owner@localhost' });

    await deliver(jobs[0], { env: workerEnv });
    expect(graph.delivered.filter((b: { type?: string }) => b.type === 'text')).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        type: 'text',
        text: { body: 'Yes, this is Priya’s studio. How can we help?', preview_url: false },
      },
    ]);
    const after = await (await call(path)).text();
    expect(after).toContain('Answered by owner@localhost');
    expect(after).toContain('How can we help?');
  });

  it('refuses once the window closed, a lead’s message, bad fields, another origin and an unknown message', async () => {
    const { workerEnv, call, reply, queued } = await setup(store);
    const closed = await strangerWrote(workerEnv, 25);
    expect(await (await call(closed.path)).text()).toContain('The 24-hour window closed');
    const res = await reply(closed.path, { replyId: crypto.randomUUID(), text: 'Hello again' });
    expect(res.status).toBe(409);
    expect(refusalOf(await res.text())).toMatch(/^Not sent: the 24-hour window to answer freely closed /);

    // A lead's message is answered on the lead's page: the post leads there and sends nothing.
    const { path: leadPath, lead } = await leadThatWrote(workerEnv, [1]);
    const viaMessage = await reply(await conversationPath(workerEnv, lead.phone), {
      replyId: crypto.randomUUID(),
      text: 'Hi',
    });
    expect([viaMessage.status, viaMessage.headers.get('location')]).toEqual([303, leadPath]);

    const open = await strangerWrote(workerEnv, 1);
    const bad = await reply(open.path, { replyId: crypto.randomUUID(), text: '   ' });
    expect(bad.status).toBe(400);
    expect(refusalOf(await bad.text())).toBe('Write an answer first.');
    expect((await reply(open.path, { replyId: crypto.randomUUID(), text: 'Hi' }, 'https://evil.example')).status).toBe(
      403,
    );
    expect((await reply(`/desk/conversations/${wamid()}`, { replyId: crypto.randomUUID(), text: 'Hi' })).status).toBe(
      404,
    );
    expect(queued.filter((j) => j.type === 'desk-reply')).toEqual([]);
  });
});
