/**
 * Two owners' day with conversations: unread is kept per owner (opening clears it only for the one who opened);
 * a conversation needs an answer as soon as the visitor wrote last, until an owner answers or marks it Done; an
 * answer makes a new lead (or a person no lead has) "contacted" and never moves a later status back; a person who
 * only wrote on WhatsApp gets a status and a note, erased with them; and an owner's own opt-out record is undone,
 * never a STOP the visitor wrote.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { latestConversations, unreadConversations } from '../../../src/desk/conversations/conversation-list';
import { openConversation } from '../../../src/desk/conversations/conversation';
import { erasePerson } from '../../../src/desk/people/people';
import { readConfig, type Env } from '../../../src/env';
import { getConversationStateStore } from '../../../src/store/conversations/open';
import { conversationId } from '../../../src/store/conversations/conversations';
import { optOutOf } from '../../../src/store/conversations/opt-outs';
import { getLeadStore } from '../../../src/store/leads/open';
import { env } from 'cloudflare:test';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { callWorker, postForm } from '../../support/api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const STORES: Store[] = ['D1', 'Firestore'];
const [ASHA, RAVI] = ['asha@studio.example', 'ravi@studio.example'];
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: '+919700000001,+919700000002', ...vars });
  captureQueue(workerEnv);
  let second = nowSeconds() - 600;
  /**
   * A message from `phone`, each a second after the last, minutes before now; `later` writes it a few seconds
   * ahead of now (after anything the owners did so far).
   */
  const write = async (phone: string, body: string, later = false) => {
    second = later ? Math.max(second, nowSeconds()) + 2 : second + 1;
    const message = inbound(phone, second, 'text', { body });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
  };
  const pathOf = async (phone: string) =>
    `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`;
  const post = (path: string, fields: Record<string, string> = {}) => postForm(workerEnv, path, fields);
  const page = async (path: string) => (await callWorker(workerEnv, path)).text();
  const summaryOf = async (owner: string, phone: string) =>
    (await latestConversations(workerEnv, owner, 500)).find((s) => s.phone === phone);
  return { workerEnv, write, pathOf, post, page, summaryOf };
}

