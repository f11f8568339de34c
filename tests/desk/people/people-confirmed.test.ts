/**
 * A person is what the owner confirms: a number someone else typed into a requester's form stays out of the
 * requester's copy and erasure until the owner ticks it; an erasure is final (no job, retry or replay brings the
 * person back), message ids are erased with the number they hide, and a store failure erases nothing silently.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../../support/api';
import type { Env } from '../../../src/env';
import { fallbackOf } from '../../../src/config/read/settings';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { senderRef } from '../../../src/notify/conversations/replies';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { captureQueue, deliver } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { inbound, postWebhook, WEBHOOK_SECRETS, webhookBody } from '../../support/whatsapp-webhook';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { createNewsletterStandin, newsletterEnv } from '../../standins/newsletter/newsletter';
import { allowConsoleErrors } from '../../setup';
import { clearAccessKeyCache } from '../../../src/security/access-jwt';
import { AUD, TEAM_DOMAIN, certsFetch, makeAccessKey, sign } from '../../standins/access';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const fields = (q: string, also: string[]) => ({ q, ...Object.fromEntries(also.map((v, i) => [`also.${i}`, v])) });
const find = (e: Env, q: string, also: string[] = []) => postForm(e, '/desk/people', fields(q, also));
const exportOf = async (e: Env, q: string, also: string[] = []) => {
  const res = await postForm(e, '/desk/people/export.json', fields(q, also));
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), copy: (await res.json()) as Record<string, any> };
};
const erase = (e: Env, q: string, also: string[] = []) =>
  postForm(e, '/desk/people/erase', { ...fields(q, also), confirm: q });

/**
 * A message id as WhatsApp makes one: `wamid.` and base64 of a record that holds the number it went to or came
 * from in clear (HBgM… is 0x1c 0x18 0x0c: a 12-digit number follows).
 */
function realWamid(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const tail = crypto.randomUUID().replace(/-/g, '').slice(0, 18).toUpperCase();
  const bytes = [0x1c, 0x18, digits.length, ...new TextEncoder().encode(digits), 0x15, 0x02, 0x00, 0x11, 0x18, 0x12];
  const record = String.fromCharCode(...bytes) + tail + '\0';
  return `wamid.${btoa(record)}`;
}

/** Whether `text` holds `needle` in clear or inside any base64 token (a wamid, a cursor, an encoded id). */
export function holdsAnywhere(text: string, needle: string): boolean {
  if (text.includes(needle)) return true;
  for (const token of text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
    const standard = token.replace(/-/g, '+').replace(/_/g, '/');
    for (let start = 0; start < 4; start++) {
      const part = standard.slice(start);
      try {
        if (atob(part.slice(0, part.length - (part.length % 4))).includes(needle)) return true;
      } catch {
        // not base64 from here
      }
    }
  }
  return false;
}

/** Every row of every D1 table a person's data can be in, as text. */
async function d1Text(): Promise<string> {
  const tables = ['quiz_responses', 'news_letter', 'enquiries', 'lead_search', 'lead_desk', 'dead_leads'];
  const all = [...tables, 'deliveries', 'delivery_attempts', 'erasures', 'erased_contacts', 'whatsapp_messages'];
  const dumps = await Promise.all(all.map((t) => env.DB.prepare(`SELECT * FROM ${t}`).all()));
  return JSON.stringify(dumps.map((d) => d.results));
}

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore: standin } = await leadStoreVars(store, 'emulator');
  routeFetch((request) => graph.fetch(request), standin);
  const workerEnv = graphEnv({ ...WEBHOOK_SECRETS, ...vars });
  const text = async () => (standin ? JSON.stringify([...standin.documents.entries()]) : '') + (await d1Text());
  return { workerEnv, graph, standin, text };
}

/**
 * Vani has an enquiry with her number and wrote to the business from it; an owner answered her. Then Ravi took
 * the quiz with his own address and Vani's number (a typo, or on purpose): the site messaged that number about
 * his quiz, and the owners were alerted about it.
 */
