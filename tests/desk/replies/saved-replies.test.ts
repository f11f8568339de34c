/**
 * The owners' saved replies (in D1: their own settings, not personal data) and the conversations waiting for an
 * answer: added, edited and removed by form posts (a refused form says why by the field and changes nothing),
 * inserted into a conversation's reply box without JavaScript; a visitor's message unanswered for REPLY_DUE_HOURS
 * marks its conversation waiting, sorted first, and the inbox (where the hourly digest links) counts them.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../../support/api';
import type { Env } from '../../../src/env';
import { deskReplies as copy } from '../../../src/desk/replies/words';
import { MAX_SAVED_REPLIES } from '../../../src/desk/replies/saved-replies';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function setup(store: Store = 'D1') {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: '+919700000001,+919700000002', ...vars });
  captureQueue(workerEnv);
  const call = (path: string, init?: RequestInit) => callWorker(workerEnv, path, init);
  const post = (path: string, fields: Record<string, string>) => postForm(workerEnv, path, fields);
  return { workerEnv, call, post };
}

const rows = async () =>
  (await env.DB.prepare('SELECT * FROM saved_replies ORDER BY created_at').all<Record<string, string>>()).results;

/** A lead whose number wrote `hoursAgo` before now. */
async function leadThatWrote(workerEnv: Env, hoursAgo: number, name: string) {
  const lead = enquiryLead({ phone: uniqueMobile(), name });
  await getLeadStore(workerEnv).save(lead);
  const message = inbound(lead.phone, nowSeconds() - Math.round(hoursAgo * HOUR), 'text', { body: `from ${name}` });
  expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
  return { lead, path: `/desk/leads/enquiry/${lead.id}` };
}

