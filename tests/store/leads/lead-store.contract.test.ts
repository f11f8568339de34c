/**
 * The storage port's contract, run against every adapter: D1 for real inside
 * workerd, and Firestore through the real firebase-rest-firestore library
 * against the REST stand-in (with service-account credentials, and through
 * FIRESTORE_EMULATOR_HOST). Whatever the adapter, a lead is stored with the
 * fields its kind stores (and no others) and a repeated submission leaves one record.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LeadStore } from '../../../src/store/leads/port';
import { getLeadStore } from '../../../src/store/leads/open';
import { D1LeadStore } from '../../../src/store/leads/leads-d1';
import { FirestoreLeadStore } from '../../../src/store/leads/firestore/leads-firestore';
import { type Lead, COLLECTIONS } from '../../../src/store/leads/lead';
import type { LeadQuery, LeadRecord } from '../../../src/store/leads/listing';
import { decodeFields } from '../../standins/google/firestore-values';
import { firestoreEnv } from '../../support/firestore';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';

type Doc = Record<string, unknown>;
interface Harness {
  store: LeadStore;
  /** Saves a lead as arriving at `at` (Firestore stamps its own time: the stand-in's record is set afterwards). */
  seed(lead: Lead, at: string): Promise<void>;
  /** The stored record as plain values; timestamps as Date (only a true timestamp becomes one). */
  read(collection: string, id: string): Promise<Doc | undefined>;
  /** Replaces a stored lead's search words, as an older version of the site wrote them. */
  setSearchWords(lead: Lead, words: string[]): Promise<void>;
  /** Removes what an older version did not store beside a lead (Firestore's last-contact time; D1 computes it). */
  makeOld(lead: Lead): Promise<void>;
}

const d1: () => Promise<Harness> = async () => ({
  store: getLeadStore(env),
  async seed(lead, at) {
    await getLeadStore(env).save({ ...lead, createdAt: at });
  },
  async read(collection, id) {
    const row = await env.DB.prepare(`SELECT * FROM ${collection} WHERE id = ?`)
      .bind(id)
      .first<Record<string, string>>();
    if (!row) return undefined;
    const {
      id: _,
      created_at,
      subscribed_at,
      unsubscribed_at,
      answers,
      contact,
      recommended,
      consent,
      attribution,
      newsletter_consent,
      quiz_id,
      tags,
      verdict,
      booking_ref,
      // What a repeat of the submission id is compared with (tests/store/leads/conflict.test.ts), not part of the lead.
      body_hash: _fingerprint,
      ...rest
    } = row;
    const consentRead = consent ? (JSON.parse(consent) as { version: string; at: string }) : undefined;
    const optIn = newsletter_consent ? (JSON.parse(newsletter_consent) as { version: string; at: string }) : undefined;
    return {
      ...rest,
      ...(optIn && { newsletterConsent: { version: optIn.version, at: new Date(optIn.at) } }),
      ...(answers !== undefined && { answers: JSON.parse(answers), contact: JSON.parse(contact!) }),
      ...(recommended !== undefined && { recommended: JSON.parse(recommended) }),
      ...(consentRead && { consent: { version: consentRead.version, at: new Date(consentRead.at) } }),
      ...(attribution && { attribution: JSON.parse(attribution) }),
      ...(created_at !== undefined && { createdAt: new Date(created_at) }),
      ...(subscribed_at !== undefined && { subscribedAt: new Date(subscribed_at) }),
      ...(unsubscribed_at && { unsubscribedAt: new Date(unsubscribed_at) }),
      ...(quiz_id && { quizId: quiz_id }),
      ...(tags && { tags: JSON.parse(tags) }),
      ...(verdict && { verdict }),
      ...(booking_ref && { bookingRef: booking_ref }),
    };
  },
  async setSearchWords(lead, words) {
    const time = lead.kind === 'newsletter' ? 'subscribed_at' : 'created_at';
    const row = await env.DB.prepare(`SELECT ${time} AS at FROM ${COLLECTIONS[lead.kind]} WHERE id = ?`)
      .bind(lead.id)
      .first<{ at: string }>();
    await env.DB.batch([
      env.DB.prepare('DELETE FROM lead_search WHERE kind = ? AND id = ?').bind(lead.kind, lead.id),
      ...words.map((word) =>
        env.DB.prepare('INSERT INTO lead_search (token, kind, created_at, id) VALUES (?, ?, ?, ?)').bind(
          word,
          lead.kind,
          row!.at,
          lead.id,
        ),
      ),
    ]);
  },
  async makeOld() {},
});

