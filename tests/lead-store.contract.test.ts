/**
 * The storage port's contract, run against every adapter: D1 for real inside
 * workerd, and Firestore through the real firebase-rest-firestore library
 * against the REST stand-in (with service-account credentials, and through
 * FIRESTORE_EMULATOR_HOST). Whatever the adapter, a lead is stored with the
 * fields of specification §3 and a repeated submission leaves one record.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLeadStore, type LeadStore } from '../src/leads/store';
import { D1LeadStore } from '../src/leads/d1-store';
import { FirestoreLeadStore } from '../src/leads/firestore-store';
import type { Lead } from '../src/leads/types';
import { decodeFields } from './standins/firestore-values';
import { firestoreEnv } from './support/firestore';
import { enquiryLead, newsletterLead, quizLead } from './fixtures/leads';

type Doc = Record<string, unknown>;
interface Harness {
  store: LeadStore;
  /** The stored record as plain values; timestamps as Date (only a true timestamp becomes one). */
  read(collection: string, id: string): Promise<Doc | undefined>;
}

const d1: () => Promise<Harness> = async () => ({
  store: getLeadStore(env),
  async read(collection, id) {
    const row = await env.DB.prepare(`SELECT * FROM ${collection} WHERE id = ?`)
      .bind(id)
      .first<Record<string, string>>();
    if (!row) return undefined;
    const { id: _, created_at, subscribed_at, answers, contact, ...rest } = row;
    return {
      ...rest,
      ...(answers !== undefined && { answers: JSON.parse(answers), contact: JSON.parse(contact!) }),
      ...(created_at !== undefined && { createdAt: new Date(created_at) }),
      ...(subscribed_at !== undefined && { subscribedAt: new Date(subscribed_at) }),
    };
  },
});

const firestore = (mode: 'credentials' | 'emulator') => async (): Promise<Harness> => {
  const { standin, env: firestoreEnvironment } = await firestoreEnv(mode);
  return {
    store: getLeadStore(firestoreEnvironment),
    async read(collection, id) {
      const doc = standin.document(collection, id);
      if (!doc) return undefined;
      const plain = decodeFields(doc.fields);
      for (const [k, v] of Object.entries(plain)) {
        if (v && typeof v === 'object' && 'timestamp' in v) plain[k] = new Date(String(v.timestamp));
      }
      return plain;
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

  it('stores a quiz response with the fields of §3', async () => {
    const { store, read } = await harness();
    const lead = quizLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('quiz_responses', lead.id)).toStrictEqual({
      createdAt: recent(),
      status: 'submitted',
      answers: { '0': 'Mindset', '2': 'I know a little' },
      contact: { first: 'Asha', last: 'Rao', email: 'asha@example.com', phone: '+919812345678' },
      source: 'website-quiz-page',
    });
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
    expect(await read('news_letter', lead.id)).toStrictEqual({ email: 'reader@example.com', subscribedAt: recent() });
  });

  it('stores an enquiry with name, phone, email, description and createdAt', async () => {
    const { store, read } = await harness();
    const lead = enquiryLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('enquiries', lead.id)).toStrictEqual({
      name: 'Ravi Kumar',
      phone: '+919812345678',
      email: 'ravi@example.com',
      description: lead.description,
      createdAt: recent(),
    });
  });

  it('keeps the first write when the same submission is saved again', async () => {
    const { store, read } = await harness();
    const first = newsletterLead();
    await store.save(first);
    const stored = await read('news_letter', first.id);
    await expect(store.save({ ...first, email: 'retry@example.com' })).resolves.toEqual({ created: false });
    expect(await read('news_letter', first.id)).toStrictEqual(stored);
  });

  it('keeps each kind in its own collection, keyed by the submission id', async () => {
    const { store, read } = await harness();
    const id = crypto.randomUUID();
    await store.save(quizLead(id));
    await store.save(enquiryLead(id));
    expect(await read('quiz_responses', id)).toBeDefined();
    expect(await read('enquiries', id)).toBeDefined();
    expect(await read('news_letter', id)).toBeUndefined();
  });
});
