import type { Lead, LeadKind } from './lead';
import type { LeadChange, LeadPage, LeadQuery, LeadRecord } from './listing';

/**
 * What a save did: `created` when this write stored the lead; for a repeat, the booking reference stored with the
 * first write (when it has one), or `conflict` when another body (lead-fingerprint.ts) is stored under its
 * submission id, and nothing was written.
 */
export interface SaveResult {
  created: boolean;
  bookingRef?: string;
  conflict?: true;
}

/**
 * The storage port: everything the site needs from its database. A save is
 * idempotent on `lead.id` (the submission id): saving the same submission again
 * leaves one record and answers `created: false`, so a retried submission is not
 * notified twice; the id belongs to its first body, so a different body under it
 * is answered `conflict` and changes nothing.
 */
export interface LeadStore {
  save(lead: Lead): Promise<SaveResult>;
  /** One page of leads, newest first, filtered by kind, arrival time and a search word; cursor-paged. */
  list(query: LeadQuery): Promise<LeadPage>;
  /** One lead with the owners' follow-up, or null. */
  get(kind: LeadKind, id: string): Promise<LeadRecord | null>;
  /** The lead whose "Book a call" link carries this reference (Lead.bookingRef), or null. */
  findByBookingRef(ref: string): Promise<LeadRecord | null>;
  /**
   * Sets the follow-up status, the note, the owner or the next date, or corrects the contact (its search words
   * follow), with who and when; null when there is no such lead.
   */
  update(kind: LeadKind, id: string, change: LeadChange): Promise<LeadRecord | null>;
  /**
   * Rewrites what a stored lead is found by from the lead itself (after the words' rules change): its
   * search words and, where the store keeps one, its last-contact time.
   */
  refreshSearch(lead: LeadRecord): Promise<void>;
  /**
   * Up to `limit` quiz responses and enquiries with a next date, soonest first (past ones too), from `from` on when
   * given (inclusive, ISO): the inbox's "Due today" and "Overdue", and the leads whose nudge is due (the cron reads
   * from its look-back, so old dates nobody cleared never crowd out the ones due now).
   */
  dated(limit: number, from?: string): Promise<LeadRecord[]>;
  /** Deletes a lead with its search words and follow-up; false when there was none (erasing again is harmless). */
  erase(kind: LeadKind, id: string): Promise<boolean>;
  /** Ids of up to `limit` leads of `kind` whose last contact (lastContactOf) is before `before`, oldest first. */
  expired(kind: LeadKind, before: string, limit: number): Promise<string[]>;
  /**
   * Marks a newsletter subscription unsubscribed at `at`, keeping the first time when it already is (so a
   * repeated unsubscribe changes nothing); the record as it now stands, or null when there is no such subscription.
   */
  markUnsubscribed(id: string, at: string): Promise<LeadRecord | null>;
}
