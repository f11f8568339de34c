/**
 * A lead as stored: what the storage port writes and the notification step receives.
 * `verified` is false when Turnstile is configured and the submission had no verified
 * token: then no message goes to a number it typed.
 */
export type Lead = LeadFields & { verified?: boolean };

type LeadFields =
  | {
      kind: 'quiz';
      id: string;
      createdAt: string;
      answers: Record<string, string>;
      contact: { first: string; last: string; email: string; phone: string };
      source: string;
    }
  | { kind: 'newsletter'; id: string; createdAt: string; email: string }
  | { kind: 'enquiry'; id: string; createdAt: string; name: string; phone: string; email: string; description: string };
