/**
 * A follow-up outside the window: once WhatsApp's 24-hour window closed, an owner sends the approved template
 * `follow_up` from a lead's page or a stranger's conversation page, through the queue and the ledger; refused while
 * the window is open, within 7 days of the last one to the number unless they answered since, for an unverified
 * lead, an opted-out number or a lead without a number. Message times come from the test's own clock.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig, type Env } from '../../../src/env';
import { followUpMessage, strangerWords, writerOf } from '../../../src/notify/follow-ups/follow-ups';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { callWorker, postForm } from '../../support/api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const STORES: Store[] = ['D1', 'Firestore'];
const HOUR = 3600;
const DAY_MS = 86_400_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const uuid = () => crypto.randomUUID();

async function setup(store: Store) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv: Env = graphEnv({
    ...WEBHOOK_SECRETS,
    OWNER_PHONES: '+919700000001,+919700000002',
    OWNER_NAMES: 'Priya,Arjun',
    ...vars,
  });
  const queued = captureQueue(workerEnv);
  const page = async (path: string) => (await callWorker(workerEnv, path)).text();
  const followUp = (path: string, id = uuid()) => postForm(workerEnv, `${path}/follow-up`, { followUpId: id });
  /** A message from `phone` written `hoursAgo` before now, with the profile name WhatsApp gives. */
  const write = async (phone: string, hoursAgo: number, name?: string) => {
    const message = inbound(phone, nowSeconds() - Math.round(hoursAgo * HOUR), 'text', { body: 'hello' });
    const contacts = name ? [{ profile: { name }, wa_id: phone.slice(1) }] : undefined;
    expect(
      (await postWebhook(workerEnv, webhookBody({ messages: [message], ...(contacts && { contacts }) }))).status,
    ).toBe(200);
  };
  const take = (type: Job['type']) => takeJobs(queued, type);
  /** Sends the queued follow-ups, and answers the template bodies the stand-in received for `phone`. */
  const sent = async (phone: string) => {
    await consume(workerEnv, take('desk-reply'));
    return graph.delivered.filter((b: { to?: string; type?: string }) => b.to === phone && b.type === 'template');
  };
  return { workerEnv, graph, page, followUp, write, take, sent };
}

/** An enquiry lead (stored), whose number wrote `hoursAgo` before now (none: it never wrote). */
async function lead(workerEnv: Env, write: (p: string, h: number) => Promise<void>, hoursAgo?: number, over = {}) {
  const saved = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma', ...over });
  await getLeadStore(workerEnv).save(saved);
  if (hoursAgo !== undefined) await write(saved.phone, hoursAgo);
  return { lead: saved, path: `/desk/leads/enquiry/${saved.id}` };
}

const followUpRows = async (phone: string) =>
  (
    await env.DB.prepare(
      `SELECT submission_id, status, skip_reason, sent_by, created_at FROM deliveries WHERE recipient = ? AND template = 'follow_up'`,
    )
      .bind(phone)
      .all<{ submission_id: string; status: string; skip_reason: string | null; sent_by: string | null }>()
  ).results;

/** Moves every follow-up to `phone` back in time, as if sent `days` ago. */
const age = (phone: string, days: number) =>
  env.DB.prepare(`UPDATE deliveries SET created_at = ? WHERE recipient = ? AND template = 'follow_up'`)
    .bind(new Date(Date.now() - days * DAY_MS).toISOString(), phone)
    .run();

const bodyOf = (b: { template: { components: { parameters: { text: string }[] }[] } }) =>
  b.template.components[0]!.parameters.map((p) => p.text);

