import { errorMessage } from '../../log';
import { FirestoreError, type Document, type FirestoreClient } from './firestore-client';
import { LeadStoreError } from '../lead-store-error';

/**
 * More documents than one number's messages, one lead's or one address's bookings or one desk page ever hold:
 * a query that is sorted or filtered after reading is cut here.
 */
export const MAX_READ = 1000;

/** The webhook and the desk should not wait longer than this on the database. */
const TIMEOUT_MS = 8_000;

/** Runs a call under the deadline; any failure becomes a LeadStoreError (permanent when retrying cannot help). */
export async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeadStoreError(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), deadline]);
  } catch (err) {
    throw new LeadStoreError(`Firestore could not ${what}: ${errorMessage(err)}`, {
      cause: err,
      permanent: err instanceof FirestoreError && err.permanent,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** A document id for a key that may hold `/` (a Calendly URI, a wamid): the SHA-256 of the key, in hex. */
export async function hashedId(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// A record kept under the SHA-256 of its key, read and written under the deadline: how most stores keep theirs.

/** The document kept under the hashed `key`, or null. */
export function getHashed(client: FirestoreClient, what: string, collection: string, key: string) {
  return guarded(what, async (): Promise<Document | null> => client.get(collection, await hashedId(key)));
}

/** Writes the document under the hashed `key`, whether or not one is there. */
export function setHashed(client: FirestoreClient, what: string, collection: string, key: string, fields: Fields) {
  return guarded(what, async () => client.set(collection, await hashedId(key), fields));
}

/** Creates the document under the hashed `key` only if none is there: false when one is. */
export function createHashed(client: FirestoreClient, what: string, collection: string, key: string, fields: Fields) {
  return guarded(what, async () => client.create(collection, await hashedId(key), fields, []));
}

type Fields = Record<string, unknown>;
