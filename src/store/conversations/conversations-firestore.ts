import type { ConversationStore, LeadRef, NewMessage, ReceivedMessage } from './conversations';
import { FirestoreClient, type Document, type FirestoreSettings, type Value } from '../firestore/firestore-client';
import { guarded, hashedId } from '../firestore/firestore-guard';
import { oldestBefore, whereEqual } from '../firestore/firestore-queries';
import { present } from '../present';

/** The collection of received messages; each document's id is the SHA-256 of the wamid (which may hold `/`). */
export const MESSAGES_COLLECTION = 'whatsapp_messages';

/**
 * Received messages in Firestore. A message is created with an `exists: false` precondition, so a repeat
 * changes nothing; `unread` (a boolean, cleared when an owner opens the conversation) and `phone` are
 * single-field equality queries, and the newest-first listing orders on one field: no composite index.
 */
export class FirestoreConversationStore implements ConversationStore {
  private readonly client: FirestoreClient;

  constructor(settings: FirestoreSettings) {
    this.client = new FirestoreClient(settings);
  }

  async receive(m: NewMessage): Promise<{ created: boolean }> {
    const fields: Record<string, unknown> = {
      messageId: m.id,
      phone: m.phone,
      at: new Date(m.at),
      type: m.type,
      leads: m.leads.map((l) => ({ kind: l.kind, id: l.id })),
      unread: true,
      ...present({
        text: m.text,
        mediaId: m.mediaId,
        profileName: m.profileName,
        contextId: m.contextId,
        conversation: m.conversation,
        userId: m.userId,
        username: m.username,
      }),
    };
    const id = await docId(m.id);
    const created = await guarded('store a message', () =>
      this.client.create(MESSAGES_COLLECTION, id, fields, ['storedAt']),
    );
    return { created };
  }

  async message(id: string): Promise<ReceivedMessage | null> {
    const doc = await guarded('read a message', async () => this.client.get(MESSAGES_COLLECTION, await docId(id)));
    return doc ? fromDocument(doc) : null;
  }

  async ofConversation(conversation: string): Promise<ReceivedMessage | null> {
    const docs = await guarded('find a conversation', () =>
      this.client.query({ ...where('conversation', { stringValue: conversation }), limit: 1 }),
    );
    return docs[0] ? fromDocument(docs[0]) : null;
  }

  async from(phone: string): Promise<ReceivedMessage[]> {
    const docs = await guarded('read a conversation', () => this.client.query(where('phone', { stringValue: phone })));
    return docs.map(fromDocument).sort(oldestFirst);
  }

  async markRead(phone: string, at: string): Promise<number> {
    const unread = (await this.from(phone)).filter((m) => !m.readAt);
    await guarded('mark a conversation read', async () => {
      for (const m of unread) {
        await this.client.patch(MESSAGES_COLLECTION, await docId(m.id), {
          unread: { booleanValue: false },
          readAt: { timestampValue: at },
        });
      }
    });
    return unread.length;
  }

  async unread(limit: number): Promise<ReceivedMessage[]> {
    const docs = await guarded('read unread messages', () =>
      this.client.query(where('unread', { booleanValue: true })),
    );
    return docs.map(fromDocument).sort(oldestFirst).reverse().slice(0, limit);
  }

  async latest(limit: number): Promise<ReceivedMessage[]> {
    const docs = await guarded('read the latest messages', () =>
      this.client.query({
        from: [{ collectionId: MESSAGES_COLLECTION }],
        orderBy: [
          { field: { fieldPath: 'at' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        limit,
      }),
    );
    return docs.map(fromDocument).sort(oldestFirst).reverse();
  }

  async pruneBefore(before: string, limit: number): Promise<number> {
    const docs = await guarded('find old messages', () =>
      this.client.query(oldestBefore(MESSAGES_COLLECTION, 'at', before, limit)),
    );
    const old = docs.map(fromDocument);
    await guarded('delete old messages', async () => {
      for (const m of old) await this.client.delete(MESSAGES_COLLECTION, await docId(m.id));
    });
    return old.length;
  }

  async numberOf(userId: string): Promise<string | null> {
    const docs = await guarded('find a user id', () => this.client.query(where('userId', { stringValue: userId })));
    return docs.map(fromDocument).find((m) => m.phone.startsWith('+'))?.phone ?? null;
  }

  async rekey(from: string, to: string, conversation: string): Promise<number> {
    let moved = 0;
    // A query reads at most MAX_READ: move page by page until none is left under `from`.
    for (let page = await this.from(from); page.length > 0; page = await this.from(from)) {
      await guarded('move a conversation', async () => {
        for (const m of page) {
          await this.client.patch(MESSAGES_COLLECTION, await docId(m.id), {
            phone: { stringValue: to },
            conversation: { stringValue: conversation },
          });
        }
      });
      moved += page.length;
    }
    return moved;
  }

  async erase(phone: string): Promise<number> {
    let erased = 0;
    // A query reads at most MAX_READ: erase page by page until none is left.
    for (let page = await this.from(phone); page.length > 0; page = await this.from(phone)) {
      await guarded('erase a conversation', async () => {
        for (const m of page) await this.client.delete(MESSAGES_COLLECTION, await docId(m.id));
      });
      erased += page.length;
    }
    return erased;
  }
}

const where = (field: string, value: Value) => whereEqual(MESSAGES_COLLECTION, field, value);

const oldestFirst = (a: ReceivedMessage, b: ReceivedMessage) =>
  a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? -1 : 1;

const docId = hashedId;

function fromDocument(doc: Document): ReceivedMessage {
  const f = doc.fields ?? {};
  const text = (name: string) => (f[name]?.stringValue as string | undefined) ?? undefined;
  const time = (name: string) => {
    const v = f[name]?.timestampValue as string | undefined;
    return v === undefined ? undefined : new Date(v).toISOString();
  };
  const leads = ((f.leads?.arrayValue as { values?: Value[] } | undefined)?.values ?? []).map((v) => {
    const map = (v.mapValue as { fields?: Record<string, Value> }).fields ?? {};
    return { kind: map.kind?.stringValue, id: map.id?.stringValue } as LeadRef;
  });
  return {
    id: text('messageId') ?? '',
    phone: text('phone') ?? '',
    at: time('at') ?? '',
    type: text('type') ?? '',
    ...present({
      text: text('text'),
      mediaId: text('mediaId'),
      profileName: text('profileName'),
      userId: text('userId'),
      username: text('username'),
      contextId: text('contextId'),
    }),
    leads,
    ...present({ readAt: time('readAt') }),
  };
}
