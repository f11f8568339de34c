import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import type { Env } from '../../src/env';
import type { Lead } from '../../src/store/leads/lead';
import { getLeadStore } from '../../src/store/leads/open';
import { createFirestoreStandin, type FirestoreStandin } from '../standins/google/firestore';
import { makeServiceAccountKey, type ServiceAccountKey } from '../standins/google/google-oauth';
import type { CompositeIndex } from '../standins/google/firestore-query';
import firestoreIndexes from '../../firestore.indexes.json';

export const CLIENT_EMAIL = 'site-writer@standin-project.iam.gserviceaccount.com';
export const EMULATOR_HOST = '127.0.0.1:8089';

let keys: Promise<[ServiceAccountKey, ServiceAccountKey]> | undefined;
/** Two real RSA keys (made once per file: key generation is slow): the current one and its rotation. */
export function serviceAccountKeys(): Promise<[ServiceAccountKey, ServiceAccountKey]> {
  keys ??= Promise.all([makeServiceAccountKey('key-1'), makeServiceAccountKey('key-2')]);
  return keys;
}

let projects = 0;

/**
 * A fresh stand-in installed as the global fetch, and a Worker env that selects
 * Firestore: with service-account secrets, or through FIRESTORE_EMULATOR_HOST.
 * Each call uses a new project id, so the adapter's client cache (kept for the
 * isolate's life, as in production) never carries a token into another test.
 */
export async function firestoreEnv(mode: 'credentials' | 'emulator'): Promise<{
  standin: FirestoreStandin;
  env: Env;
  projectId: string;
  keys: [ServiceAccountKey, ServiceAccountKey];
}> {
  const projectId = `standin-project-${++projects}`;
  const standin = createFirestoreStandin({
    projectId,
    emulatorOrigin: `http://${EMULATOR_HOST}`,
    indexes: firestoreIndexes.indexes as CompositeIndex[],
  });
  const pair = await serviceAccountKeys();
  for (const key of pair) standin.trust(CLIENT_EMAIL, key.keyId, key.publicKey);
  vi.stubGlobal('fetch', standin.fetch);
  const secrets =
    mode === 'credentials'
      ? { FIRESTORE_CLIENT_EMAIL: CLIENT_EMAIL, FIRESTORE_PRIVATE_KEY: pair[0].privateKeyPem }
      : { FIRESTORE_EMULATOR_HOST: EMULATOR_HOST };
  return { standin, projectId, keys: pair, env: { ...env, FIRESTORE_PROJECT_ID: projectId, ...secrets } };
}

/** The two databases a store test runs on: D1 as bound, and Firestore (service account) against a fresh stand-in. */
export const D1_AND_FIRESTORE: Array<[string, () => Promise<Env>]> = [
  ['D1', async () => env],
  ['Firestore', async () => (await firestoreEnv('credentials')).env],
];

/** An env, and how a lead is stored as if it had arrived at `at` (Firestore stamps its own arrival time). */
export type DatedLeadStore = { env: Env; saveAt(lead: Lead, at: string): Promise<void> };

/**
 * The two databases a person's-data test runs on (copy, erasure, retention), each able to store an enquiry as if it
 * had arrived long ago: D1 as bound, and Firestore (service account) against a fresh stand-in.
 */
export const DATED_LEAD_STORES: Array<[string, () => Promise<DatedLeadStore>]> = [
  ['D1', async () => ({ env, saveAt: async (lead) => void (await getLeadStore(env).save(lead)) })],
  [
    'Firestore',
    async () => {
      const { standin, env: workerEnv } = await firestoreEnv('credentials');
      return {
        env: workerEnv,
        async saveAt(lead, at) {
          await getLeadStore(workerEnv).save(lead);
          const doc = standin.document('enquiries', lead.id)!;
          doc.fields.createdAt = { timestampValue: at };
          doc.fields.lastContactAt = { timestampValue: at };
        },
      };
    },
  ],
];
