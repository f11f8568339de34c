import { FirestoreClient, type Document, type FirestoreSettings, type Value } from '../firestore/firestore-client';
import { guarded, hashedId } from '../firestore/firestore-guard';
import { oldestBefore, whereEqual } from '../firestore/firestore-queries';
import type { MediaItem, MediaKind, MediaOutcome, MediaStatus, MediaStore, NewMedia } from './media';
import { present } from '../present';

/** The collection of attachments; each document's id is the SHA-256 of its message's wamid (one per message). */
export const MEDIA_COLLECTION = 'whatsapp_media';

/**
 * Attachments in Firestore. Created with an `exists: false` precondition on the message's id, so a repeated
 * webhook adds none; found by our id (`key`), by `phone` and by `at`: single-field queries, no composite index.
 */
export class FirestoreMediaStore implements MediaStore {
  private readonly client: FirestoreClient;

  constructor(settings: FirestoreSettings) {
    this.client = new FirestoreClient(settings);
  }

  async add(m: NewMedia): Promise<{ created: boolean; item: MediaItem }> {
    const fields: Record<string, unknown> = {
      key: m.key,
      messageId: m.messageId,
      phone: m.phone,
      at: new Date(m.at),
      kind: m.kind,
      providerMediaId: m.providerMediaId,
      voice: m.voice,
      status: 'pending',
      ...present({ mimeType: m.mimeType, filename: m.filename }),
    };
    const id = await hashedId(m.messageId);
    const created = await guarded('store an attachment', () =>
      this.client.create(MEDIA_COLLECTION, id, fields, ['storedAt']),
    );
    const doc = await guarded('read an attachment', () => this.client.get(MEDIA_COLLECTION, id));
    return { created, item: fromDocument(doc!) };
  }

  async get(key: string): Promise<MediaItem | null> {
    const docs = await guarded('find an attachment', () =>
      this.client.query({ ...where('key', { stringValue: key }), limit: 1 }),
    );
    return docs[0] ? fromDocument(docs[0]) : null;
  }

  async settle(key: string, outcome: MediaOutcome): Promise<void> {
    const item = await this.get(key);
    if (!item) return;
    const fields: Record<string, Value> =
      outcome.status === 'stored'
        ? {
            status: { stringValue: 'stored' },
            size: { integerValue: String(outcome.size) },
            mimeType: { stringValue: outcome.mimeType },
          }
        : { status: { stringValue: 'failed' }, failure: { stringValue: outcome.failure } };
    const id = await hashedId(item.messageId);
    await guarded('settle an attachment', () => this.client.patch(MEDIA_COLLECTION, id, fields));
  }

  async from(phone: string): Promise<MediaItem[]> {
    const docs = await guarded('read attachments', () => this.client.query(where('phone', { stringValue: phone })));
    return docs.map(fromDocument).sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? -1 : 1));
  }

  async erase(phone: string): Promise<string[]> {
    const keys: string[] = [];
    // A query reads at most MAX_READ: erase page by page until none is left.
    for (let page = await this.from(phone); page.length > 0; page = await this.from(phone)) {
      await this.remove(page, 'erase attachments');
      keys.push(...page.map((m) => m.key));
    }
    return keys;
  }

  async pruneBefore(before: string, limit: number): Promise<string[]> {
    const docs = await guarded('find old attachments', () =>
      this.client.query(oldestBefore(MEDIA_COLLECTION, 'at', before, limit)),
    );
    const old = docs.map(fromDocument);
    await this.remove(old, 'delete old attachments');
    return old.map((m) => m.key);
  }

  private async remove(items: MediaItem[], what: string): Promise<void> {
    await guarded(what, async () => {
      for (const m of items) await this.client.delete(MEDIA_COLLECTION, await hashedId(m.messageId));
    });
  }
}

const where = (field: string, value: Value) => whereEqual(MEDIA_COLLECTION, field, value);

function fromDocument(doc: Document): MediaItem {
  const f = doc.fields ?? {};
  const text = (name: string) => (f[name]?.stringValue as string | undefined) ?? undefined;
  const at = f.at?.timestampValue as string | undefined;
  const size = f.size?.integerValue as string | undefined;
  return {
    key: text('key') ?? '',
    messageId: text('messageId') ?? '',
    phone: text('phone') ?? '',
    at: at === undefined ? '' : new Date(at).toISOString(),
    kind: (text('kind') ?? 'document') as MediaKind,
    providerMediaId: text('providerMediaId') ?? '',
    voice: f.voice?.booleanValue === true,
    status: (text('status') ?? 'pending') as MediaStatus,
    ...present({ mimeType: text('mimeType'), filename: text('filename'), failure: text('failure') }),
    ...(size !== undefined && { size: Number(size) }),
  };
}
