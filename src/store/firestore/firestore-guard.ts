import { errorMessage } from '../../log';
import { FirestoreError } from './firestore-client';
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
