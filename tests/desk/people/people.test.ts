/**
 * A person on the desk: every record held for an address or number found, copied, corrected and erased, in
 * both stores; jobs still queued for an erased person dropped; the erasure log holding counts only.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWorker, postForm } from '../../support/api';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { getConversationStore } from '../../../src/store/conversations/open';
import { replyAlertId, senderRef } from '../../../src/notify/conversations/replies';
import { WEBHOOK_SECRETS } from '../../support/whatsapp-webhook';
import { fallbackOf } from '../../../src/config/read/settings';
import type { Lead } from '../../../src/store/leads/lead';
import { enquiryLead, newsletterLead, quizLead, type QuizLead } from '../../fixtures/leads';
import { firestoreEnv } from '../../support/firestore';
import { deliver, ledgerRows } from '../../support/queue';
import { graphEnv } from '../../standins/whatsapp/graph-api';
import { allowConsoleErrors } from '../../setup';
import type { FirestoreStandin } from '../../standins/google/firestore';

afterEach(() => vi.unstubAllGlobals());

/** The people forms post `q` (and `also.N` for each identifier ticked as the person's): nothing personal in a URL. */
const find = (workerEnv: Env, q: string, also: string[] = []) => postForm(workerEnv, '/desk/people', fields(q, also));
const exportOf = (workerEnv: Env, q: string, also: string[] = []) =>
  postForm(workerEnv, '/desk/people/export.json', fields(q, also));
const erase = (workerEnv: Env, q: string, also: string[] = [], confirm = q) =>
  postForm(workerEnv, '/desk/people/erase', { ...fields(q, also), confirm });
const fields = (q: string, also: string[]) => ({ q, ...Object.fromEntries(also.map((v, i) => [`also.${i}`, v])) });

/** One person (an address and a number, different in every test) with a quiz, a subscription and a dead lead. */
function aPerson() {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `meera.${tag}@example.org`;
  const digits = String(Math.floor(1e7 + Math.random() * 8e7));
  const phone = `+9198${digits}`;
  const quiz = quizLead({ contact: { first: 'Meera', last: 'Iyer', email, phone } });
  const sub = newsletterLead({ email });
  const dead = enquiryLead({ name: 'Meera Iyer', email, phone });
  // Someone else: shares nothing with the person.
  const other = enquiryLead({ email: `other.${tag}@example.org`, phone: `+9197${digits}` });
  return { email, phone, national: `0${phone.slice(3, 8)} ${phone.slice(8)}`, quiz, sub, dead, other };
}

/** Every row of every D1 table a person's data can be in, as text. */
async function d1Text(): Promise<string> {
  const tables = ['quiz_responses', 'news_letter', 'enquiries', 'lead_search', 'lead_desk', 'dead_leads'];
  const all = [...tables, 'deliveries', 'delivery_attempts', 'erasures', 'erased_contacts'];
  const dumps = await Promise.all(all.map((t) => env.DB.prepare(`SELECT * FROM ${t}`).all()));
  return JSON.stringify(dumps.map((d) => d.results));
}

const stores: Array<[string, () => Promise<{ env: Env; text: () => Promise<string>; standin?: FirestoreStandin }>]> = [
  ['D1', async () => ({ env: graphEnv(), text: d1Text })],
  [
    'Firestore',
    async () => {
      const { env: fsEnv, standin } = await firestoreEnv('emulator');
      const text = async () => JSON.stringify([...standin.documents.entries()]) + (await d1Text());
      return { env: { ...fsEnv }, text, standin };
    },
  ],
];

