import type { Send } from './templates';

// What every channel the ledger sends through (WhatsApp, email, the newsletter tool) is, and what a send comes to.

/** The code of a send that got no answer in time (src/notify/whatsapp/whatsapp.ts): it may or may not have gone out. */
export const TIMED_OUT = 'timeout';

/** What one send came to: accepted, worth retrying, or refused for good. */
export type SendOutcome =
  | { kind: 'sent'; messageId: string | null }
  | { kind: 'retryable'; code: string; message: string; minDelaySeconds?: number }
  | { kind: 'permanent'; code: string; message: string };

/** Any channel the ledger sends through: WhatsApp (src/notify/whatsapp/whatsapp.ts) or email (src/notify/email/email.ts). */
export interface MessageSender {
  readonly channel: string;
  send(message: Send): Promise<SendOutcome>;
}