describe.each(STORES)('a follow-up from a lead’s page (%s)', (store) => {
  it('is refused while the window is open, and offered and sent once it closed', async () => {
    const { workerEnv, page, followUp, write, take, sent } = await setup(store);
    const open = await lead(workerEnv, write, 1);
    expect(await page(open.path)).not.toContain('Send a follow-up');
    const refused = await followUp(open.path);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('answer in the reply box instead');
    expect(take('desk-reply')).toEqual([]);

    const closed = await lead(workerEnv, write, 25);
    const html = await page(closed.path);
    expect(html).toContain('Send a follow-up');
    expect(html).toContain(
      'Hello Asha, this is the team of Priya Raman. We are following up on your enquiry. Reply here to continue.',
    );
    const formId = /name="followUpId" value="([^"]+)"/.exec(html)![1]!;
    const res = await followUp(closed.path, formId);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${closed.path}?sent=follow-up`);
    const bodies = await sent(closed.lead.phone);
    expect(bodies.map(bodyOf)).toEqual([['Asha', 'the team of Priya Raman', 'your enquiry']]);
    expect(await followUpRows(closed.lead.phone)).toMatchObject([{ status: 'sent', sent_by: 'owner@localhost' }]);

    // The conversation shows it, who sent it, and the banner says it went.
    const after = await page(`${closed.path}?sent=follow-up`);
    expect(after).toContain('Follow-up sent by owner@localhost');
    expect(after).toContain('Follow-up sent. When they answer, the reply box returns.');
  });

  it('goes to a lead that never wrote, and names a quiz lead’s recommended program', async () => {
    const { workerEnv, page, followUp, sent } = await setup(store);
    const quiz = quizLead({ contact: { first: 'Ravi', last: 'Kumar', email: 'r@example.com', phone: uniqueMobile() } });
    await getLeadStore(workerEnv).save(quiz);
    const path = `/desk/leads/quiz/${quiz.id}`;
    expect(await page(path)).toContain('We are following up on Talks &amp; Keynotes.');
    expect((await followUp(path)).status).toBe(303);
    expect((await sent(quiz.contact.phone)).map(bodyOf)).toEqual([
      ['Ravi', 'the team of Priya Raman', 'Talks & Keynotes'],
    ]);
  });

  it('goes at most once per number in 7 days, again once they answered, and again after 7 days', async () => {
    const { workerEnv, page, followUp, write, sent } = await setup(store);
    const { lead: first, path } = await lead(workerEnv, write, 30);
    expect((await followUp(path)).status).toBe(303);
    expect(await sent(first.phone)).toHaveLength(1);

    const again = await followUp(path);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('The next is possible');
    expect(await page(path)).toContain('a follow-up went to this number in the last 7 days');
    // Per number: another lead with the same number is refused as well.
    const other = enquiryLead({ phone: first.phone, name: 'Asha V' });
    await getLeadStore(workerEnv).save(other);
    expect((await followUp(`/desk/leads/enquiry/${other.id}`)).status).toBe(409);

    // They answered after it (two days ago, the window closed again): one more may go.
    await age(first.phone, 3);
    await write(first.phone, 48);
    expect((await followUp(path)).status).toBe(303);
    expect(await sent(first.phone)).toHaveLength(2);
    expect((await followUp(path)).status).toBe(409);

    // Eight days on with no answer: the next may go.
    await age(first.phone, 8);
    expect((await followUp(path)).status).toBe(303);
    expect(await sent(first.phone)).toHaveLength(3);
  });

  it('a double submit of one form sends once', async () => {
    const { workerEnv, followUp, write, take } = await setup(store);
    const { lead: l, path } = await lead(workerEnv, write, 25);
    const id = uuid();
    expect((await followUp(path, id)).status).toBe(303);
    expect((await followUp(path, id)).status).toBe(303);
    expect(take('desk-reply')).toHaveLength(1);
    expect(await followUpRows(l.phone)).toHaveLength(1);
  });

  it('is never sent to an unverified lead’s number, nor to a lead without a number', async () => {
    const { workerEnv, page, followUp, write, take } = await setup(store);
    const { lead: l, path } = await lead(workerEnv, write, 25, { verified: false });
    expect(await page(path)).toContain('was not verified as sent by a person');
    const res = await followUp(path);
    expect(res.status).toBe(409);
    expect((await res.json()) as object).toMatchObject({ error: { code: 'unverified' } });
    expect(take('desk-reply')).toEqual([]);
    expect(await followUpRows(l.phone)).toEqual([]);

    const quiz = quizLead();
    await getLeadStore(workerEnv).save(quiz);
    const none = await followUp(`/desk/leads/quiz/${quiz.id}`);
    expect((await none.json()) as object).toMatchObject({ error: { code: 'no_phone' } });
  });

  it('is refused to a number that opted out, and skipped `opted_out` when the opt-out came after it was queued', async () => {
    const { workerEnv, followUp, write, take, sent } = await setup(store);
    const { lead: l, path } = await lead(workerEnv, write, 25);
    expect((await followUp(path)).status).toBe(303);
    const jobs = take('desk-reply');
    expect((await postForm(workerEnv, `${path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    await consume(workerEnv, jobs);
    expect(await sent(l.phone)).toEqual([]);
    expect(await followUpRows(l.phone)).toMatchObject([{ status: 'skipped', skip_reason: 'opted_out' }]);

    const res = await followUp(path);
    expect((await res.json()) as object).toMatchObject({ error: { code: 'opted_out' } });
  });
});

