/**
 * The lead store's contract harness: each adapter (D1 for real inside workerd; Firestore through the real
 * firebase-rest-firestore library against the REST stand-in, with service-account credentials and through
 * FIRESTORE_EMULATOR_HOST) with the ways a contract test seeds and reads what it stored, the same for all.
 */
import { env } from 'cloudflare:test';
import { type LeadStore } from '../../../src/store/leads/port';
import { getLeadStore } from '../../../src/store/leads/open';
import { type Lead, COLLECTIONS } from '../../../src/store/leads/lead';
import { decodeFields } from '../../standins/google/firestore-values';
import { firestoreEnv } from '../../support/firestore';

export type Doc = Record<string, unknown>;
export interface Harness {
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

export const adapters: Array<[string, () => Promise<Harness>]> = [
  ['D1', d1],
  ['Firestore (service account)', firestore('credentials')],
  ['Firestore (emulator host)', firestore('emulator')],
];
