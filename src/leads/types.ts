/** A lead as stored: what the storage port writes and the notification step receives. */
export type Lead =
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

/** The queue messages the Worker sends itself (src/index.ts dispatches them). */
export type Job =
  /** Send the owners' (and visitor's) WhatsApp messages for a stored lead. */
  | { type: 'notify'; lead: Lead }
  /** A lead accepted while the store was down, parked until the store takes it (src/leads/parked.ts). */
  | StoreJob;

export interface StoreJob {
  type: 'store';
  lead: Lead;
  /** How many times the write has been tried from the queue (drives the backoff). */
  attempt: number;
}
