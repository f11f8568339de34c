import { keyedHash } from '../keyed-hash';
import type { LeadKind } from '../leads/lead';

/** A lead a message is linked to (every lead with the sender's number when it arrived). */
export interface LeadRef {
  kind: LeadKind;
  id: string;
}

/** One message a visitor wrote to the business number, as stored. */
export interface ReceivedMessage {
  /** Meta's wamid: the message is stored once by it. */
  id: string;
  /** The sender's address: their number (E.164) when known, else their WhatsApp user id (`US.…`). */
  phone: string;
  /** When the visitor sent it (ISO). */
  at: string;
  /** text, button, image, audio, … as Meta names it. */
  type: string;
  /** text.body, a button's text or a media caption. */
  text?: string;
  /** An attachment's id at Meta (never downloaded). */
  mediaId?: string;
  /** The name the sender's WhatsApp profile shows. */
  profileName?: string;
  /** The wamid of the business message this one answers. */
  contextId?: string;
  /** The sender's WhatsApp business-scoped user id (`US.…`), when the webhook gave it. */
  userId?: string;
  /** The sender's WhatsApp username, when they set one. */
  username?: string;
  leads: LeadRef[];
  /** When an owner opened the conversation; absent while unread. */
  readAt?: string;
}

/**
 * A message to store: `conversation` is its conversation's opaque id (conversationId), kept with it so the desk
 * finds the conversation by its URL; it is not read back with the message.
 */
export type NewMessage = Omit<ReceivedMessage, 'readAt'> & { conversation?: string };

/**
 * The opaque id of a number's conversation: the desk's URL of it, and the sender's pseudonym in the ledger. An HMAC
 * of the number (E.164) under ERASURE_KEY, 32 hex characters: the same for every message of a number, and the
 * number cannot be found from it by trying every phone number without the key. Kept with each message (D1 and
 * Firestore alike) rather than random, so it needs no table of its own and every message knows its conversation.
 */
export async function conversationId(phone: string, secret: string): Promise<string> {
  return keyedHash(secret, phone, 16);
}

/** What a conversation id looks like (anything else is no conversation). */
export const CONVERSATION_ID = /^[0-9a-f]{32}$/;

/**
 * The received messages' port, on the lead store (D1 locally, Firestore in production): both adapters
 * behave the same (tests/store/conversations/conversation-store.contract.test.ts).
 */
export interface ConversationStore {
  /** Stores a message once by its id: a repeat answers `created: false` and changes nothing. */
  receive(message: NewMessage): Promise<{ created: boolean }>;
  /** One message by its id, or null. */
  message(id: string): Promise<ReceivedMessage | null>;
  /** A message of the conversation with this opaque id (conversationId), or null. */
  ofConversation(conversation: string): Promise<ReceivedMessage | null>;
  /** Every message from a number, oldest first. */
  from(phone: string): Promise<ReceivedMessage[]>;
  /** Marks a number's unread messages read at `at`; answers how many were unread. */
  markRead(phone: string, at: string): Promise<number>;
  /** Unread messages, newest first, at most `limit`. */
  unread(limit: number): Promise<ReceivedMessage[]>;
  /** The newest messages of any number, newest first, at most `limit`. */
  latest(limit: number): Promise<ReceivedMessage[]>;
  /** A number (E.164) a message with this user id was stored under, or null when none was. */
  numberOf(userId: string): Promise<string | null>;
  /**
   * Moves every message stored under address `from` (a user id) to address `to` (their number) and its
   * conversation id; answers how many moved.
   */
  rekey(from: string, to: string, conversation: string): Promise<number>;
  /** Deletes every message from a number; answers how many there were. */
  erase(phone: string): Promise<number>;
  /** Deletes up to `limit` messages sent before `before`, oldest first; answers how many went. */
  pruneBefore(before: string, limit: number): Promise<number>;
}
