import {
  applyChange,
  type ConversationState,
  type ConversationStateStore,
  type StateChange,
} from './conversation-state';
import { FirestoreClient, type Document, type FirestoreSettings } from '../firestore/firestore-client';
import { guarded, hashedId } from '../firestore/firestore-guard';
import { fieldFilter, whereEqual } from '../firestore/firestore-queries';
import type { FollowUpStatus } from '../leads/listing';
import { present } from '../present';

/** Each owner's read mark of a conversation: one document per address and owner (its id a hash of both). */
export const READS_COLLECTION = 'conversation_reads';
/** The owners' state of a conversation: one document per address (its id a hash of it). */
export const STATES_COLLECTION = 'conversation_states';

/**
 * Read marks and conversation states in Firestore. Times are ISO strings (they sort as text); every query is an
 * equality or a range on one field, so single-field indexes serve them.
 */
export class FirestoreConversationStateStore implements ConversationStateStore {
  private readonly client: FirestoreClient;

  constructor(settings: FirestoreSettings) {
    this.client = new FirestoreClient(settings);
  }

  async markRead(address: string, owner: string, at: string): Promise<void> {
    const id = await hashedId(`${address}\n${owner}`);
    await guarded('mark a conversation read', async () => {
      const doc = await this.client.get(READS_COLLECTION, id);
      const before = doc?.fields?.readAt?.stringValue as string | undefined;
      if (before !== undefined && before >= at) return;
      await this.client.set(READS_COLLECTION, id, { address, owner, readAt: at });
    });
  }

  async readsOf(address: string): Promise<Map<string, string>> {
    const docs = await guarded('read who read a conversation', () =>
      this.client.query(whereEqual(READS_COLLECTION, 'address', { stringValue: address })),
    );
    return new Map(docs.map((d) => [text(d, 'owner') ?? '', text(d, 'readAt') ?? '']));
  }

  async readsAmong(addresses: string[]): Promise<Map<string, Map<string, string>>> {
    const found = await Promise.all(addresses.map(async (a) => [a, await this.readsOf(a)] as const));
    return new Map(found.filter(([, reads]) => reads.size > 0));
  }

  async state(address: string): Promise<ConversationState | null> {
    const doc = await guarded('read a conversation state', async () =>
      this.client.get(STATES_COLLECTION, await hashedId(address)),
    );
    return doc ? fromDocument(doc) : null;
  }

  async states(addresses: string[]): Promise<Map<string, ConversationState>> {
    const found = await Promise.all(addresses.map(async (a) => [a, await this.state(a)] as const));
    return new Map(found.flatMap(([a, s]) => (s ? [[a, s] as const] : [])));
  }

  async change(address: string, change: StateChange): Promise<ConversationState> {
    const next = applyChange(await this.state(address), change);
    await guarded('change a conversation state', async () =>
      this.client.set(STATES_COLLECTION, await hashedId(address), { address, ...next, updatedAt: change.at }),
    );
    return next;
  }

  async erase(address: string): Promise<number> {
    const reads = await guarded('read who read a conversation', () =>
      this.client.query(whereEqual(READS_COLLECTION, 'address', { stringValue: address })),
    );
    return guarded('erase a conversation state', async () => {
      let erased = 0;
      for (const d of reads) if (await this.client.delete(READS_COLLECTION, idOf(d))) erased += 1;
      if (await this.client.delete(STATES_COLLECTION, await hashedId(address))) erased += 1;
      return erased;
    });
  }

  async pruneBefore(before: string, limit: number): Promise<number> {
    let pruned = 0;
    for (const [collection, field] of [
      [READS_COLLECTION, 'readAt'],
      [STATES_COLLECTION, 'updatedAt'],
    ] as const) {
      const docs = await guarded('find old conversation marks', () =>
        this.client.query({
          from: [{ collectionId: collection }],
          where: fieldFilter(field, 'LESS_THAN', { stringValue: before }),
          limit,
        }),
      );
      await guarded('delete old conversation marks', async () => {
        for (const d of docs) if (await this.client.delete(collection, idOf(d))) pruned += 1;
      });
    }
    return pruned;
  }
}

const text = (doc: Document, name: string) => (doc.fields?.[name]?.stringValue as string | undefined) ?? undefined;

/** A document's own id: the last segment of its name. */
const idOf = (doc: Document) => doc.name.split('/').at(-1) ?? '';

function fromDocument(doc: Document): ConversationState {
  return present({
    doneAt: text(doc, 'doneAt'),
    doneBy: text(doc, 'doneBy'),
    doneThrough: text(doc, 'doneThrough'),
    status: text(doc, 'status') as FollowUpStatus | undefined,
    statusBy: text(doc, 'statusBy'),
    statusAt: text(doc, 'statusAt'),
    note: text(doc, 'note'),
    noteBy: text(doc, 'noteBy'),
    noteAt: text(doc, 'noteAt'),
  });
}
