import { FirestoreError, TokenError } from './firestore/firestore-client';
import { LeadStoreError } from './lead-store-error';

/**
 * Whether an error means a store could not be read or written: the lead store's own error (Firestore or D1, every
 * adapter wraps its failures in it), a Firestore call or its Google token exchange failing outside an adapter, or
 * D1 itself failing (its errors' messages start `D1_`). Followed through `cause`, so a wrapped one counts too.
 */
export function isStoreUnreachable(err: unknown, depth = 0): boolean {
  if (err instanceof LeadStoreError || err instanceof FirestoreError || err instanceof TokenError) return true;
  if (!(err instanceof Error)) return false;
  if (/^D1_[A-Z_]*ERROR\b/.test(err.message)) return true;
  return depth < 5 && err.cause !== undefined && isStoreUnreachable(err.cause, depth + 1);
}