async function typedSomeoneElsesNumber(workerEnv: Env) {
  const tag = crypto.randomUUID().slice(0, 8);
  const vaniPhone = uniqueMobile();
  const vani = enquiryLead({ name: 'Vani Rao', email: `vani.${tag}@example.org`, phone: vaniPhone });
  const ravi = quizLead({
    contact: { first: 'Ravi', last: 'Kumar', email: `ravi.${tag}@example.org`, phone: vaniPhone },
  });
  const store = getLeadStore(workerEnv);
  await store.save(vani);
  await store.save(ravi);
  const written = realWamid(vaniPhone);
  await getConversationStore(workerEnv).receive({
    id: written,
    phone: vaniPhone,
    at: new Date(Date.now() - 60_000).toISOString(),
    type: 'text',
    text: `Vani here (${tag}): is the retreat still on?`,
    leads: [{ kind: 'enquiry', id: vani.id }],
  });
  const now = new Date().toISOString();
  const row = (id: string, template: string, to: string, audience: string, text: string) =>
    env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, provider_message_id,
         components, created_at, updated_at)
       VALUES (?, ?, ?, 'quiz', ?, 'sent', ?, ?, ?, ?)`,
    ).bind(id, template, to, audience, realWamid(to), JSON.stringify([{ type: 'text', text }]), now, now);
  const deskReply = `desk-reply:${crypto.randomUUID()}`;
  await env.DB.batch([
    row(deskReply, 'desk_reply', vaniPhone, 'visitor', 'Hello Vani, yes it is.'),
    row(ravi.id, 'quiz_owner', '+919800000001', 'owner', 'Ravi Kumar'),
    row(ravi.id, 'journey_users', vaniPhone, 'visitor', 'Ravi'),
  ]);
  return { vani, ravi, vaniPhone, written, deskReply, raviEmail: ravi.contact.email, said: `Vani here (${tag})` };
}

const rowOf = (id: string, template: string) =>
  env.DB.prepare(
    'SELECT recipient, components, provider_message_id FROM deliveries WHERE submission_id = ? AND template = ?',
  )
    .bind(id, template)
    .first<{ recipient: string; components: string; provider_message_id: string | null }>();

describe.each<Store>(['D1', 'Firestore'])('a person is what the owner confirms: %s', (store) => {
  it('lists a number only their form held, unticked; the copy holds neither its conversation nor messages to it', async () => {
    const { workerEnv } = await setup(store);
    const s = await typedSomeoneElsesNumber(workerEnv);
    const page = await (await find(workerEnv, s.raviEmail)).text();
    expect(page).toContain('Other numbers and addresses in these records');
    expect(page).toContain(`name="also.0" value="${s.vaniPhone}"/>`);
    expect(page).not.toContain(s.vani.id);

    const { copy, text } = await exportOf(workerEnv, s.raviEmail);
    expect(copy.identifiers).toEqual([s.raviEmail]);
    expect(copy.quizResponses.map((l: { id: string }) => l.id)).toEqual([s.ravi.id]);
    expect(copy.enquiries).toEqual([]);
    expect(copy.whatsAppConversations).toEqual([]);
    expect(copy.messages.map((m: { template: string; to: string }) => [m.template, m.to])).toEqual([
      ['quiz_owner', 'owner'],
    ]);
    expect(text.includes(s.said)).toBe(false);
    expect(text).not.toContain('Hello Vani');
    expect(holdsAnywhere(text, s.written.slice(6))).toBe(false);
  });

  it('erasing the requester without ticking the number leaves the other person whole', async () => {
    const { workerEnv } = await setup(store);
    const s = await typedSomeoneElsesNumber(workerEnv);
    const res = await erase(workerEnv, s.raviEmail);
    expect(res.status).toBe(303);
    expect(await getLeadStore(workerEnv).get('quiz', s.ravi.id)).toBeNull();
    expect(await getLeadStore(workerEnv).get('enquiry', s.vani.id)).not.toBeNull();
    expect((await getConversationStore(workerEnv).from(s.vaniPhone)).map((m) => m.text)).toEqual([
      `${s.said}: is the retreat still on?`,
    ]);
    expect(await rowOf(s.deskReply, 'desk_reply')).toMatchObject({ recipient: s.vaniPhone });
    expect(JSON.parse((await rowOf(s.deskReply, 'desk_reply'))!.components)).not.toEqual([]);
    // The message about Ravi's quiz to that number is the number's, not Ravi's: it stays as it was sent.
    expect(await rowOf(s.ravi.id, 'journey_users')).toMatchObject({ recipient: s.vaniPhone });
    expect(await rowOf(s.ravi.id, 'quiz_owner')).toMatchObject({ components: '[]', provider_message_id: null });
    const id = Number(res.headers.get('location')!.split('=')[1]);
    const log = await env.DB.prepare('SELECT counts FROM erasures WHERE id = ?').bind(id).first<{ counts: string }>();
    expect(JSON.parse(log!.counts).identifiers).toEqual({ emails: 1, phones: 0, left: 1 });
    expect(log!.counts).not.toContain(s.vaniPhone.slice(-8));
    const after = await (await callWorker(workerEnv, res.headers.get('location')!)).text();
    expect(after).toContain('for 1 address confirmed as theirs (1 other in their forms left as someone else’s)');
  });

  it('ticked as theirs, the number is in the copy and the erasure, and nothing holds it after, not even in base64', async () => {
    const { workerEnv, text } = await setup(store);
    const s = await typedSomeoneElsesNumber(workerEnv);
    const { copy } = await exportOf(workerEnv, s.raviEmail, [s.vaniPhone]);
    expect(copy.identifiers).toEqual([s.raviEmail, s.vaniPhone]);
    expect(copy.enquiries.map((l: { id: string }) => l.id)).toEqual([s.vani.id]);
    expect(copy.whatsAppConversations[0].messages.map((m: { text: string }) => m.text)).toEqual([
      `${s.said}: is the retreat still on?`,
    ]);
    expect(copy.messages.map((m: { template: string }) => m.template).sort()).toEqual([
      'desk_reply',
      'journey_users',
      'quiz_owner',
    ]);
    const digits = s.vaniPhone.slice(1);
    expect(holdsAnywhere(await text(), digits)).toBe(true); // the check finds the number inside a wamid
    expect((await erase(workerEnv, s.raviEmail, [s.vaniPhone])).status).toBe(303);
    const after = await text();
    expect(after.includes(s.said)).toBe(false);
    expect(holdsAnywhere(after, digits)).toBe(false);
    expect(holdsAnywhere(after, s.raviEmail)).toBe(false);
  });

  it('a retried or replayed webhook event of an erased person stores nothing; a new message after it does', async () => {
    const { workerEnv } = await setup(store);
    const phone = uniqueMobile();
    const lead = enquiryLead({ phone, email: `asha.${crypto.randomUUID().slice(0, 8)}@example.org` });
    await getLeadStore(workerEnv).save(lead);
    captureQueue(workerEnv);
    const seconds = Math.floor(Date.now() / 1000) - 120;
    const old = inbound(phone, seconds, 'text', { body: 'before the erasure' }, realWamid(phone));
    const body = webhookBody({ messages: [old] });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect(await getConversationStore(workerEnv).from(phone)).toHaveLength(1);
    expect((await erase(workerEnv, lead.email, [phone])).status).toBe(303);

    // Meta's retry of the same signed body, and the message again in a new body (a replay): neither is stored.
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    const again = inbound(phone, seconds + 1, 'text', { body: 'also before the erasure' }, realWamid(phone));
    expect((await postWebhook(workerEnv, webhookBody({ messages: [{ ...old }, again] }))).status).toBe(200);
    expect(await getConversationStore(workerEnv).from(phone)).toEqual([]);
    // They write again after the erasure: a new conversation.
    const later = inbound(phone, Math.floor(Date.now() / 1000) + 2, 'text', { body: 'hello again' }, realWamid(phone));
    expect((await postWebhook(workerEnv, webhookBody({ messages: [later] }))).status).toBe(200);
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['hello again']);
  });

  it('jobs still queued for an erased person do nothing and write nothing', async () => {
    const { workerEnv, graph } = await setup(store);
    const phone = uniqueMobile();
    const lead = enquiryLead({ phone, email: `asha.${crypto.randomUUID().slice(0, 8)}@example.org` });
    await getLeadStore(workerEnv).save(lead);
    const wamid = realWamid(phone);
    const at = new Date(Date.now() - 60_000).toISOString();
    await getConversationStore(workerEnv).receive({ id: wamid, phone, at, type: 'text', text: 'hi', leads: [] });
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, last_error_code,
         components, created_at, updated_at)
       VALUES (?, 'journey_owner', '+919800000001', 'enquiry', 'owner', 'failed', '131026', ?, ?, ?)`,
    )
      .bind(lead.id, JSON.stringify([{ type: 'body', parameters: [{ type: 'text', text: lead.name }] }]), at, at)
      .run();
    captureQueue(workerEnv);
    expect((await erase(workerEnv, lead.email, [phone])).status).toBe(303);
    vi.restoreAllMocks();

    const sender = await senderRef(phone, fallbackOf('ERASURE_KEY')!);
    const hourStart = new Date(Math.floor(Date.parse(at) / 3_600_000) * 3_600_000).toISOString();
    const alert = { type: 'visitor-reply', sender, hourStart, at, leadRef: null, text: 'hi' };
    const dropped = await deliver(alert, { env: workerEnv });
    expect(dropped.explicitAcks).toEqual([dropped.id]);
    const read = await deliver({ type: 'mark-read', messageId: wamid }, { env: workerEnv });
    expect(read.explicitAcks).toEqual([read.id]);
    expect(graph.received).toEqual([]);
    const alerts = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM deliveries WHERE submission_id LIKE ?')
        .bind(`reply:%:${sender}`)
        .first<{ n: number }>())!.n;
    expect(await alerts()).toBe(0);
    // An owner alert about them that failed: its email fallback, still queued, tells no one about an erased person.
    const withEmails = { ...workerEnv, OWNER_EMAILS: 'priya@example.com,arjun@example.com' } as Env;
    const fallback = await deliver(
      { type: 'owner-fallback', submissionId: lead.id, template: 'journey_owner', recipient: '+919800000001' },
      { env: withEmails },
    );
    expect(fallback.explicitAcks).toEqual([fallback.id]);
    const emails = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM deliveries WHERE submission_id = ? AND template = 'owner_alert_email'",
    )
      .bind(lead.id)
      .first<{ n: number }>();
    expect(emails!.n).toBe(0);
    // The same sender writing after the erasure is alerted as anyone would be.
    const laterAt = new Date(Date.now() + 2000).toISOString();
    await deliver({ ...alert, hourStart: laterAt.slice(0, 13) + ':00:00.000Z', at: laterAt }, { env: workerEnv });
    expect(await alerts()).toBeGreaterThan(0);
  });

  it('a store that fails mid-way answers with a page that says what happened, never a 500', async () => {
    allowConsoleErrors();
    const { workerEnv, standin } = await setup(store);
    const lead = newsletterLead({ email: `down.${crypto.randomUUID().slice(0, 8)}@example.org` });
    await getLeadStore(workerEnv).save(lead);
    const failing = store === 'Firestore' ? workerEnv : { ...workerEnv, DB: leadTablesDown(workerEnv.DB) };
    if (standin) standin.failFirestore = 503;
    const res = await erase(failing, lead.email);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('The lead store did not answer: nothing was erased. Try again in a minute.');
    const search = await find(failing, lead.email);
    expect(search.status).toBe(503);
    expect(await search.text()).toContain('The lead store did not answer, so nothing could be found.');
    const copy = await postForm(failing, '/desk/people/export.json', { q: lead.email });
    expect(copy.status).toBe(503);
    if (standin) standin.failFirestore = null;
    expect(await getLeadStore(workerEnv).get('newsletter', lead.id)).not.toBeNull();
  });
});

