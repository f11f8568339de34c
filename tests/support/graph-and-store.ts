import { vi } from 'vitest';
import type { Env } from '../../src/env';
import { GRAPH_BASE } from '../standins/whatsapp/graph-api';
import type { FirestoreStandin } from '../standins/google/firestore';
import { firestoreEnv } from './firestore';

/** Which lead store a test runs on: the suites that touch conversations run on both. */
export type Store = 'D1' | 'Firestore';

/**
 * The lead store's settings for a test: none for D1; for Firestore, a stand-in of its own, signed in with a
 * service account (or, with `emulator`, reached as an emulator).
 */
export async function leadStoreVars(
  store: Store,
  mode: 'credentials' | 'emulator' = 'credentials',
): Promise<{ vars: Partial<Env>; firestore?: FirestoreStandin }> {
  if (store === 'D1') return { vars: {} };
  const made = await firestoreEnv(mode);
  const { FIRESTORE_PROJECT_ID, FIRESTORE_CLIENT_EMAIL, FIRESTORE_PRIVATE_KEY, FIRESTORE_EMULATOR_HOST } = made.env;
  const vars =
    mode === 'credentials'
      ? { FIRESTORE_PROJECT_ID, FIRESTORE_CLIENT_EMAIL, FIRESTORE_PRIVATE_KEY }
      : { FIRESTORE_PROJECT_ID, FIRESTORE_EMULATOR_HOST };
  return { vars, firestore: made.standin };
}

/**
 * Routes the Worker's outgoing requests: the Graph API's to `graph` (a stand-in, or a wrapper that shapes its
 * answers), everything else to the Firestore stand-in when the test has one.
 */
export function routeFetch(graph: (request: Request) => Promise<Response>, firestore?: FirestoreStandin): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return request.url.startsWith(GRAPH_BASE) || !firestore ? graph(request) : firestore.fetch(request);
  });
}