describe.each(stores)('a person on the desk: %s', (_name, setup) => {
  async function seed() {
    const s = await setup();
    const p = aPerson();
    const store = getLeadStore(s.env);
    for (const lead of [p.quiz, p.sub, p.other] as Lead[]) await store.save(lead);
    await store.update('quiz', p.quiz.id, {
      note: 'Asked about the April retreat',
      by: 'priya@example.com',
      at: new Date().toISOString(),
    });
    // A lead the store refused for good (as keepDeadLead keeps one, without its error log).
    await env.DB.prepare(
      `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, 'enquiry', ?, 'PERMISSION_DENIED', 3, ?)`,
    )
      .bind(p.dead.id, JSON.stringify(p.dead), new Date().toISOString())
      .run();
    // A ledger row for the quiz's owner alert and one to the person's number (as a visitor message would be).
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
         VALUES (?, 'quiz_owner', '+919800000001', 'quiz', 'owner', 'sent', ?, ?, ?)`,
      ).bind(
        p.quiz.id,
        JSON.stringify([{ type: 'body', parameters: [{ type: 'text', text: 'Meera Iyer' }] }]),
        now,
        now,
      ),
      env.DB.prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
         VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'failed', '[]', ?, ?)`,
      ).bind(p.dead.id, p.phone, now, now),
      env.DB.prepare(
        `INSERT INTO delivery_attempts (submission_id, template, recipient, outcome, code, message, channel, at)
         VALUES (?, 'journey_users', ?, 'permanent', '131026', ?, 'graph', ?)`,
      ).bind(p.dead.id, p.phone, `Message undeliverable to ${p.phone}`, now),
    ]);
    return { ...s, p };
  }

  it('finds every record for the address, and for the number however it is typed', async () => {
    const { env: e, p } = await seed();
    const byEmail = await (await find(e, p.email.toUpperCase())).text();
    for (const id of [p.quiz.id, p.sub.id]) expect(byEmail).toContain(id);
    expect(byEmail).not.toContain(p.other.id);
    // The message to their number is not theirs until the owner ticks the number their forms held.
    expect(byEmail).toMatch(/4 records held for/);
    expect(byEmail).toContain(`name="also.0" value="${p.phone}"/>`); // listed, unticked
    const ticked = await (await find(e, p.email, [p.phone])).text();
    expect(ticked).toMatch(/5 records held for/);
    expect(ticked).toContain(`name="also.0" checked="" value="${p.phone}"/>`);
    const byNumber = await find(e, p.national);
    expect(byNumber.status).toBe(200);
    const html = await byNumber.text();
    expect(html).toContain(p.quiz.id);
    expect(html).not.toContain(p.sub.id);
    expect(html).not.toContain(p.other.id);
  });

  it('downloads a copy with every record in full: answers, the note, the dead lead, the messages', async () => {
    const { env: e, p } = await seed();
    const res = await exportOf(e, p.email, [p.phone]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="person-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const copy = (await res.json()) as Record<string, any>;
    expect(copy.person).toBe(p.email);
    expect(copy.quizResponses).toHaveLength(1);
    expect(copy.quizResponses[0]).toMatchObject({
      id: p.quiz.id,
      answers: p.quiz.answers,
      contact: p.quiz.contact,
      followUp: { note: 'Asked about the April retreat', noteBy: 'priya@example.com' },
    });
    expect(copy.newsletterSubscriptions.map((l: Lead) => l.id)).toEqual([p.sub.id]);
    expect(copy.enquiries).toEqual([]);
    expect(copy.notStoredYet[0]).toMatchObject({ id: p.dead.id, submission: { description: p.dead.description } });
    expect(copy.messages.map((m: any) => [m.template, m.to])).toEqual(
      expect.arrayContaining([
        ['quiz_owner', 'owner'],
        ['journey_users', p.phone],
      ]),
    );
    const bad = await exportOf(e, 'meera@');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.fields.q).toMatch(/whole email address/);
  });

  it('erases nothing when the confirmation does not match, and says so by the field', async () => {
    const { env: e, p, text } = await seed();
    const before = await text();
    const res = await erase(e, p.email, [p.phone], `x${p.email}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('This does not match the email address or phone number searched for');
    expect(html).toMatch(/id="erase-confirm"[^>]*aria-invalid="true"/);
    expect(await text()).toBe(before);
  });

  it('erases everywhere: the store, dead leads and the ledger hold neither the address nor the number', async () => {
    const { env: e, p, text } = await seed();
    expect(await text()).toContain(p.email);
    const res = await erase(e, p.email, [p.phone], ` ${p.email.toUpperCase()} `);
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/desk\/people\?erased=\d+$/);
    const after = await text();
    expect(after).not.toContain(p.email);
    expect(after).not.toContain(p.phone);
    expect(after).not.toContain(p.phone.slice(1));
    // Other tests' people are in the same database: this one's leads are gone by id.
    for (const id of [p.quiz.id, p.sub.id]) expect(after).not.toMatch(new RegExp(`"id":"${id}"|/${id}"`));
    expect(after).toContain(p.other.email); // someone else is untouched
    // The ledger keeps its rows as counts.
    const kept = await env.DB.prepare('SELECT recipient, components FROM deliveries WHERE submission_id IN (?, ?)')
      .bind(p.quiz.id, p.dead.id)
      .all<{ recipient: string; components: string }>();
    expect(kept.results.map((r) => r.components)).toEqual(['[]', '[]']);
    expect(kept.results.map((r) => r.recipient).sort()).toEqual(['+919800000001', 'erased']);
    // The log: who, when, how many of each; the page says so.
    const page = await (await callWorker(e, location)).text();
    expect(page).toContain(
      'Erased. 1 quiz response, 1 subscription, 1 dead lead, 2 message records, for 1 address and 1 number confirmed as theirs.',
    );
    const log = await env.DB.prepare('SELECT * FROM erasures WHERE id = ?')
      .bind(Number(location.split('=')[1]))
      .first();
    expect(log).toMatchObject({ erased_by: 'owner@localhost' });
    expect(JSON.parse(String(log!.counts))).toEqual({
      quiz: 1,
      newsletter: 1,
      enquiry: 0,
      dead: 1,
      messages: 2,
      conversation: 0,
      bookings: 0,
      identifiers: { emails: 1, phones: 1, left: 0 },
    });
    expect(String(log!.counts)).not.toContain(p.phone.slice(-8));
    // Again: nothing more to erase, and that is logged too.
    const again = await erase(e, p.email);
    expect(again.status).toBe(303);
    expect(await (await callWorker(e, again.headers.get('location')!)).text()).toContain(
      'Erased. nothing (already erased)',
    );
    expect(await (await find(e, p.email)).text()).toContain(`Nothing is held for ${p.email}.`);
  });

  it('what they wrote on WhatsApp is in the copy and goes with the erasure', async () => {
    const seeded = await seed();
    const { p, text } = seeded;
    const e = { ...seeded.env, ...WEBHOOK_SECRETS };
    const conversations = getConversationStore(e);
    const wamid = `wamid.${crypto.randomUUID()}`;
    await conversations.receive({
      id: wamid,
      phone: p.phone,
      at: new Date().toISOString(),
      type: 'text',
      text: 'Tuesday works for the call',
      leads: [{ kind: 'quiz', id: p.quiz.id }],
    });
    const copy = (await (await exportOf(e, p.email, [p.phone])).json()) as any;
    expect(copy.whatsAppConversations).toEqual([
      expect.objectContaining({
        phone: p.phone,
        messages: [expect.objectContaining({ id: wamid, text: 'Tuesday works for the call' })],
      }),
    ]);
    // The owners' alert of it is keyed by the sender (an HMAC of the number), not by a lead.
    const alertId = replyAlertId({
      hourStart: new Date().toISOString(),
      sender: await senderRef(p.phone, fallbackOf('ERASURE_KEY')!),
    });
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
       VALUES (?, 'visitor_reply', '+919800000001', 'quiz', 'owner', 'sent', ?, ?, ?)`,
    )
      .bind(
        alertId,
        JSON.stringify([{ type: 'body', parameters: [{ type: 'text', text: 'Tuesday works for the call' }] }]),
        now,
        now,
      )
      .run();
    expect((await erase(e, p.email, [p.phone])).status).toBe(303);
    expect(await conversations.from(p.phone)).toEqual([]);
    expect(await text()).not.toContain('Tuesday works for the call');
    const alert = await env.DB.prepare('SELECT components FROM deliveries WHERE submission_id = ?')
      .bind(alertId)
      .first();
    expect(alert).toEqual({ components: '[]' });
  });

  it('a lead the person sends after the erasure is kept; a job queued before it is dropped', async () => {
    const { env: e, p } = await seed();
    expect((await erase(e, p.email)).status).toBe(303);
    const later = newsletterLead({ email: p.email, createdAt: new Date(Date.now() + 1000).toISOString() });
    await getLeadStore(e).save(later);
    expect(await getLeadStore(e).get('newsletter', later.id)).not.toBeNull();
    // A lead parked before the erasure (the store was down): its job no longer stores it.
    const parked = quizLead({ contact: { ...p.quiz.contact }, createdAt: new Date(Date.now() - 60_000).toISOString() });
    const result = await deliver({ type: 'store', lead: parked, attempt: 1 }, { env: e });
    expect(result.explicitAcks).toEqual([result.id]);
    expect(await getLeadStore(e).get('quiz', parked.id)).toBeNull();
    // The messages of a lead stored before the erasure, still queued: not sent, nothing recorded.
    const queued = enquiryLead({ email: p.email, createdAt: new Date(Date.now() - 60_000).toISOString() });
    const notified = await deliver({ type: 'notify', lead: queued }, { env: e });
    expect(notified.explicitAcks).toEqual([notified.id]);
    expect(await ledgerRows(queued.id, 'template')).toEqual([]);
  });

  it('corrects a name and a number by the form rules; a bad value is refused by its field and changes nothing', async () => {
    const { env: e, p } = await seed();
    const path = `/desk/leads/quiz/${p.quiz.id}/correct`;
    const bad = await postForm(e, path, { first: 'Meera', last: 'Iyer', email: 'not-an-email', phone: p.phone });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(/id="correct-email"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="not-an-email"');
    expect(((await getLeadStore(e).get('quiz', p.quiz.id)) as QuizLead).contact.email).toBe(p.email);
    const ok = await postForm(e, path, { first: 'Meera', last: 'Iyengar', email: p.email, phone: '098765 43210' });
    expect(ok.status).toBe(303);
    const stored = (await getLeadStore(e).get('quiz', p.quiz.id)) as QuizLead & { desk: unknown };
    expect(stored.contact).toEqual({ first: 'Meera', last: 'Iyengar', email: p.email, phone: '+919876543210' });
    expect(stored.desk).toMatchObject({ corrected: ['last', 'phone'], correctedBy: 'owner@localhost' });
    const page = await (await callWorker(e, `/desk/leads/quiz/${p.quiz.id}`)).text();
    expect(page).toContain('Last name, Phone corrected by owner@localhost');
  });
});

describe('a person on the desk: refusals', () => {
  it('a search that is neither an address, a number nor a name gets a message by the box and a 400', async () => {
    const res = await find(graphEnv(), 'meera@');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(
      'Enter a whole email address (name@example.com), a phone number, or the name shown on a quote.',
    );
    expect(html).toMatch(/id="people-q"[^>]*aria-invalid="true"/);
  });

  it('refuses an erase posted from another site', async () => {
    allowConsoleErrors();
    const res = await callWorker(graphEnv(), '/desk/people/erase', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'q=a%40example.com&confirm=a%40example.com',
    });
    expect(res.status).toBe(403);
  });
});