describe.each(STORES)('two owners and a conversation (%s)', (store) => {
  it('keeps unread per owner: opening it clears it only for the owner who opened it', async () => {
    const { workerEnv, write } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 'Hello, is this the coach?');
    await write(phone, 'I would like to book a call.');
    const unreadBy = async (owner: string) =>
      (await unreadConversations(workerEnv, owner)).find((s) => s.phone === phone)?.unread ?? 0;
    expect([await unreadBy(ASHA), await unreadBy(RAVI)]).toEqual([2, 2]);

    const seenByAsha = await openConversation(workerEnv, phone, ASHA);
    expect(seenByAsha.items.filter((i) => i.direction === 'in' && i.unread)).toHaveLength(2);
    expect([await unreadBy(ASHA), await unreadBy(RAVI)]).toEqual([0, 2]);
    expect((await openConversation(workerEnv, phone, ASHA)).items.some((i) => i.direction === 'in' && i.unread)).toBe(
      false,
    );

    // Ravi still sees both as new when he opens it; then neither has anything unread.
    const seenByRavi = await openConversation(workerEnv, phone, RAVI);
    expect(seenByRavi.items.filter((i) => i.direction === 'in' && i.unread)).toHaveLength(2);
    expect([await unreadBy(ASHA), await unreadBy(RAVI)]).toEqual([0, 0]);

    // A new message is unread for both again.
    await write(phone, 'Are you there?', true);
    expect([await unreadBy(ASHA), await unreadBy(RAVI)]).toEqual([1, 1]);
  });

  it('needs an answer as soon as the visitor wrote last, until an answer or Done; writing again brings it back', async () => {
    const { write, pathOf, post, page, summaryOf } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 'Hello, is this the coach?');
    const path = await pathOf(phone);
    expect((await summaryOf(ASHA, phone))?.needsAnswer).toBe(true);
    expect(await page('/desk/conversations')).toContain('Needs an answer');
    const html = await page(path);
    expect(html).toContain(`action="${path}/done"`);

    // An answer: no longer needs one.
    const replyId = /name="replyId" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect((await post(`${path}/reply`, { replyId, text: 'Yes! How can we help?' })).status).toBe(303);
    expect((await summaryOf(ASHA, phone))?.needsAnswer).toBe(false);

    // They write again: it needs an answer; Done clears it (for both owners) until they write once more.
    await write(phone, 'Thanks, that is all.', true);
    expect((await summaryOf(RAVI, phone))?.needsAnswer).toBe(true);
    const done = await post(`${path}/done`);
    expect([done.status, done.headers.get('location')]).toEqual([303, path]);
    expect((await summaryOf(ASHA, phone))?.needsAnswer).toBe(false);
    expect((await summaryOf(RAVI, phone))?.needsAnswer).toBe(false);
    expect(await page(path)).toContain('Marked done by owner@localhost');
    await write(phone, 'Oh, one more question.', true);
    expect((await summaryOf(ASHA, phone))?.needsAnswer).toBe(true);
    expect((await post('/desk/conversations/0123456789abcdef0123456789abcdef/done')).status).toBe(404);
  });

  it('never shows a number that wrote STOP as needing an answer: nothing can be sent to it', async () => {
    const { write, pathOf, page, summaryOf } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 'Hello, is this the coach?');
    expect((await summaryOf(ASHA, phone))?.needsAnswer).toBe(true);
    await write(phone, 'STOP', true);
    const summary = await summaryOf(ASHA, phone);
    expect([summary?.needsAnswer, summary?.waitingHours]).toEqual([false, null]);
    const html = await page(await pathOf(phone));
    expect(html).not.toContain('Needs an answer');
    expect(html).not.toContain(`action="${await pathOf(phone)}/done"`);
  });

  it('an answer makes a new lead contacted, and never moves a booked lead back', async () => {
    const { workerEnv, write, post, page } = await setup(store);
    const leads = getLeadStore(workerEnv);
    const [fresh, booked] = [enquiryLead({ phone: uniqueMobile() }), enquiryLead({ phone: uniqueMobile() })];
    for (const lead of [fresh, booked]) {
      await leads.save(lead);
      await write(lead.phone, 'Hello!');
    }
    await leads.update('enquiry', booked.id, { status: 'booked', by: RAVI, at: new Date().toISOString() });
    for (const lead of [fresh, booked]) {
      const path = `/desk/leads/enquiry/${lead.id}`;
      const replyId = /name="replyId" value="([^"]+)"/.exec(await page(path))?.[1] ?? '';
      expect((await post(`${path}/reply`, { replyId, text: 'Thank you for writing.' })).status).toBe(303);
    }
    expect((await leads.get('enquiry', fresh.id))?.desk).toMatchObject({
      status: 'contacted',
      statusBy: 'owner@localhost',
    });
    expect((await leads.get('enquiry', booked.id))?.desk).toMatchObject({ status: 'booked', statusBy: RAVI });
  });

  it('a person who only wrote on WhatsApp gets a status and a note (contacted once answered), erased with them', async () => {
    const { workerEnv, write, pathOf, post, page } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 'Do you run workshops for schools?');
    const path = await pathOf(phone);
    const html = await page(path);
    expect(html).toContain(`action="${path}/status"`);
    expect(html).toContain(`action="${path}/note"`);
    const replyId = /name="replyId" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect((await post(`${path}/reply`, { replyId, text: 'We do! Which school?' })).status).toBe(303);
    const states = getConversationStateStore(workerEnv);
    expect(await states.state(phone)).toMatchObject({ status: 'contacted', statusBy: 'owner@localhost' });

    expect((await post(`${path}/status`, { status: 'client' })).status).toBe(303);
    expect((await post(`${path}/note`, { note: '  Principal of a school in Pune.  ' })).status).toBe(303);
    expect(await states.state(phone)).toMatchObject({ status: 'client', note: 'Principal of a school in Pune.' });
    const after = await page(path);
    expect(after).toContain('Principal of a school in Pune.');
    expect(after).toMatch(/aria-pressed="true"[^>]*>Client</);
    expect((await post(`${path}/status`, { status: 'vip' })).status).toBe(400);

    await erasePerson(workerEnv, { phone }, [], 'owner@localhost');
    expect(await states.state(phone)).toBeNull();
    expect(await states.readsOf(phone)).toEqual(new Map());
  });

  it('undoes an opt-out the owner recorded, never a STOP the visitor wrote', async () => {
    const { workerEnv, write, pathOf, post } = await setup(store);
    const optOut = (phone: string) => optOutOf(env.DB, readConfig(workerEnv).privacy.erasureKey, phone);

    // Recorded by the owner, undone right after: as it was.
    const phone = uniqueMobile();
    await write(phone, 'Hello');
    const path = await pathOf(phone);
    expect((await post(`${path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    const undone = await post(`${path}/opt-out/undo`);
    expect([undone.status, undone.headers.get('location')]).toEqual([303, `${path}?opt-out=undone#opt-out`]);
    expect(await optOut(phone)).toBeNull();

    // The visitor wrote STOP themselves: an undo leaves it.
    const stopped = uniqueMobile();
    await write(stopped, 'STOP');
    const stoppedPath = await pathOf(stopped);
    const refused = await post(`${stoppedPath}/opt-out/undo`);
    expect(refused.headers.get('location')).toBe(`${stoppedPath}?opt-out=visitor-stopped#opt-out`);
    expect(await optOut(stopped)).toMatchObject({ how: 'message' });

    // Recorded by the owner, then the visitor wrote STOP too: their own request stands.
    const both = uniqueMobile();
    await write(both, 'Hi');
    const bothPath = await pathOf(both);
    expect((await post(`${bothPath}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    await write(both, 'STOP');
    expect((await post(`${bothPath}/opt-out/undo`)).headers.get('location')).toContain('opt-out=visitor-stopped');
    expect(await optOut(both)).not.toBeNull();
  });
});
