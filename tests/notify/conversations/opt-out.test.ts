/**
 * STOP on WhatsApp: a visitor's STOP (and its variants) opts their number out, START back in; they get one
 * confirmation however often the webhook repeats; every message the business would send them after is skipped
 * in the ledger as `opted_out` while the owners' alerts still go; the opt-out outlives an erasure of the person as
 * a keyed hash only; and an owner records an opt-out, or undoes it, from the desk.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../../support/api';
import { erasePerson } from '../../../src/desk/people/people';
import { readConfig, type Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { optOutOf } from '../../../src/store/conversations/opt-outs';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const STORES: Store[] = ['D1', 'Firestore'];
const CONFIRMATION = "You won't get messages from us here again. Write START if you change your mind.";
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function setup(store: Store = 'D1') {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: '+919700000001,+919700000002', ...vars });
  const queued = captureQueue(workerEnv);
  const call = (path: string, init?: RequestInit) => callWorker(workerEnv, path, init);
  // A form post from the desk's own page; `origin: null` posts with none (a request from outside the site).
  const post = (path: string, fields: Record<string, string> = {}, origin: string | null = ORIGIN) =>
    origin
      ? postForm(workerEnv, path, fields, { origin })
      : call(path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
  const take = (type: Job['type']) => takeJobs(queued, type);
  const optOut = (phone: string) => optOutOf(env.DB, readConfig(workerEnv).privacy.erasureKey, phone);
  const write = async (phone: string, body: string, id?: string) => {
    const message = inbound(phone, nowSeconds(), 'text', { body }, id);
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
    return message.id;
  };
  return { workerEnv, graph, call, post, take, optOut, write };
}

const rowsTo = async (phone: string) =>
  (
    await env.DB.prepare(
      `SELECT submission_id, template, audience, status, skip_reason FROM deliveries WHERE recipient = ?
       ORDER BY created_at`,
    )
      .bind(phone)
      .all<{ submission_id: string; template: string; audience: string; status: string; skip_reason: string | null }>()
  ).results;

describe('the words that opt a number out and back in', () => {
  it.each(['STOP', '  stop ', 'Unsubscribe', 'stop all', 'STOP  ALL', 'opt out', 'Opt Out', 'please stop', 'STOP!!'])(
    '%j opts out',
    async (word) => {
      const { write, optOut } = await setup();
      const phone = uniqueMobile();
      await write(phone, word);
      expect(await optOut(phone)).toMatchObject({ how: 'message', by: null });
    },
  );

  it.each(['stop it please', 'STOPP', 'start'])('%j alone changes nothing', async (word) => {
    const { write, optOut } = await setup();
    const phone = uniqueMobile();
    await write(phone, word);
    expect(await optOut(phone)).toBeNull();
  });

  it('START opts back in, and sends nothing', async () => {
    const { write, optOut, take } = await setup();
    const phone = uniqueMobile();
    await write(phone, 'STOP');
    expect(take('desk-reply')).toHaveLength(1);
    await write(phone, ' Start ');
    expect(await optOut(phone)).toBeNull();
    expect(take('desk-reply')).toEqual([]);
  });
});

describe.each(STORES)('a lead who writes STOP (%s)', (store) => {
  it('gets one confirmation, however often the webhook repeats; later messages are skipped as opted_out; owners are still alerted', async () => {
    const { workerEnv, graph, call, post, take, write, optOut } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma' });
    await getLeadStore(workerEnv).save(lead);
    const id = await write(lead.phone, 'STOP');
    await write(lead.phone, 'STOP', id); // Meta delivers the same message again
    expect(await optOut(lead.phone)).not.toBeNull();

    const confirmations = take('desk-reply');
    expect(confirmations).toHaveLength(1);
    await consume(workerEnv, confirmations);
    const texts = graph.delivered.filter((b: { type?: string }) => b.type === 'text');
    expect(texts).toEqual([
      expect.objectContaining({ to: lead.phone, text: { body: CONFIRMATION, preview_url: false } }),
    ]);

    // The owners are told what they wrote, as for any message.
    const alerts = take('visitor-reply');
    expect(alerts.length).toBeGreaterThan(0);
    await consume(workerEnv, alerts);
    const ownerTemplates = graph.delivered.filter((b: { to?: string }) => b.to?.startsWith('+9197000000'));
    expect(ownerTemplates.length).toBe(2);

    // A new enquiry from the same number: the visitor's thank-you is skipped, the owners' alerts go.
    const again = enquiryLead({ phone: lead.phone, name: 'Asha Verma' });
    await getLeadStore(workerEnv).save(again);
    await consume(workerEnv, [{ type: 'notify', lead: again }]);
    const rows = await env.DB.prepare(
      `SELECT template, audience, status, skip_reason FROM deliveries WHERE submission_id = ?`,
    )
      .bind(again.id)
      .all<{ template: string; audience: string; status: string; skip_reason: string | null }>();
    expect(rows.results.filter((r) => r.audience === 'visitor')).toEqual([
      { template: 'journey_users', audience: 'visitor', status: 'skipped', skip_reason: 'opted_out' },
    ]);
    expect(rows.results.filter((r) => r.audience === 'owner').map((r) => r.status)).toEqual(['sent', 'sent']);

    // An owner's answer from the desk is recorded as not sent, and nothing is queued.
    const path = `/desk/leads/enquiry/${lead.id}`;
    const html = await (await call(path)).text();
    expect(html).toContain('Opted out of WhatsApp messages on');
    // No answer box: why nothing can be sent, and how it ends. A post anyway answers 409, the reason by the form.
    expect(html).not.toContain('name="replyId"');
    expect(html).toContain('Nothing can be sent to this number');
    expect(html).toContain('It ends when they write START');
    const replyId = crypto.randomUUID();
    const refused = await post(`${path}/reply`, { replyId, text: 'Are you sure?' });
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(/class="desk-reply-refused" role="alert">([^<]*)</.exec(page)?.[1]).toBe(
      'Not sent: this number asked for no more WhatsApp messages (STOP). Nothing was sent. It ends when they write START.',
    );
    expect(page.indexOf('desk-reply-refused')).toBeGreaterThan(page.indexOf('id="reply"'));
    expect(page).not.toContain('name="replyId"');
    expect(take('desk-reply')).toEqual([]);
    expect((await rowsTo(lead.phone)).find((r) => r.submission_id === `desk-reply:${replyId}`)).toBeUndefined();
    expect(page).toContain('Not sent: this number opted out of WhatsApp messages.');
    expect(page).toContain('Opt-out confirmation (sent automatically)');
  });

  it('outlives an erasure of the person, with the number stored nowhere', async () => {
    const { workerEnv, take, write, optOut } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile(), name: 'Ravi Kumar' });
    await getLeadStore(workerEnv).save(lead);
    await write(lead.phone, 'UNSUBSCRIBE');
    await consume(workerEnv, take('desk-reply'));
    await erasePerson(workerEnv, { phone: lead.phone }, [], 'owner@example.com');
    expect(await optOut(lead.phone)).not.toBeNull();

    const digits = lead.phone.slice(1);
    const { results: tables } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
         AND name NOT LIKE 'd1_%'`,
    ).all<{ name: string }>();
    for (const { name } of tables) {
      const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(results), name).not.toContain(digits);
    }

    // They send a form again: a new contact, but still opted out of WhatsApp.
    const later = enquiryLead({ phone: lead.phone, name: 'Ravi Kumar' });
    await getLeadStore(workerEnv).save(later);
    await consume(workerEnv, [{ type: 'notify', lead: later }]);
    expect((await rowsTo(lead.phone)).filter((r) => r.audience === 'visitor')).toEqual([
      expect.objectContaining({ submission_id: later.id, status: 'skipped', skip_reason: 'opted_out' }),
    ]);
  });
});

describe.each(STORES)('an owner records an opt-out by hand (%s)', (store) => {
  it("from a lead's page, and undoes it", async () => {
    const { workerEnv, call, post, optOut } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile(), name: 'Meera Shah' });
    await getLeadStore(workerEnv).save(lead);
    const path = `/desk/leads/enquiry/${lead.id}`;
    expect(await (await call(path)).text()).toContain(`action="${path}/opt-out"`);
    expect((await post(`${path}/opt-out`, {}, null)).status).toBe(403);
    expect(await optOut(lead.phone)).toBeNull();

    // One tap asks first: nothing is recorded until the owner confirms.
    const ask = await post(`${path}/opt-out`);
    expect([ask.status, ask.headers.get('location')]).toEqual([303, `${path}?opt-out=confirm#opt-out`]);
    expect(await optOut(lead.phone)).toBeNull();
    const confirm = await (await call(`${path}?opt-out=confirm`)).text();
    expect(confirm).toContain('Record that this number asked for no more WhatsApp messages?');
    expect(confirm).toContain('name="confirm" value="yes"');
    expect(confirm).toContain(`href="${path}">Cancel</a>`);
    const res = await post(`${path}/opt-out`, { confirm: 'yes' });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${path}?opt-out=recorded#opt-out`]);
    expect(await optOut(lead.phone)).toMatchObject({ how: 'owner', by: 'owner@localhost' });
    expect(await (await call(`${path}?opt-out=recorded`)).text()).toContain(`action="${path}/opt-out/undo"`);
    const html = await (await call(path)).text();
    expect(html).toContain('Opted out of WhatsApp messages on');
    expect(html).toContain('Recorded by owner@localhost');

    expect((await post(`${path}/opt-in`)).status).toBe(303);
    expect(await optOut(lead.phone)).toBeNull();
  });

  it("from a stranger's conversation page, by its opaque id", async () => {
    const { workerEnv, call, post, optOut, write } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 'Hello, is this the coach?');
    const path = `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`;
    const res = await post(`${path}/opt-out`, { confirm: 'yes' });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${path}?opt-out=recorded#opt-out`]);
    expect(await optOut(phone)).toMatchObject({ how: 'owner' });
    expect(await (await call(path)).text()).toContain('Opted out of WhatsApp messages on');
    expect((await post(`${path}/opt-in`)).status).toBe(303);
    expect(await optOut(phone)).toBeNull();
    expect((await post('/desk/conversations/0123456789abcdef0123456789abcdef/opt-out')).status).toBe(404);
  });
});
