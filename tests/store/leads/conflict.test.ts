/**
 * A submission id belongs to the first body sent with it. Sent again with the same fields (a double click, a retry)
 * it is answered as the first time; sent with other fields it is a 409 conflict that stores nothing, queues nothing
 * and gives no booking reference, so nobody borrows another person's lead by reusing its id. On D1 and Firestore,
 * through the API, the plain form posts and the parked-lead path.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../src/words/site';
import { desk } from '../../../src/words/desk';
import { deadLeads } from '../../../src/store/leads/dead-leads';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { COLLECTIONS, type LeadKind } from '../../../src/store/leads/lead';
import { postForm as post, postWithEnv, visitorAddress } from '../../support/api';
import { D1_AND_FIRESTORE, firestoreEnv } from '../../support/firestore';
import { captureQueue, consume } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { enquiryLead } from '../../fixtures/leads';

afterEach(() => vi.unstubAllGlobals());

const conflict = { ok: false, error: { code: 'conflict', message: site.forms.conflict } };

/** Each form's body, and the same form as another person would send it. */
const FORMS: Array<{ kind: LeadKind; path: string; body: object; other: object; email: string }> = [
  {
    kind: 'quiz',
    path: 'quiz',
    body: { answers: { '0': 'Wealth' }, contact: { first: 'Asha', last: 'Rao', email: 'asha@example.com' } },
    other: { answers: { '0': 'Wealth' }, contact: { first: 'Mallory', last: 'M', email: 'mallory@example.com' } },
    email: 'mallory@example.com',
  },
  {
    kind: 'enquiry',
    path: 'enquiry',
    body: { name: 'Asha Rao', phone: '9812345678', email: 'asha@example.com', description: 'A retreat.' },
    other: { name: 'Mallory M', phone: '9812300000', email: 'mallory@example.com', description: 'A retreat.' },
    email: 'mallory@example.com',
  },
  {
    kind: 'newsletter',
    path: 'newsletter',
    body: { email: 'asha@example.com' },
    other: { email: 'mallory@example.com' },
    email: 'mallory@example.com',
  },
];

describe.each(D1_AND_FIRESTORE)('a submission id sent again (%s)', (_name, makeEnv) => {
  it.each(FORMS)('$kind: the same fields get the same answer; other fields get 409 and nothing', async (form) => {
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const submissionId = crypto.randomUUID();
    const first = await postWithEnv(workerEnv, form.path, { ...form.body, submissionId });
    expect(first.status).toBe(201);
    if (form.kind !== 'newsletter') expect(first.body.bookingRef).toMatch(/^[0-9a-f]{24}$/);
    const stored = await getLeadStore(workerEnv).get(form.kind, submissionId);

    // A retry of the same submission, with its own attribution: the same answer, the first reference.
    const again = await postWithEnv(workerEnv, form.path, { ...form.body, submissionId, attribution: { ref: 'x' } });
    expect(again).toEqual(first);
    queued.splice(0);

    const other = await postWithEnv(workerEnv, form.path, { ...form.other, submissionId });
    expect(other).toEqual({ status: 409, body: conflict });
    expect(JSON.stringify(other.body)).not.toContain(String(first.body.bookingRef));
    // Nothing stored, changed, found by the other body's words, or queued.
    expect(await getLeadStore(workerEnv).get(form.kind, submissionId)).toEqual(stored);
    const found = await getLeadStore(workerEnv).list({ kind: form.kind, q: form.email, limit: 50 });
    expect(found.leads.map((l) => l.id)).not.toContain(submissionId);
    expect(queued).toEqual([]);
  });

  it('a parked lead whose id was meanwhile stored with other fields is kept as a dead lead, not told', async () => {
    allowConsoleErrors();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const submissionId = crypto.randomUUID();
    const body = { name: 'Asha Rao', phone: '9812345678', email: 'asha@example.com', description: 'A retreat.' };
    expect((await postWithEnv(workerEnv, 'enquiry', { ...body, submissionId })).status).toBe(201);
    const stored = await getLeadStore(workerEnv).get('enquiry', submissionId);
    queued.splice(0);

    // The same submission parked (the store was slow) is written as a repeat: told as usual, the ledger sends once.
    const same = await getLeadStore(workerEnv).get('enquiry', submissionId);
    const repeat = await consume(workerEnv, [{ type: 'store', lead: { ...same, desk: undefined }, attempt: 0 }]);
    expect(repeat.explicitAcks).toHaveLength(1);
    expect(queued.splice(0).map((j) => j.type)).toEqual(['notify']);

    const parked = enquiryLead({ id: submissionId, name: 'Mallory M', email: 'mallory@example.com' });
    const outcome = await consume(workerEnv, [{ type: 'store', lead: parked, attempt: 2 }]);
    expect(outcome.explicitAcks).toHaveLength(1);
    expect(outcome.retryMessages).toEqual([]);
    expect(queued).toEqual([]);
    expect(await getLeadStore(workerEnv).get('enquiry', submissionId)).toEqual(stored);
    const dead = (await deadLeads(env.DB)).find((d) => d.id === submissionId);
    expect(dead).toMatchObject({ kind: 'enquiry', reason: desk.dead.conflict, attempts: 3 });
    expect(dead?.lead).toMatchObject({ name: 'Mallory M', email: 'mallory@example.com' });
  });
});

