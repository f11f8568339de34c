import type { Audience, Send } from './templates';

// A row of the delivery ledger (migrations/0002_deliveries.sql): one per message, keyed by lead, template and
// recipient, with the status it stands at.

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead' | 'replay' | 'skipped' | 'unknown';

/**
 * Why a message was never sent, on purpose (status skipped). `cap`: the recipient's cap for 24 hours was reached
 * (VISITOR_MESSAGES_PER_DAY for a visitor's number or address; one sign-up sent on to the newsletter tool).
 * `opted_out`: a WhatsApp message to a visitor's number that opted out (src/store/conversations/opt-outs.ts).
 */
export type SkipReason = 'cap' | 'budget' | 'unverified' | 'hourly_cap' | 'opted_out';

/**
 * The submission id prefix of the one confirmation a visitor gets when they opt out: the only message that goes to
 * a number that opted out (it answers their own STOP, inside the window).
 */
export const OPT_OUT_CONFIRMATION = 'opt-out:';

export interface DeliveryKey {
  submissionId: string;
  template: string;
  recipient: string;
}

export interface DeliveryRow {
  status: DeliveryStatus;
  skip_reason: SkipReason | null;
  /** For an owner alert folded into a digest: the hour (its start, ISO) whose digest counts it. */
  digest_hour: string | null;
  attempts: number;
  updated_at: string;
  last_error_code: string | null;
  last_error_message: string | null;
}

/** A delivery row with its stored message, enough to send it again without the lead. */
export interface StoredDelivery {
  submission_id: string;
  template: string;
  recipient: string;
  lead_kind: string;
  audience: Audience;
  components: string;
}

/** The WHERE clause of one row by its key; its parameters are keyArgs(key). */
export const WHERE_KEY = 'submission_id = ? AND template = ? AND recipient = ?';
export const keyOf = (submissionId: string, send: Send): DeliveryKey => ({
  submissionId,
  template: send.template,
  recipient: send.to,
});
export const keyArgs = (k: DeliveryKey) => [k.submissionId, k.template, k.recipient];
