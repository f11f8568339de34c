import { readConfig, type Env } from '../env';
import type { LeadKind } from './lead';
import { D1ConversationStore } from './conversations-d1';
import { FirestoreConversationStore } from './conversations-firestore';

/** A lead a message is linked to (every lead with the sender's number when it arrived). */
export interface LeadRef {
  kind: LeadKind;
  id: string;
}

/** One message a visitor wrote to the business number, as stored. */
export interface ReceivedMessage {
  /** Meta's wamid: the message is stored once by it. */
  id: string;
  /** The sender, E.164. */
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
  leads: LeadRef[];
  /** When an owner opened the conversation; absent while unread. */
  readAt?: string;
}

export type NewMessage = Omit<ReceivedMessage, 'readAt'>;

/**
 * The received messages' port, on the lead store (D1 locally, Firestore in production): both adapters
 * behave the same (tests/conversation-store.contract.test.ts).
 */
export interface ConversationStore {
  /** Stores a message once by its id: a repeat answers `created: false` and changes nothing. */
  receive(message: NewMessage): Promise<{ created: boolean }>;
  /** One message by its id, or null. */
  message(id: string): Promise<ReceivedMessage | null>;
  /** Every message from a number, oldest first. */
  from(phone: string): Promise<ReceivedMessage[]>;
  /** Marks a number's unread messages read at `at`; answers how many were unread. */
  markRead(phone: string, at: string): Promise<number>;
  /** Unread messages, newest first, at most `limit`. */
  unread(limit: number): Promise<ReceivedMessage[]>;
  /** The newest messages of any number, newest first, at most `limit`. */
  latest(limit: number): Promise<ReceivedMessage[]>;
  /** Deletes every message from a number; answers how many there were. */
  erase(phone: string): Promise<number>;
  /** Deletes up to `limit` messages sent before `before`, oldest first; answers how many went. */
  pruneBefore(before: string, limit: number): Promise<number>;
}

/** The adapter of the lead store in use (the same choice as getLeadStore). */
export function getConversationStore(env: Env): ConversationStore {
  const config = readConfig(env);
  if (config.leads.store === 'd1') return new D1ConversationStore(env.DB);
  const firestore = config.firestore;
  switch (firestore.mode) {
    case 'credentials':
      return new FirestoreConversationStore(firestore);
    case 'emulator':
      return new FirestoreConversationStore({
        projectId: firestore.projectId,
        emulator: { host: firestore.host, port: firestore.port },
      });
    case 'off':
      throw new Error('Firestore is the lead store but is not configured.');
  }
}

/** What a person's export holds of their conversation: every message they sent and whether it was read. */
export interface ConversationExport {
  phone: string;
  messages: ReceivedMessage[];
  readState: { unread: number; lastReadAt: string | null };
}

/** Every message received from a number (E.164), with the conversation's read state: for a person's export. */
export async function exportConversation(env: Env, phone: string): Promise<ConversationExport> {
  const messages = await getConversationStore(env).from(phone);
  const reads = messages.flatMap((m) => (m.readAt ? [m.readAt] : [])).sort();
  return {
    phone,
    messages,
    readState: { unread: messages.filter((m) => !m.readAt).length, lastReadAt: reads.at(-1) ?? null },
  };
}

/** Erases every message received from a number (E.164) and its read state; answers how many messages went. */
export async function eraseConversation(env: Env, phone: string): Promise<number> {
  return getConversationStore(env).erase(phone);
}
