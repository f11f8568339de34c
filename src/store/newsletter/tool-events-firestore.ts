import { FirestoreStore, type Document } from '../firestore/firestore-client';
import { createHashed, guarded } from '../firestore/firestore-guard';
import { whereEqual } from '../firestore/firestore-queries';
import { plain } from '../leads/firestore/leads-firestore-documents';
import type { ToolEvent, ToolEventStore } from './tool-events';

/**
 * One document per event the newsletter tool reported, its id the SHA-256 of `<tool>:<eventId>`, created with an
 * `exists: false` precondition: a repeated delivery of the same event writes nothing.
 */
export const TOOL_EVENTS_COLLECTION = 'newsletter_tool_events';

const eventOf = (doc: Document): ToolEvent => {
  const f = Object.fromEntries(Object.entries(doc.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  return {
    tool: f.tool as ToolEvent['tool'],
    eventId: String(f.eventId),
    email: String(f.email),
    kind: f.kind as ToolEvent['kind'],
    occurredAt: String(f.occurredAt),
    receivedAt: String(f.receivedAt),
  };
};

/** Newest first by when the tool says it happened, then by when it arrived (as D1's ORDER BY). */
const newestFirst = (a: ToolEvent, b: ToolEvent) =>
  b.occurredAt.localeCompare(a.occurredAt) || b.receivedAt.localeCompare(a.receivedAt);

/**
 * The newsletter tool's events in Firestore. Every read is one equality on the address (its single-field index),
 * sorted here: an address has a handful of events.
 */
export class FirestoreToolEventStore extends FirestoreStore implements ToolEventStore {
  record(e: ToolEvent): Promise<boolean> {
    const fields = { ...e };
    return createHashed(this.client, 'keep a newsletter tool event', TOOL_EVENTS_COLLECTION, keyOf(e), fields);
  }

  async latestFor(email: string): Promise<ToolEvent | null> {
    return (await this.forEmail(email))[0] ?? null;
  }

  async forEmail(email: string): Promise<ToolEvent[]> {
    return (await this.ofEmail(email)).map(eventOf).sort(newestFirst);
  }

  async eraseEmail(email: string): Promise<number> {
    const docs = await this.ofEmail(email);
    return guarded('erase an address’s newsletter tool events', async () => {
      let erased = 0;
      for (const doc of docs) if (await this.client.delete(TOOL_EVENTS_COLLECTION, idOf(doc))) erased += 1;
      return erased;
    });
  }

  private ofEmail(email: string): Promise<Document[]> {
    return guarded('read the newsletter tool events', () =>
      this.client.query(whereEqual(TOOL_EVENTS_COLLECTION, 'email', { stringValue: email })),
    );
  }
}

const keyOf = (e: ToolEvent) => `${e.tool}:${e.eventId}`;
const idOf = (doc: Document) => doc.name.slice(doc.name.lastIndexOf('/') + 1);