describe('saved replies', () => {
  it('are added, edited and removed by form posts, each answering 303, with who and when kept', async () => {
    await env.DB.prepare('DELETE FROM saved_replies').run();
    const { call, post } = await setup();
    const added = await post('/desk/replies', { title: 'Prices', text: '  Our sessions start at ₹2,000.  ' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/desk/replies');
    const [row] = await rows();
    expect(row).toMatchObject({ title: 'Prices', text: 'Our sessions start at ₹2,000.' });
    expect(row!.created_by).toBe(row!.updated_by);

    const page = await (await call('/desk/replies')).text();
    expect(page).toContain('Our sessions start at ₹2,000.');
    expect(page).toContain('href="/desk/replies" aria-current="page"');

    expect((await post(`/desk/replies/${row!.id}`, { title: 'Fees', text: 'From ₹2,500.' })).status).toBe(303);
    const [edited] = await rows();
    expect(edited).toMatchObject({ id: row!.id, title: 'Fees', text: 'From ₹2,500.', created_at: row!.created_at });
    expect(edited!.updated_at! >= row!.created_at!).toBe(true);

    expect((await post(`/desk/replies/${row!.id}/delete`, {})).status).toBe(303);
    expect(await rows()).toHaveLength(0);
    // Gone: editing or removing it again is the desk's 404, never a 500.
    expect((await post(`/desk/replies/${row!.id}`, { title: 'x', text: 'y' })).status).toBe(404);
    expect((await post(`/desk/replies/${row!.id}/delete`, {})).status).toBe(404);
    expect((await post('/desk/replies/not-an-id/delete', {})).status).toBe(404);
  });

  it('refuses an empty or too long title or text with a message by the field, changing nothing', async () => {
    await env.DB.prepare('DELETE FROM saved_replies').run();
    const { post } = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ title: '', text: 'Hello' }, copy.errors.titleEmpty],
      [{ title: 'x'.repeat(61), text: 'Hello' }, copy.errors.titleTooLong],
      [{ title: 'Hi', text: '   ' }, copy.errors.textEmpty],
      [{ title: 'Hi', text: 'x'.repeat(1001) }, copy.errors.textTooLong],
      [{}, copy.errors.titleEmpty],
    ];
    for (const [fields, message] of cases) {
      const res = await post('/desk/replies', fields);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await rows()).toHaveLength(0);

    expect((await post('/desk/replies', { title: 'Hours', text: 'We answer 9 to 6.' })).status).toBe(303);
    const [kept] = await rows();
    const res = await post(`/desk/replies/${kept!.id}`, { title: 'Hours', text: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(copy.errors.textTooLong);
    expect(html).toContain('<details open="">');
    expect(await rows()).toEqual([kept]);
  });

  it(`keeps at most ${MAX_SAVED_REPLIES}: one more is refused by the form and nothing is added`, async () => {
    await env.DB.prepare('DELETE FROM saved_replies').run();
    const { post } = await setup();
    const at = new Date().toISOString();
    await env.DB.batch(
      Array.from({ length: MAX_SAVED_REPLIES }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO saved_replies (id, title, text, created_by, created_at, updated_by, updated_at)
           VALUES (?, ?, 'text', 'owner@example.com', ?, 'owner@example.com', ?)`,
        ).bind(crypto.randomUUID(), `Reply ${i}`, at, at),
      ),
    );
    const res = await post('/desk/replies', { title: 'One more', text: 'Too many' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(copy.errors.full(MAX_SAVED_REPLIES));
    expect(html).toContain('value="One more"');
    expect(await rows()).toHaveLength(MAX_SAVED_REPLIES);
  });

  it("is inserted into a conversation's reply box without JavaScript (?reply=<id>), and by a nonce'd script", async () => {
    await env.DB.prepare('DELETE FROM saved_replies').run();
    const { workerEnv, call, post } = await setup();
    const { path } = await leadThatWrote(workerEnv, 1, 'Meera Iyer');
    const before = await (await call(path)).text();
    expect(before).toContain(copy.insert.none);
    expect(before).not.toContain('<script');

    await post('/desk/replies', { title: 'Prices', text: 'Sessions start at ₹2,000 & last an hour.' });
    const [saved] = await rows();
    const res = await call(`${path}?reply=${saved!.id}`);
    const html = await res.text();
    expect(html).toMatch(
      /<textarea id="desk-reply-text"[^>]*>Sessions start at ₹2,000 &amp; last an hour.<\/textarea>/,
    );
    expect(html).toMatch(new RegExp(`<option value="${saved!.id}" data-text="[^"]+" selected="">Prices</option>`));
    expect(html).toContain(`action="${path}#desk-reply-text"`);
    // The script carries the response's CSP nonce.
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);

    // An unknown id leaves the box empty.
    const unknown = await (await call(`${path}?reply=${crypto.randomUUID()}`)).text();
    expect(unknown).toMatch(/<textarea id="desk-reply-text"[^>]*><\/textarea>/);
  });
});

const STORES: Store[] = ['D1', 'Firestore'];

describe.each(STORES)('conversations waiting for an answer (%s)', (store) => {
  it('marks one unanswered past REPLY_DUE_HOURS, sorted first; under it or answered since, not; the inbox counts them', async () => {
    const { workerEnv, call } = await setup(store);
    await leadThatWrote(workerEnv, 3.9, 'Under Due');
    await leadThatWrote(workerEnv, 5.5, 'Over Due');
    const answered = await leadThatWrote(workerEnv, 6, 'Answered Since');
    const answeredAt = new Date(Date.now() - 2 * HOUR * 1000).toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
         components, created_at, updated_at, sent_at, sent_by)
       VALUES (?, 'desk_reply', ?, 'enquiry', 'visitor', 'sent', 'graph', 1, ?, ?, ?, ?, 'owner@example.com')`,
    )
      .bind(
        `desk-reply:${crypto.randomUUID()}`,
        answered.lead.phone,
        JSON.stringify([{ type: 'body', parameters: [{ type: 'text', text: 'On it' }] }]),
        answeredAt,
        answeredAt,
        answeredAt,
      )
      .run();

    const list = await (await call('/desk/conversations')).text();
    const item = (name: string) => {
      const at = list.indexOf(name);
      return list.slice(list.lastIndexOf('<li', at), list.indexOf('</li>', at));
    };
    expect(item('Over Due')).toContain(copy.waiting(5));
    expect(item('Under Due')).not.toContain('Waiting');
    expect(item('Answered Since')).not.toContain('Waiting');
    // Waiting first, though the others are newer or as new.
    expect(list.indexOf('Over Due')).toBeLessThan(list.indexOf('Under Due'));
    expect(list.indexOf('Over Due')).toBeLessThan(list.indexOf('Answered Since'));

    // The conversations shown as waiting (past REPLY_DUE_HOURS), not those that merely need an answer.
    const waiting = list.match(/class="desk-waiting">Waiting \d+ hours?</g)?.length ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(1);
    const inbox = await (await call('/desk')).text();
    expect(inbox).toContain(`<a href="/desk/conversations">${copy.waitingBanner(waiting)}</a>`);
  });

  it('waits REPLY_DUE_HOURS as set', async () => {
    const { workerEnv, call } = await setup(store);
    workerEnv.REPLY_DUE_HOURS = '8';
    await leadThatWrote(workerEnv, 5.5, 'Not Yet Due');
    const list = await (await call('/desk/conversations')).text();
    const at = list.indexOf('Not Yet Due');
    expect(list.slice(list.lastIndexOf('<li', at), list.indexOf('</li>', at))).not.toContain('Waiting');
  });
});