const firestore = (mode: 'credentials' | 'emulator') => async (): Promise<Harness> => {
  const { standin, env: firestoreEnvironment } = await firestoreEnv(mode);
  const store = getLeadStore(firestoreEnvironment);
  return {
    store,
    async seed(lead, at) {
      await store.save(lead);
      const doc = standin.document(COLLECTIONS[lead.kind], lead.id)!;
      doc.fields[lead.kind === 'newsletter' ? 'subscribedAt' : 'createdAt'] = { timestampValue: at };
      doc.fields.lastContactAt = { timestampValue: at };
    },
    async read(collection, id) {
      const doc = standin.document(collection, id);
      if (!doc) return undefined;
      // searchTokens and lastContactAt are what the desk and the retention query search by, bodyHash what a repeat
      // of the submission id is compared with (tests/store/leads/conflict.test.ts): not part of the lead.
      const { searchTokens: _index, lastContactAt: _lastContact, bodyHash: _fingerprint, ...fields } = doc.fields;
      const plain = decodeFields(fields);
      const dates = (value: Doc): Doc => {
        for (const [k, v] of Object.entries(value)) {
          if (v && typeof v === 'object' && 'timestamp' in v) value[k] = new Date(String(v.timestamp));
          else if (v && typeof v === 'object' && !Array.isArray(v)) dates(v as Doc);
        }
        return value;
      };
      return dates(plain);
    },
    async setSearchWords(lead, words) {
      standin.document(COLLECTIONS[lead.kind], lead.id)!.fields.searchTokens = {
        arrayValue: { values: words.map((stringValue) => ({ stringValue })) },
      };
    },
    async makeOld(lead) {
      delete standin.document(COLLECTIONS[lead.kind], lead.id)!.fields.lastContactAt;
    },
  };
};

const adapters: Array<[string, () => Promise<Harness>]> = [
  ['D1', d1],
  ['Firestore (service account)', firestore('credentials')],
  ['Firestore (emulator host)', firestore('emulator')],
];

afterEach(() => {
  vi.unstubAllGlobals();
});

const recent = () => expect.toSatisfy((d: unknown) => d instanceof Date && Math.abs(d.getTime() - Date.now()) < 10_000);