/** D1 with the lead store's tables failing (the desk's own tables still answer). */
function leadTablesDown(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) => {
          if (/\b(quiz_responses|news_letter|enquiries|lead_search|lead_desk)\b/.test(sql))
            throw new Error('D1_ERROR: the database is unavailable');
          return target.prepare(sql);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the people pages keep addresses and numbers out of URLs', () => {
  it('a search in the address bar searches nothing and shows nothing of it', async () => {
    const email = `url.${crypto.randomUUID().slice(0, 8)}@example.org`;
    await getLeadStore(graphEnv()).save(newsletterLead({ email }));
    const res = await callWorker(graphEnv(), `/desk/people?${new URLSearchParams({ q: email })}`);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(email);
    const found = await (await find(graphEnv(), email)).text();
    expect(found).toContain(`held for ${email}`);
    expect(found).not.toMatch(/href="[^"]*(url\.|%40)/);
  });

  it('a newsletter job for a subscription erased since does not reach the tool', async () => {
    const standin = createNewsletterStandin().install();
    const kitEnv = newsletterEnv('kit');
    const email = `leaving.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const lead = newsletterLead({ email });
    await getLeadStore(kitEnv).save(lead);
    captureQueue(kitEnv);
    expect((await erase(kitEnv, email)).status).toBe(303);
    vi.restoreAllMocks();
    const calls = standin.kit.calls.length;
    const job = await deliver(
      { type: 'newsletter', action: 'unsubscribe', subscriptionId: lead.id, email },
      { env: kitEnv },
    );
    expect(job.explicitAcks).toEqual([job.id]);
    expect(standin.kit.calls.length).toBe(calls);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM deliveries WHERE submission_id = ?')
      .bind(lead.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe('ERASURE_KEY', () => {
  it('is required outside development, at least 32 characters, and has a local value in development', async () => {
    const { parseConfig } = await import('../../../src/config/index');
    expect(parseConfig({}).privacy.erasureKey).toBe(fallbackOf('ERASURE_KEY'));
    for (const ENVIRONMENT of ['staging', 'production']) {
      expect(() => parseConfig({ ENVIRONMENT }).privacy).toThrow(/ERASURE_KEY is not set/);
      expect(() => parseConfig({ ENVIRONMENT, ERASURE_KEY: 'short' }).privacy).toThrow(/at least 32 characters/);
      expect(parseConfig({ ENVIRONMENT, ERASURE_KEY: 'k'.repeat(40) }).privacy.erasureKey).toBe('k'.repeat(40));
    }
  });
});

describe('without ERASURE_KEY outside development', () => {
  it('the self-check names it, and the people pages say what is missing instead of erasing or copying part', async () => {
    allowConsoleErrors();
    const { checkHealth } = await import('../../../src/health/run');
    const production = graphEnv({ ENVIRONMENT: 'production', LEAD_STORE: 'd1', ERASURE_KEY: '' } as Partial<Env>);
    const report = await checkHealth(production);
    expect(report.checks.find((c) => c.name === 'privacy')).toMatchObject({
      ok: false,
      detail: expect.stringContaining('ERASURE_KEY is not set'),
    });
    expect((await checkHealth(graphEnv())).checks.find((c) => c.name === 'privacy')).toMatchObject({ ok: true });

    // An owner signed in through Access: the search and the erasure say which setting is missing; nothing is erased.
    const key = await makeAccessKey('kid-erasure');
    const desk = { ...production, SITE_URL: 'https://site.test', ACCESS_TEAM_DOMAIN: TEAM_DOMAIN, ACCESS_AUD: AUD };
    const email = `nokey.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const lead = newsletterLead({ email });
    await getLeadStore(desk).save(lead);
    const signedIn = async (path: string, fields: Record<string, string>) => {
      clearAccessKeyCache();
      vi.stubGlobal('fetch', certsFetch(() => [key]).fetch);
      return postForm(desk, path, fields, { 'Cf-Access-Jwt-Assertion': await sign(key) });
    };
    for (const [path, fields] of [
      ['/desk/people', { q: email }],
      ['/desk/people/erase', { q: email, confirm: email }],
    ] as const) {
      const res = await signedIn(path, fields);
      expect(res.status, path).toBe(503);
      expect(await res.text()).toContain('the site is missing a setting (ERASURE_KEY)');
    }
    expect(await getLeadStore(desk).get('newsletter', lead.id)).not.toBeNull();
  });
});