describe.each(STORES)('a follow-up to a person with no lead (%s)', (store) => {
  it('is offered on their conversation page once the window closed, and sent by their WhatsApp name', async () => {
    const { workerEnv, page, followUp, write, sent } = await setup(store);
    const phone = uniqueMobile();
    await write(phone, 26, 'Meera Nair');
    const path = `/desk/conversations/${await conversationId(phone, readConfig(workerEnv).privacy.erasureKey)}`;
    expect(await page(path)).toContain(
      'Hello Meera, this is the team of Priya Raman. We are following up on your message.',
    );
    const res = await followUp(path);
    expect(res.headers.get('location')).toBe(`${path}?sent=follow-up`);
    expect((await sent(phone)).map(bodyOf)).toEqual([['Meera', 'the team of Priya Raman', 'your message']]);
    expect(await page(path)).toContain('Follow-up sent by owner@localhost');
  });
});

describe('a follow-up to a WhatsApp user who shows no number', () => {
  it('goes to their user id as `recipient`, greeting them by their profile name', async () => {
    const { workerEnv, page, followUp, graph, take } = await setup('D1');
    const uid = `US.${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b % 10).join('')}`;
    const message = {
      from_user_id: uid,
      id: `wamid.${uuid()}`,
      timestamp: String(nowSeconds() - 30 * HOUR),
      type: 'text',
      text: { body: 'hello' },
    };
    const contacts = [{ user_id: uid, profile: { name: 'Meera Nair', username: 'meera' } }];
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message], contacts }))).status).toBe(200);
    const path = `/desk/conversations/${await conversationId(uid, readConfig(workerEnv).privacy.erasureKey)}`;
    expect(await page(path)).toContain('Send a follow-up');
    expect((await followUp(path)).status).toBe(303);
    await consume(workerEnv, take('desk-reply'));
    const delivered = graph.delivered.filter((b: { recipient?: string }) => b.recipient === uid);
    expect(delivered.map((b: { to?: string }) => b.to)).toEqual([undefined]);
    expect(delivered.map(bodyOf)).toEqual([['Meera', 'the team of Priya Raman', 'your message']]);
  });
});

describe('the follow_up template’s parameters', () => {
  it('greets by the first word, names the writing owner (by their Access email) and the topic, each made safe', () => {
    // OWNER_EMAILS is a secret, so not among the Env the tests type.
    const emails = { OWNER_EMAILS: ',Arjun@Example.com' };
    const named = graphEnv({ ...emails, OWNER_PHONES: '+919700000001,+919700000002', OWNER_NAMES: 'Priya,Arjun' });
    expect(writerOf(named, 'arjun@example.com')).toBe('Arjun from Priya Raman');
    expect(writerOf(named, 'someone@example.com')).toBe('the team of Priya Raman');
    expect(strangerWords(undefined)).toEqual({ first: 'there', about: 'your message' });
    expect(strangerWords('  Dr. Meera\tNair ')).toEqual({ first: 'Meera', about: 'your message' });
    const send = followUpMessage('+919812345678', {
      first: 'Asha',
      writer: 'Arjun\tfrom   the\nbusiness',
      about: 'x'.repeat(2000),
    });
    expect(send).toMatchObject({ template: 'follow_up', to: '+919812345678', audience: 'visitor' });
    const [first, writer, about] = send.components[0]!.parameters.map((p) => p.text);
    expect([first, writer]).toEqual(['Asha', 'Arjun from the / business']);
    expect(Array.from(about!)).toHaveLength(1024);
    expect(about!.endsWith('…')).toBe(true);
  });
});

describe('follow-up requests that name nothing', () => {
  it('an unknown kind, lead or conversation is a 404; a form without its id, 400; another origin, 403', async () => {
    const { workerEnv, followUp, write } = await setup('D1');
    expect((await followUp('/desk/leads/bogus/x')).status).toBe(404);
    expect((await followUp('/desk/leads/enquiry/no%20such')).status).toBe(404);
    expect((await followUp(`/desk/leads/enquiry/${uuid()}`)).status).toBe(404);
    expect((await followUp('/desk/conversations/0123456789abcdef0123456789abcdef')).status).toBe(404);
    const { path } = await lead(workerEnv, write, 25);
    expect((await postForm(workerEnv, `${path}/follow-up`, {})).status).toBe(400);
    const foreign = await postForm(
      workerEnv,
      `${path}/follow-up`,
      { followUpId: uuid() },
      { origin: 'https://evil.test' },
    );
    expect(foreign.status).toBe(403);
  });
});
