import type { Attribution } from '../shared/attribution';

export type { Attribution };

/** The consent notice a visitor was shown with the form (its version) and when they sent it. */
export interface Consent {
  version: string;
  /** ISO time the lead was accepted. */
  at: string;
}

/** What every lead records besides its form's fields. */
export interface LeadBase {
  id: string;
  createdAt: string;
  consent: Consent;
  /** First-touch attribution of the visit; absent when the visit had none. */
  attribution?: Attribution;
}

/**
 * A lead as stored: what the storage port writes and the notification step receives.
 * `verified` is false when Turnstile is configured and the submission had no verified
 * token: then no message goes to a number it typed, and the owners hear of it only as a
 * count in their hourly digest. `unchecked` is true when the token could not be checked
 * (siteverify unreachable): still no message to a typed number, but the owners are told
 * of it one by one, as of a verified lead.
 */
export type Lead = LeadFields & { verified?: boolean; unchecked?: boolean };

type LeadFields =
  | (LeadBase & {
      kind: 'quiz';
      answers: Record<string, string>;
      contact: { first: string; last: string; email: string; phone: string };
      source: string;
      /** Titles of the programs the quiz recommended, most fitting first. */
      recommended: string[];
    })
  | (LeadBase & { kind: 'newsletter'; email: string })
  | (LeadBase & { kind: 'enquiry'; name: string; phone: string; email: string; description: string });
