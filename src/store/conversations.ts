import type { Env } from '../env';
import { databaseOf } from './database';
import { keyedHash } from './keyed-hash';
import type { LeadKind } from './lead';
import { D1ConversationStore } from './conversations-d1';
import { FirestoreConversationStore } from './conversations-firestore';
import { eraseMedia, mediaOf, type MediaKind, type MediaStatus } from './media';
import { getConversationStateStore, type ConversationState } from './conversation-state';

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
 * behave the same (tests/conversation-store.contract.test.ts).
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

/** The adapter of the database in use (databaseOf: the same choice as getLeadStore). */
export function getConversationStore(env: Env): ConversationStore {
  const database = databaseOf(env);
  return database.name === 'd1'
    ? new D1ConversationStore(database.db)
    : new FirestoreConversationStore(database.settings);
}

/** An attachment in a person's export: what it was, never its bytes. */
export interface MediaExport {
  type: MediaKind;
  voiceNote: boolean;
  mimeType: string | null;
  size: number | null;
  filename: string | null;
  caption: string | null;
  at: string;
  status: MediaStatus;
}

/**
 * What a person's export holds of their conversation: every message they sent (with the WhatsApp user id and
 * username it carried), whether it was read, and the attachments they sent (when there are any): type, size, name,
 * caption and when, not the files themselves.
 */
export interface ConversationExport {
  phone: string;
  messages: ReceivedMessage[];
  readState: { unread: number; lastReadAt: string | null };
  media?: MediaExport[];
  /** The owners' "Done", status and note of the conversation, when they set any. */
  ownersState?: ConversationState;
  /** Until when each owner has read it (owner → ISO time), when any has. */
  readByOwners?: Record<string, string>;
}

/**
 * A person's addresses: their own (a number, E.164, or a WhatsApp user id) and the user ids their messages carry,
 * under which messages and attachments written before the two were seen together are still kept.
 */
export function addressesOf(phone: string, messages: Pick<ReceivedMessage, 'userId'>[]): string[] {
  return [...new Set([phone, ...messages.flatMap((m) => (m.userId ? [m.userId] : []))])];
}

/** Every message a person sent, under any of their addresses (addressesOf), oldest first. */
async function messagesOf(store: ConversationStore, phone: string): Promise<ReceivedMessage[]> {
  const own = await store.from(phone);
  const userIds = addressesOf(phone, own).filter((a) => a !== phone);
  const more = (await Promise.all(userIds.map((id) => store.from(id)))).flat();
  return [...own, ...more].sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at.localeCompare(b.at)));
}

/** Every message a person sent (messagesOf), with the conversation's read state: for a person's export. */
export async function exportConversation(env: Env, phone: string): Promise<ConversationExport> {
  const store = getConversationStore(env);
  const messages = await messagesOf(store, phone);
  const attachments = await mediaOf(env, addressesOf(phone, messages));
  const reads = messages.flatMap((m) => (m.readAt ? [m.readAt] : [])).sort();
  const captions = new Map(messages.map((m) => [m.id, m.text ?? null]));
  const media = attachments.map((a): MediaExport => ({
    type: a.kind,
    voiceNote: a.voice,
    mimeType: a.mimeType ?? null,
    size: a.size ?? null,
    filename: a.filename ?? null,
    caption: captions.get(a.messageId) ?? null,
    at: a.at,
    status: a.status,
  }));
  const states = getConversationStateStore(env);
  const ownersState = await states.state(phone);
  const readByOwners = Object.fromEntries(await states.readsOf(phone));
  return {
    phone,
    messages,
    readState: { unread: messages.filter((m) => !m.readAt).length, lastReadAt: reads.at(-1) ?? null },
    ...(media.length > 0 && { media }),
    ...(ownersState && { ownersState }),
    ...(Object.keys(readByOwners).length > 0 && { readByOwners }),
  };
}

/**
 * Erases every message a person sent (messagesOf: those kept under a user id their number's messages carry too),
 * its read state (each owner's read marks), the owners' state of it (done, status, note) and its attachments (rows and R2 objects, first: an attachment never outlives its message);
 * answers how many messages went.
 */
export async function eraseConversation(env: Env, phone: string): Promise<number> {
  const store = getConversationStore(env);
  const addresses = addressesOf(phone, await messagesOf(store, phone));
  let erased = 0;
  for (const address of addresses) {
    await eraseMedia(env, address);
    await getConversationStateStore(env).erase(address);
    erased += await store.erase(address);
  }
  return erased;
}
