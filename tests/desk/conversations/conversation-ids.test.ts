/**
 * The desk addresses a conversation by an opaque id (an HMAC of the number under ERASURE_KEY), never by a number
 * or a wamid (which embeds the number): in its links, its forms and the owners' alerts. A message's id, a number,
 * or anything else in its place answers the desk's 404.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getConversationStore } from '../../../src/store/conversations/open';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, realWamid, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const owners = [uniqueMobile('+9197'), uniqueMobile('+9197')];
  const workerEnv = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: owners.join(','), ...vars } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  const call = async (path: string) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual' }), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const idOf = (phone: string) => conversationId(phone, readConfig(workerEnv).privacy.erasureKey);
  return { workerEnv, owners, queued, call, idOf };
}

/** Runs of the number's digits a URL must not hold: the whole number, without its country code, its last six. */
const digitsOf = (phone: string) => [phone.slice(1), phone.slice(3), phone.slice(-6)];

describe.each<Store>(['D1', 'Firestore'])('a conversation by its opaque id (%s)', (store) => {
  it('is linked, opened and answered at /desk/conversations/<id>, which holds no number and no wamid', async () => {
    const { workerEnv, call, idOf } = await setup(store);
    const phone = uniqueMobile();
    const messageId = realWamid(phone);
    const body = webhookBody({ messages: [inbound(phone, now(), 'text', { body: 'Is this the coach?' }, messageId)] });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    const id = await idOf(phone);
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    const list = await (await call('/desk/conversations')).text();
    const inbox = await (await call('/desk')).text();
    for (const html of [list, inbox]) {
      expect(html).toContain(`href="/desk/conversations/${id}"`);
      expect(html).not.toContain(messageId);
      expect(html).not.toContain(encodeURIComponent(messageId));
    }
    const path = `/desk/conversations/${id}`;
    for (const run of digitsOf(phone)) expect(path).not.toContain(run);
    const page = await call(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Is this the coach?');
    expect(html).toContain(`action="${path}/reply#reply"`);
    expect(html).not.toContain(messageId);

    // The old addresses (the message's id), the number itself and anything else: the desk's 404, never a 500.
    for (const other of [
      encodeURIComponent(messageId),
      phone.slice(1),
      encodeURIComponent(phone),
      id.toUpperCase(),
      `${id}0`,
      'x'.repeat(5000),
    ]) {
      expect((await call(`/desk/conversations/${other}`)).status, other.slice(0, 40)).toBe(404);
    }
  });

  it('finds a conversation whose messages were stored before ids were kept, by its number among the latest', async () => {
    const { workerEnv, call, idOf } = await setup(store);
    const phone = uniqueMobile();
    await getConversationStore(workerEnv).receive({
      id: realWamid(phone),
      phone,
      at: new Date().toISOString(),
      type: 'text',
      text: 'Written before ids were kept',
      leads: [],
    });
    const page = await call(`/desk/conversations/${await idOf(phone)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Written before ids were kept');
  });

  it("links the owners' alert for a number no lead has to its conversation by id", async () => {
    const { workerEnv, owners, queued, idOf } = await setup(store);
    const phone = uniqueMobile();
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, now(), 'text', { body: 'Hello?' })] }));
    await consume(
      workerEnv,
      queued.filter((j) => j.type === 'visitor-reply'),
    );
    const { results } = await env.DB.prepare(
      `SELECT components FROM deliveries WHERE template = 'visitor_reply' AND recipient IN (?, ?)`,
    )
      .bind(...owners)
      .all<{ components: string }>();
    expect(results).toHaveLength(2);
    for (const row of results) {
      expect(row.components).toContain(`${ORIGIN}/desk/conversations/${await idOf(phone)}`);
      for (const run of digitsOf(phone)) expect(row.components).not.toContain(run);
    }
  });
});
