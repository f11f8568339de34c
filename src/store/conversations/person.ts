// A person's conversation in the people tools: their copy of it and its erasure.
import type { Env } from '../../env';
import { eraseMedia, mediaOf } from '../media/open';
import type { MediaKind, MediaStatus } from '../media/media';
import type { ConversationState } from './conversation-state';
import type { ConversationStore, ReceivedMessage } from './conversations';
import { getConversationStateStore, getConversationStore } from './open';

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