describe.each(adapters)('LeadStore contract: %s', (_name, harness) => {
  it('chooses the adapter configuration asks for', async () => {
    const { store } = await harness();
    expect(store).toBeInstanceOf(_name === 'D1' ? D1LeadStore : FirestoreLeadStore);
  });

  it('stores a quiz response with its answers, contact, source, recommendation and consent, and nothing else', async () => {
    const { store, read } = await harness();
    const lead = quizLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('quiz_responses', lead.id)).toStrictEqual({
      createdAt: recent(),
      status: 'submitted',
      answers: { '0': 'Leadership', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Ravi', last: 'Kumar', email: 'ravi@example.com', phone: '' },
      source: 'site-quiz',
      recommended: ['Talks & Keynotes'],
      consent: { version: 'quiz-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores the newsletter opt-in with a quiz response only when it was ticked, and reads it back', async () => {
    const { store, read } = await harness();
    const at = new Date().toISOString();
    const ticked = quizLead({ newsletterConsent: { version: 'quiz-newsletter-2026-11-25', at } });
    const unticked = quizLead();
    await store.save(ticked);
    await store.save(unticked);
    expect(await read('quiz_responses', ticked.id)).toMatchObject({
      newsletterConsent: { version: 'quiz-newsletter-2026-11-25', at: new Date(at) },
      consent: { version: 'quiz-2026-11-22', at: new Date(ticked.consent.at) },
    });
    expect(await read('quiz_responses', unticked.id)).not.toHaveProperty('newsletterConsent');
    const back = await store.get('quiz', ticked.id);
    expect(back?.kind === 'quiz' && back.newsletterConsent).toEqual({ version: 'quiz-newsletter-2026-11-25', at });
    const none = await store.get('quiz', unticked.id);
    expect(none).not.toBeNull();
    expect(none).not.toHaveProperty('newsletterConsent');
    // The opt-in is the visitor's own: a correction of their contact keeps it.
    await store.update('quiz', ticked.id, { correction: { first: 'Ravindra' }, by: 'owner@localhost', at });
    const correctedLead = await store.get('quiz', ticked.id);
    expect(correctedLead?.kind === 'quiz' && correctedLead.newsletterConsent?.version).toBe(
      'quiz-newsletter-2026-11-25',
    );
  });

  it('stores the attribution of every kind of lead, only the keys present', async () => {
    const { store, read } = await harness();
    const attribution = {
      utm_source: 'instagram',
      utm_campaign: 'talk',
      referrer_host: 'l.instagram.com',
      landing_path: '/',
    };
    const leads = [
      ['quiz_responses', { ...quizLead(), attribution }],
      ['news_letter', { ...newsletterLead(), attribution }],
      ['enquiries', { ...enquiryLead(), attribution }],
    ] as const;
    for (const [collection, lead] of leads) {
      await store.save(lead);
      expect(await read(collection, lead.id), collection).toMatchObject({
        attribution,
        consent: { version: lead.consent.version, at: new Date(lead.consent.at) },
      });
    }
  });

  it("stores Turnstile's verdict with every kind of lead and reads it back; a lead without one has none", async () => {
    const { store, read } = await harness();
    const verdicts = [
      [{ verified: true }, 'verified'],
      [{ verified: false }, 'refused'],
      [{ verified: false, unchecked: true }, 'unchecked'],
      [{}, undefined],
    ] as const;
    for (const [marks, verdict] of verdicts) {
      const email = `verdict-${crypto.randomUUID()}@example.com`;
      const contact = { first: 'Ravi', last: 'Kumar', email, phone: '' };
      const leads = [
        ['quiz_responses', quizLead({ ...marks, contact })],
        ['news_letter', newsletterLead({ ...marks, email })],
        ['enquiries', enquiryLead({ ...marks, email })],
      ] as const;
      for (const [collection, lead] of leads) {
        const what = `${collection} ${verdict ?? 'without a verdict'}`;
        await store.save(lead);
        const stored = await read(collection, lead.id);
        if (verdict) expect(stored, what).toMatchObject({ verdict });
        else expect(stored, what).not.toHaveProperty('verdict');
        // Read back as the lead carried it, by one lead and in a listing; a lead without one gets no marks.
        const back = await store.get(lead.kind, lead.id);
        const listed = (await store.list({ kind: lead.kind, q: email, limit: 10 })).leads;
        for (const record of [back, listed.find((l) => l.id === lead.id)]) {
          expect(record, what).toBeDefined();
          expect({ verified: record?.verified, unchecked: record?.unchecked }, what).toStrictEqual({
            verified: 'verified' in marks ? marks.verified : undefined,
            unchecked: 'unchecked' in marks ? marks.unchecked : undefined,
          });
          if (!verdict) expect(record, what).not.toHaveProperty('verified');
        }
      }
    }
    // A repeated submission keeps the first write's verdict: a refused form is not made verified by a retry.
    const refused = enquiryLead({ verified: false });
    await store.save(refused);
    await expect(store.save({ ...refused, verified: true })).resolves.toEqual({ created: false });
    expect(await store.get('enquiry', refused.id)).toMatchObject({ verified: false });
    expect(await store.get('enquiry', refused.id)).not.toHaveProperty('unchecked');
  });

  it('stores a quiz response with no answers and no phone', async () => {
    const { store, read } = await harness();
    const lead: Lead = { ...quizLead(), answers: {}, contact: { first: 'A', last: 'B', email: 'a@b.co', phone: '' } };
    await store.save(lead);
    expect(await read('quiz_responses', lead.id)).toMatchObject({
      answers: {},
      contact: { first: 'A', last: 'B', email: 'a@b.co', phone: '' },
    });
  });

  it('stores a newsletter subscriber as email and subscribedAt', async () => {
    const { store, read } = await harness();
    const lead = newsletterLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('news_letter', lead.id)).toStrictEqual({
      email: 'asha@example.com',
      subscribedAt: recent(),
      consent: { version: 'newsletter-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores a subscription made with the quiz with its quiz response and tags, and reads them back', async () => {
    const { store, read } = await harness();
    const quiz = crypto.randomUUID();
    const lead = newsletterLead({ quizId: quiz, tags: ['quiz-consultations', 'quiz-talks-keynotes'] });
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('news_letter', lead.id)).toMatchObject({
      quizId: quiz,
      tags: ['quiz-consultations', 'quiz-talks-keynotes'],
    });
    expect(await store.get('newsletter', lead.id)).toMatchObject({
      quizId: quiz,
      tags: ['quiz-consultations', 'quiz-talks-keynotes'],
    });
  });

  it('stores an enquiry with name, phone, email, description and createdAt', async () => {
    const { store, read } = await harness();
    const lead = enquiryLead({
      description: 'A workshop for 40 people in March — ünïcode and "quotes" survive.\nOr April?',
    });
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('enquiries', lead.id)).toStrictEqual({
      name: 'Asha Verma',
      phone: '+919812345678',
      email: 'asha@example.com',
      description: lead.description,
      createdAt: recent(),
      consent: { version: 'enquiry-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores the booking reference of a quiz response and an enquiry and finds the lead by it, never a subscription', async () => {
    const { store, read } = await harness();
    const ref = () =>
      [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const quiz = quizLead({ bookingRef: ref() });
    const enquiry = enquiryLead({ bookingRef: ref() });
    const subscription = newsletterLead({ bookingRef: ref() });
    const without = enquiryLead();
    for (const lead of [quiz, enquiry, subscription, without]) await store.save(lead);
    expect(await read('quiz_responses', quiz.id)).toMatchObject({ bookingRef: quiz.bookingRef });
    expect(await read('enquiries', enquiry.id)).toMatchObject({ bookingRef: enquiry.bookingRef });
    expect(await read('news_letter', subscription.id)).not.toHaveProperty('bookingRef');
    expect(await read('enquiries', without.id)).not.toHaveProperty('bookingRef');
    expect(await store.get('quiz', quiz.id)).toMatchObject({ bookingRef: quiz.bookingRef });
    expect(await store.get('enquiry', without.id)).not.toHaveProperty('bookingRef');
    expect(await store.findByBookingRef(quiz.bookingRef!)).toMatchObject({
      kind: 'quiz',
      id: quiz.id,
      contact: quiz.contact,
      desk: { status: 'new' },
    });
    expect(await store.findByBookingRef(enquiry.bookingRef!)).toMatchObject({ kind: 'enquiry', id: enquiry.id });
    expect(await store.findByBookingRef(subscription.bookingRef!)).toBeNull();
    expect(await store.findByBookingRef(ref())).toBeNull();
  });

  it('keeps the first write when the same submission is saved again, and refuses another body under its id', async () => {
    const { store, read } = await harness();
    const first = newsletterLead();
    await store.save(first);
    const stored = await read('news_letter', first.id);
    const retry = { ...first, createdAt: new Date(Date.now() + 5000).toISOString(), attribution: { utm_source: 'x' } };
    await expect(store.save(retry)).resolves.toStrictEqual({ created: false });
    await expect(store.save({ ...first, email: 'retry@example.com' })).resolves.toStrictEqual({
      created: false,
      conflict: true,
    });
    expect(await read('news_letter', first.id)).toStrictEqual(stored);
  });

  it('keeps each kind in its own collection, keyed by the submission id', async () => {
    const { store, read } = await harness();
    const id = crypto.randomUUID();
    await store.save(quizLead({ id }));
    await store.save(enquiryLead({ id }));
    expect(await read('quiz_responses', id)).toBeDefined();
    expect(await read('enquiries', id)).toBeDefined();
    expect(await read('news_letter', id)).toBeUndefined();
  });
});

/** Every page of a listing, following `next` until the last. */
async function allPages(store: LeadStore, query: Omit<LeadQuery, 'cursor'>): Promise<LeadRecord[][]> {
  const pages: LeadRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ ...query, cursor });
    pages.push(page.leads);
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return pages;
}

const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString();
const ids = (leads: LeadRecord[]) => leads.map((l) => `${l.kind}:${l.id}`);

describe.each(adapters)('LeadStore contract, listing and follow-up: %s', (_name, harness) => {
  // Each test gets a store of its own: the Firestore stand-in is fresh per harness, and on D1
  // every test uses a unique time window (leads from other tests are outside it).
  let window = 0;
  const setup = async (leads: Array<[Lead, number]>) => {
    const h = await harness();
    const base = (window += 100_000) * 60;
    const range = { from: at(base - 1), to: at(base + 10_000) };
    for (const [lead, minute] of leads) await h.seed(lead, at(base + minute));
    return { ...h, range, at: (minute: number) => at(base + minute) };
  };

  it('lists every kind newest first, and pages through all with the cursor, each lead once', async () => {
    const leads: Array<[Lead, number]> = [
      [quizLead(), 1],
      [newsletterLead(), 2],
      [enquiryLead(), 3],
      [quizLead(), 4],
      [newsletterLead(), 5],
      [enquiryLead(), 6],
      [quizLead(), 7],
    ];
    const { store, range } = await setup(leads);
    const pages = await allPages(store, { ...range, limit: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const expected = [...leads].reverse().map(([l]) => `${l.kind}:${l.id}`);
    expect(pages.flatMap(ids)).toEqual(expected);
  });

  it('keeps leads that share an arrival time (and even an id) apart across a page boundary', async () => {
    const id = crypto.randomUUID();
    const { store, range } = await setup([
      [quizLead({ id }), 5],
      [enquiryLead({ id }), 5],
      [newsletterLead({ id }), 5],
      [newsletterLead(), 5],
    ]);
    const pages = await allPages(store, { ...range, limit: 1 });
    const seen = pages.flatMap(ids);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('filters by kind and by arrival time (from inclusive, to exclusive)', async () => {
    const early = enquiryLead();
    const late = enquiryLead();
    const {
      store,
      range,
      at: time,
    } = await setup([
      [early, 1],
      [quizLead(), 2],
      [late, 3],
    ]);
    expect(ids((await store.list({ ...range, kind: 'enquiry', limit: 10 })).leads)).toEqual(
      ids([late, early] as LeadRecord[]),
    );
    const between = await store.list({ kind: 'enquiry', from: time(1), to: time(3), limit: 10 });
    expect(ids(between.leads)).toEqual([`enquiry:${early.id}`]);
  });

  it('finds a lead by a word of its name, its whole name, its email or its phone, in any case or format', async () => {
    const asha: Lead = {
      ...quizLead(),
      contact: { first: 'Asha', last: 'Devi Rao', email: 'Asha.Rao@Example.com', phone: '+919812345678' },
    };
    const ravi = enquiryLead({ name: 'Ravi Kumar', email: 'ravi@example.com' });
    const { store, range } = await setup([
      [asha, 1],
      [ravi, 2],
      [newsletterLead(), 3],
    ]);
    const find = async (q: string) => ids((await store.list({ ...range, q, limit: 10 })).leads);
    for (const q of ['asha', 'DEVI', 'asha devi rao', 'asha.rao@example.com', '+91 98123 45678', '9812345678']) {
      expect(await find(q), q).toContain(`quiz:${asha.id}`);
    }
    expect(await find('ravi@example.com')).toEqual([`enquiry:${ravi.id}`]);
    expect(await find('nobody@example.com')).toEqual([]);
  });

  it('finds a lead by the start of any word of its name, of its email or its domain, and by its last digits', async () => {
    const nila: Lead = {
      ...quizLead(),
      contact: { first: 'Nila', last: 'Verma', email: 'Nila.V@Verma-Family.in', phone: '+91 98123 45678' },
    };
    const ravi: Lead = {
      ...enquiryLead(),
      name: 'Ravi Nilakantan',
      email: 'ravi@mail.example',
      phone: '+919800011122',
    };
    const { store, range } = await setup([
      [nila, 1],
      [ravi, 2],
      [{ ...newsletterLead(), email: 'nilima@verma-family.in' }, 3],
    ]);
    const find = async (q: string) => (await store.list({ ...range, q, limit: 10 })).leads.map((l) => l.kind).sort();
    // The start of a word of the name, or of the whole name.
    expect(await find('Nil')).toEqual(['enquiry', 'newsletter', 'quiz']);
    expect(await find('verm')).toEqual(['newsletter', 'quiz']); // Verma, and verma-family.in
    expect(await find('nila ve')).toEqual(['quiz']);
    expect(await find('nilak')).toEqual(['enquiry']);
    // The start of the address, and of its domain.
    expect(await find('nila.v@')).toEqual(['quiz']);
    expect(await find('verma-fam')).toEqual(['newsletter', 'quiz']);
    expect(await find('mail.ex')).toEqual(['enquiry']);
    // The last digits, at least three, however they are written.
    expect(await find('678')).toEqual(['quiz']);
    expect(await find('45 678')).toEqual(['quiz']);
    expect(await find('+91 98123 45678')).toEqual(['quiz']);
    // Not the middle of a word, not the start of a number, nothing shorter than three.
    expect(await find('ila')).toEqual([]);
    expect(await find('98123')).toEqual([]);
    expect(await find('78')).toEqual([]);
  });

  it("rewrites a lead's search words from the lead, so one stored by an older version is found by a start too", async () => {
    const nila: Lead = {
      ...quizLead(),
      contact: { first: 'Nila', last: 'Verma', email: 'nila@example.org', phone: '+919812345678' },
    };
    const h = await setup([[nila, 1]]);
    await h.setSearchWords(nila, ['nila verma', 'nila', 'verma', 'nila@example.org']);
    const find = async (q: string) => ids((await h.store.list({ ...h.range, q, limit: 10 })).leads);
    expect(await find('verma')).toEqual([`quiz:${nila.id}`]);
    expect(await find('verm')).toEqual([]);
    const stored = (await h.store.get('quiz', nila.id))!;
    await h.store.refreshSearch(stored);
    await h.store.refreshSearch(stored); // idempotent
    for (const q of ['verm', 'nila', 'nila@ex', '45678']) expect(await find(q), q).toEqual([`quiz:${nila.id}`]);
    expect((await h.store.list({ ...h.range, limit: 10 })).leads).toHaveLength(1);
  });

  it('pages through search results with the cursor', async () => {
    const leads: Array<[Lead, number]> = [1, 2, 3, 4, 5].map((m) => [
      { ...newsletterLead(), email: 'same@example.com' },
      m,
    ]);
    const { store, range } = await setup([...leads, [newsletterLead(), 6]]);
    const pages = await allPages(store, { ...range, q: 'same@example.com', limit: 2 });
    expect(pages.flatMap(ids)).toEqual([...leads].reverse().map(([l]) => `newsletter:${l.id}`));
  });

  it('lists only the leads at a follow-up status (none set reads as new), newest first, paged with the cursor', async () => {
    const [q1, e1, n1, q2, e2, q3, n2] = [
      quizLead(),
      enquiryLead(),
      newsletterLead(),
      quizLead(),
      enquiryLead(),
      quizLead(),
      newsletterLead(),
    ];
    const { store, range } = await setup([
      [q1, 1],
      [e1, 2],
      [n1, 3],
      [q2, 4],
      [e2, 5],
      [q3, 6],
      [n2, 7],
    ]);
    const by = { by: 'priya@example.com', at: '2031-02-03T04:05:06.000Z' };
    await store.update('quiz', q1.id, { status: 'booked', by: 'Calendly', at: by.at });
    await store.update('enquiry', e1.id, { status: 'booked', by: 'Cal.com', at: by.at });
    await store.update('enquiry', e2.id, { status: 'booked', ...by });
    await store.update('quiz', q2.id, { status: 'booked', ...by });
    await store.update('quiz', q2.id, { status: 'client', ...by });
    await store.update('newsletter', n1.id, { status: 'contacted', ...by });
    // A note alone leaves the status new.
    await store.update('newsletter', n2.id, { note: 'Wrote back', ...by });
    const listed = async (query: Omit<LeadQuery, 'cursor' | 'limit'>, limit = 10) =>
      (await allPages(store, { ...range, ...query, limit })).map(ids);
    expect(await listed({ status: 'booked' }, 2)).toEqual([ids([e2, e1] as LeadRecord[]), ids([q1] as LeadRecord[])]);
    expect(await listed({ status: 'client' })).toEqual([ids([q2] as LeadRecord[])]);
    expect(await listed({ status: 'contacted' })).toEqual([ids([n1] as LeadRecord[])]);
    expect(await listed({ status: 'closed' })).toEqual([[]]);
    expect(await listed({ status: 'new' }, 1)).toEqual([ids([n2] as LeadRecord[]), ids([q3] as LeadRecord[])]);
    expect(await listed({ status: 'booked', kind: 'quiz' })).toEqual([ids([q1] as LeadRecord[])]);
    expect(await listed({ status: 'booked', q: e1.email })).toEqual([ids([e2, e1] as LeadRecord[])]);
    expect(await listed({ status: 'new', q: 'ravi' })).toEqual([ids([q3] as LeadRecord[])]);
    const page = await store.list({ ...range, status: 'client', limit: 10 });
    expect(page.leads[0]?.desk).toMatchObject({ status: 'client', statusBy: 'priya@example.com' });
  });

  it('finds a new lead behind more than a batch of leads at another status', { timeout: 60_000 }, async () => {
    const waiting = quizLead();
    const contacted = Array.from({ length: 105 }, () => quizLead());
    const { store, seed, range, at: time } = await setup([[waiting, 1]]);
    await Promise.all(contacted.map((lead, i) => seed(lead, time(i + 2))));
    await Promise.all(
      contacted.map((lead) =>
        store.update('quiz', lead.id, { status: 'contacted', by: 'priya@example.com', at: range.to }),
      ),
    );
    const pages = await allPages(store, { ...range, kind: 'quiz', status: 'new', limit: 1 });
    expect(pages.map(ids)).toEqual([ids([waiting] as LeadRecord[])]);
  });

  it('reads one lead with its follow-up (new until an owner sets it), or null', async () => {
    const lead = enquiryLead();
    const { store } = await setup([[lead, 1]]);
    expect(await store.get('enquiry', lead.id)).toMatchObject({
      kind: 'enquiry',
      id: lead.id,
      name: 'Asha Verma',
      desk: { status: 'new' },
    });
    expect(await store.get('quiz', lead.id)).toBeNull();
    expect(await store.get('enquiry', crypto.randomUUID())).toBeNull();
  });

  it('records the status and the note with who set them and when, each without touching the other', async () => {
    const lead = quizLead();
    const { store } = await setup([[lead, 1]]);
    const when = '2031-02-03T04:05:06.000Z';
    await store.update('quiz', lead.id, { status: 'contacted', by: 'priya@example.com', at: when });
    const noted = await store.update('quiz', lead.id, {
      note: 'Call back after 6 pm',
      by: 'arjun@example.com',
      at: when,
    });
    expect(noted?.desk).toEqual({
      status: 'contacted',
      statusBy: 'priya@example.com',
      statusAt: when,
      note: 'Call back after 6 pm',
      noteBy: 'arjun@example.com',
      noteAt: when,
    });
    expect(noted).toMatchObject({ contact: lead.contact, answers: lead.answers });
    const closed = await store.update('quiz', lead.id, { status: 'closed', by: 'arjun@example.com', at: when });
    expect(closed?.desk).toMatchObject({
      status: 'closed',
      statusBy: 'arjun@example.com',
      note: 'Call back after 6 pm',
    });
    expect(
      (await store.list({ kind: 'quiz', q: lead.contact.email, limit: 50 })).leads.find((l) => l.id === lead.id)?.desk
        .status,
    ).toBe('closed');
  });

  it('updates nothing and creates nothing for an id that is not stored', async () => {
    const { store } = await setup([]);
    const id = crypto.randomUUID();
    expect(await store.update('enquiry', id, { status: 'closed', by: 'x@example.com', at: at(0) })).toBeNull();
    expect(await store.get('enquiry', id)).toBeNull();
  });

  it('erases a lead with its search words and follow-up; erasing again finds nothing; other leads stay', async () => {
    const [gone, kept] = [enquiryLead(), enquiryLead()];
    const { store, range } = await setup([
      [gone, 1],
      [kept, 2],
    ]);
    await store.update('enquiry', gone.id, { note: 'Asked about Pune', by: 'priya@example.com', at: at(3) });
    expect(await store.erase('enquiry', gone.id)).toBe(true);
    expect(await store.get('enquiry', gone.id)).toBeNull();
    expect(ids((await store.list({ ...range, q: gone.email, limit: 10 })).leads)).not.toContain(`enquiry:${gone.id}`);
    expect(ids((await store.list({ ...range, limit: 10 })).leads)).toEqual([`enquiry:${kept.id}`]);
    expect(await store.erase('enquiry', gone.id)).toBe(false);
    // A status set after the erasure does not bring the lead back.
    expect(await store.update('enquiry', gone.id, { status: 'closed', by: 'x@example.com', at: at(4) })).toBeNull();
    expect(await store.get('enquiry', gone.id)).toBeNull();
  });

  it('finds leads whose last contact (arrival, status or note) is before the cutoff, oldest first', async () => {
    const [old, noted, statused, recent] = [quizLead(), quizLead(), enquiryLead(), quizLead()];
    const h = await setup([
      [old, 1],
      [noted, 2],
      [statused, 3],
      [recent, 50],
    ]);
    await h.store.update('quiz', noted.id, { note: 'Wants the March retreat', by: 'priya@example.com', at: h.at(40) });
    await h.store.update('enquiry', statused.id, { status: 'contacted', by: 'arjun@example.com', at: h.at(45) });
    const expired = async (kind: 'quiz' | 'enquiry', minute: number) =>
      (await h.store.expired(kind, h.at(minute), 1000)).filter((id) =>
        [old, noted, statused, recent].some((l) => l.id === id),
      );
    expect(await expired('quiz', 30)).toEqual([old.id]);
    expect(await expired('enquiry', 30)).toEqual([]);
    expect(await expired('quiz', 41)).toEqual([old.id, noted.id]);
    expect(await expired('enquiry', 46)).toEqual([statused.id]);
    // Exactly at the cutoff is not before it.
    expect(await expired('quiz', 40)).toEqual([old.id]);
    expect(await expired('quiz', 51)).toEqual([old.id, noted.id, recent.id]);
  });

  it('finds a lead stored before the last-contact time was kept once its search words are refreshed', async () => {
    const lead = enquiryLead();
    const h = await setup([[lead, 1]]);
    await h.store.update('enquiry', lead.id, { note: 'Old note', by: 'priya@example.com', at: h.at(5) });
    await h.makeOld(lead);
    await h.store.refreshSearch((await h.store.get('enquiry', lead.id))!);
    expect(await h.store.expired('enquiry', h.at(6), 1000)).toContain(lead.id);
    expect(await h.store.expired('enquiry', h.at(5), 1000)).not.toContain(lead.id);
  });

  it('corrects a contact: the new name and number are found, the old are not, and who corrected what is kept', async () => {
    const lead: Lead = { ...enquiryLead(), name: 'Asha Vrema', phone: '+919812300001' };
    const { store, range } = await setup([[lead, 1]]);
    const when = '2031-02-03T04:05:06.000Z';
    const fixed = await store.update('enquiry', lead.id, {
      correction: { name: 'Asha Verma', phone: '+919812300002', email: lead.email },
      by: 'priya@example.com',
      at: when,
    });
    expect(fixed).toMatchObject({ name: 'Asha Verma', phone: '+919812300002', email: lead.email });
    expect(fixed?.desk).toEqual({
      status: 'new',
      corrected: ['name', 'phone'],
      correctedBy: 'priya@example.com',
      correctedAt: when,
    });
    const find = async (q: string) => ids((await store.list({ ...range, q, limit: 10 })).leads);
    expect(await find('verma')).toEqual([`enquiry:${lead.id}`]);
    expect(await find('300002')).toEqual([`enquiry:${lead.id}`]);
    expect(await find('vrema')).toEqual([]);
    expect(await find('300001')).toEqual([]);
    // A correction that changes nothing records nothing.
    const same = await store.update('enquiry', lead.id, {
      correction: { name: 'Asha Verma' },
      by: 'arjun@example.com',
      at: at(9),
    });
    expect(same?.desk.correctedBy).toBe('priya@example.com');
    expect(
      await store.update('quiz', crypto.randomUUID(), { correction: { first: 'X' }, by: 'x', at: when }),
    ).toBeNull();
  });

  it("corrects a quiz response's first and last name and a subscriber's address", async () => {
    const [quiz, sub] = [quizLead(), newsletterLead()];
    const { store } = await setup([
      [quiz, 1],
      [sub, 2],
    ]);
    const by = { by: 'priya@example.com', at: at(3) };
    const q = await store.update('quiz', quiz.id, { correction: { first: 'Meera', last: 'Iyer' }, ...by });
    expect(q).toMatchObject({ contact: { ...quiz.contact, first: 'Meera', last: 'Iyer' } });
    expect(q?.desk.corrected).toEqual(['first', 'last']);
    const n = await store.update('newsletter', sub.id, { correction: { email: 'meera@example.net' }, ...by });
    expect(n).toMatchObject({ email: 'meera@example.net' });
  });
});

describe.each(adapters)('LeadStore contract, unsubscribes: %s', (_name, harness) => {
  it('marks a subscription unsubscribed with its time, shown wherever the desk reads it', async () => {
    const { store, read } = await harness();
    const lead = newsletterLead({ email: `unsub-${crypto.randomUUID()}@example.com` });
    await store.save(lead);
    expect((await store.get('newsletter', lead.id))?.unsubscribedAt).toBeUndefined();
    const at = '2026-11-25T10:00:00.000Z';
    const marked = await store.markUnsubscribed(lead.id, at);
    expect(marked).toMatchObject({ kind: 'newsletter', id: lead.id, email: lead.email, unsubscribedAt: at });
    expect(await read('news_letter', lead.id)).toMatchObject({ email: lead.email, unsubscribedAt: new Date(at) });
    expect((await store.get('newsletter', lead.id))?.unsubscribedAt).toBe(at);
    const page = await store.list({ kind: 'newsletter', q: lead.email, limit: 10 });
    expect(page.leads.map((l) => [l.id, l.unsubscribedAt])).toEqual([[lead.id, at]]);
  });

  it('keeps the first unsubscribe time when the subscriber unsubscribes again', async () => {
    const { store } = await harness();
    const lead = newsletterLead();
    await store.save(lead);
    await store.markUnsubscribed(lead.id, '2026-11-25T10:00:00.000Z');
    const again = await store.markUnsubscribed(lead.id, '2026-11-26T10:00:00.000Z');
    expect(again?.unsubscribedAt).toBe('2026-11-25T10:00:00.000Z');
  });

  it('creates nothing for a subscription that is not stored, and leaves other kinds alone', async () => {
    const { store, read } = await harness();
    const missing = crypto.randomUUID();
    await expect(store.markUnsubscribed(missing, '2026-11-25T10:00:00.000Z')).resolves.toBeNull();
    expect(await read('news_letter', missing)).toBeUndefined();
    const enquiry = enquiryLead();
    await store.save(enquiry);
    await expect(store.markUnsubscribed(enquiry.id, '2026-11-25T10:00:00.000Z')).resolves.toBeNull();
    expect(await read('enquiries', enquiry.id)).not.toHaveProperty('unsubscribedAt');
  });
});
