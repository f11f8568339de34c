import type { Lead, LeadKind } from './lead';
import type { LeadChange, LeadPage, LeadQuery, LeadRecord } from './listing';

/**
 * The storage port: everything the site needs from its database. A save is
 * idempotent on `lead.id` (the submission id): saving the same id again leaves
 * one record and answers `created: false`, so a retried submission is not
 * notified twice.
 */
export interface LeadStore {
  save(lead: Lead): Promise<{ created: boolean }>;
  /** One page of leads, newest first, filtered by kind, arrival time and a search word; cursor-paged. */
  list(query: LeadQuery): Promise<LeadPage>;
  /** One lead with the owners' follow-up, or null. */
  get(kind: LeadKind, id: string): Promise<LeadRecord | null>;
  /** Sets the follow-up status or the note (with who and when); null when there is no such lead. */
  update(kind: LeadKind, id: string, change: LeadChange): Promise<LeadRecord | null>;
  /** Rewrites the words a stored lead is found by from the lead itself (after the words' rules change). */
  refreshSearch(lead: Lead): Promise<void>;
}

/**
 * A store that could not take the write: the message is safe to log (never holds
 * a credential). `permanent` marks a refusal retrying cannot fix (the store
 * answered that the write itself is invalid or not allowed), as opposed to the
 * store being down or slow.
 */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
  readonly permanent: boolean;

  constructor(message: string, options?: { cause?: unknown; permanent?: boolean }) {
    super(message, options);
    this.permanent = options?.permanent ?? false;
  }
}