describe('a lead stored before fingerprints were kept', () => {
  it('is compared by its stored fields (D1 and Firestore)', async () => {
    const d1 = env;
    const { standin, env: firestore } = await firestoreEnv('credentials');
    const forget: Array<[Env, (lead: { kind: LeadKind; id: string }) => Promise<void>]> = [
      [
        d1,
        async (lead) => {
          await d1.DB.prepare(`UPDATE ${COLLECTIONS[lead.kind]} SET body_hash = NULL WHERE id = ?`).bind(lead.id).run();
        },
      ],
      [
        firestore,
        async (lead) => {
          delete standin.document(COLLECTIONS[lead.kind], lead.id)!.fields.bodyHash;
        },
      ],
    ];
    for (const [workerEnv, makeOld] of forget) {
      const store = getLeadStore(workerEnv);
      const lead = enquiryLead();
      await store.save(lead);
      await makeOld(lead);
      await expect(store.save({ ...lead, createdAt: new Date().toISOString() })).resolves.toStrictEqual({
        created: false,
      });
      await expect(store.save({ ...lead, phone: '+919812300000' })).resolves.toStrictEqual({
        created: false,
        conflict: true,
      });
    }
  });
});

describe.each(D1_AND_FIRESTORE)('a plain form post of a submission id sent with other fields (%s)', (_n, makeEnv) => {
  /** Each post from its own address: the rate limit counts per address. */
  const postForm = (workerEnv: Env, path: string, fields: Record<string, string>) =>
    post(workerEnv, path, fields, { 'cf-connecting-ip': visitorAddress() });
  /** The value attribute of the input named `name` in a rendered page. */
  const inputValue = (html: string, name: string) =>
    html
      .match(new RegExp(`<(?:input|textarea)[^>]*name="${name.replace('.', '\\.')}"[^>]*>`))?.[0]
      .match(/value="([^"]*)"/)?.[1];

  it.each([
    ['/api/enquiry', { name: 'Asha Rao', phone: '9812345678', email: 'asha@example.com', description: 'Hi' }, 'name'],
    [
      '/api/quiz',
      { 'contact.first': 'Asha', 'contact.last': 'Rao', 'contact.email': 'asha@example.com' },
      'contact.email',
    ],
  ])('%s shows the form again with the message, the values kept and a new id', async (path, fields, changed) => {
    const workerEnv = await makeEnv();
    captureQueue(workerEnv);
    const submissionId = crypto.randomUUID();
    expect((await postForm(workerEnv, path, { ...fields, submissionId })).status).toBe(303);
    const edited: Record<string, string> = {
      ...fields,
      [changed]: changed === 'name' ? 'Other Person' : 'other@example.com',
    };
    const res = await postForm(workerEnv, path, { ...edited, submissionId });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain(site.forms.conflict);
    expect(inputValue(html, changed)).toBe(edited[changed]);
    const next = inputValue(html, 'submissionId');
    expect(next).toMatch(/^[0-9a-f-]{36}$/);
    expect(next).not.toBe(submissionId);
    // The new id is a new submission: the form sent again as it stands is accepted.
    expect((await postForm(workerEnv, path, { ...edited, submissionId: next! })).status).toBe(303);
  });
});
