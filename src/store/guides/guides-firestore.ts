import { FirestoreStore, type Document } from '../firestore/firestore-client';
import { MAX_READ, guarded } from '../firestore/firestore-guard';
import { allOf, fieldFilter, inRange, whereEqual } from '../firestore/firestore-queries';
import { plain } from '../leads/firestore/leads-firestore-documents';
import type { GuideCounts, GuideRequestRecord, GuideStore } from './guides';

/**
 * One document per request, its id the request's own (base64url, so a valid document id), created once. Its
 * confirmation is a second document of the same collection, `<id>.confirmed`, created once with an `exists: false`
 * precondition: of two openings of the link at once only one creates it, and only that one is `first`. The request's
 * document then carries the confirmation too (copied from the marker, so a failure between the two is mended by the
 * next opening), and every read takes it from there. A marker has no address and no time of asking, so no query of
 * the requests finds it.
 */
export const GUIDE_REQUESTS_COLLECTION = 'guide_requests';

const markerId = (id: string) => `${id}.confirmed`;

const fieldsOf = (r: GuideRequestRecord) => ({
  requestId: r.id,
  guide: r.guide,
  email: r.email,
  source: r.source,
  requestedAt: r.requestedAt,
  confirmed: r.confirmedAt !== undefined,
  ...(r.subscriptionId !== undefined && { subscriptionId: r.subscriptionId }),
  downloads: r.downloads,
  record: JSON.stringify(r),
});

const requestOf = (doc: Document) =>
  JSON.parse(String(plain(doc.fields?.record ?? { stringValue: '{}' }))) as GuideRequestRecord;

const newestFirst = (a: GuideRequestRecord, b: GuideRequestRecord) =>
  b.requestedAt.localeCompare(a.requestedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Guide requests in Firestore. Every query is one equality or one range on its own field, except the prune's
 * (confirmed, then requestedAt: its composite index is in firestore.indexes.json); the rest is filtered and sorted
 * here. A download is counted by reading and writing the document: two downloads at the very same moment may count
 * as one.
 */
export class FirestoreGuideStore extends FirestoreStore implements GuideStore {
  create(r: GuideRequestRecord): Promise<boolean> {
    return guarded('store a guide request', () => this.client.create(GUIDE_REQUESTS_COLLECTION, r.id, fieldsOf(r), []));
  }

  async get(id: string): Promise<GuideRequestRecord | null> {
    const doc = await guarded('read a guide request', () => this.client.get(GUIDE_REQUESTS_COLLECTION, id));
    return doc?.fields?.requestId ? requestOf(doc) : null;
  }

  async latestSince(email: string, guide: string, since: string): Promise<GuideRequestRecord | null> {
    const mine = await this.forEmail(email);
    return mine.find((r) => r.guide === guide && r.requestedAt >= since) ?? null;
  }

  async confirm(id: string, at: string, subscriptionId?: string) {
    return guarded('confirm a guide request', async () => {
      const doc = await this.client.get(GUIDE_REQUESTS_COLLECTION, id);
      if (!doc?.fields?.requestId) return null;
      const mark = { of: id, confirmedAt: at, ...(subscriptionId !== undefined && { subscriptionId }) };
      const first = await this.client.create(GUIDE_REQUESTS_COLLECTION, markerId(id), mark, []);
      // A later opening takes the confirmation the first one kept, whatever it was given itself.
      const held = first ? null : await this.client.get(GUIDE_REQUESTS_COLLECTION, markerId(id));
      const marker = held ? markOf(held) : mark;
      const stored = requestOf(doc);
      const request: GuideRequestRecord = {
        ...stored,
        confirmedAt: marker.confirmedAt,
        ...(marker.subscriptionId !== undefined && { subscriptionId: marker.subscriptionId }),
      };
      if (stored.confirmedAt !== request.confirmedAt || stored.subscriptionId !== request.subscriptionId)
        await this.client.set(GUIDE_REQUESTS_COLLECTION, id, fieldsOf(request));
      return { request, first };
    });
  }

  async countDownload(id: string, at: string): Promise<void> {
    await guarded('count a guide download', async () => {
      const doc = await this.client.get(GUIDE_REQUESTS_COLLECTION, id);
      if (!doc?.fields?.requestId) return;
      const r = requestOf(doc);
      if (r.confirmedAt === undefined) return;
      await this.client.set(
        GUIDE_REQUESTS_COLLECTION,
        id,
        fieldsOf({ ...r, downloads: r.downloads + 1, lastDownloadAt: at }),
      );
    });
  }

  async forEmail(email: string): Promise<GuideRequestRecord[]> {
    return (await this.equal('email', email)).map(requestOf).sort(newestFirst);
  }

  async forSubscription(subscriptionId: string): Promise<GuideRequestRecord[]> {
    const docs = await this.equal('subscriptionId', subscriptionId);
    return docs
      .filter((d) => d.fields?.requestId)
      .map(requestOf)
      .sort(newestFirst);
  }

  async counts(from: string, to: string): Promise<GuideCounts[]> {
    const docs = await guarded('count the guide requests', () =>
      this.client.query({
        from: [{ collectionId: GUIDE_REQUESTS_COLLECTION }],
        where: inRange('requestedAt', { stringValue: from }, { stringValue: to }),
        limit: MAX_READ * 10,
      }),
    );
    const bySource = new Map<string, GuideCounts>();
    for (const r of docs.map(requestOf)) {
      const key = JSON.stringify([r.source, r.guide]);
      const row = bySource.get(key) ?? {
        source: r.source,
        guide: r.guide,
        requests: 0,
        confirmations: 0,
        downloads: 0,
      };
      row.requests += 1;
      if (r.confirmedAt !== undefined) row.confirmations += 1;
      row.downloads += r.downloads;
      bySource.set(key, row);
    }
    return [...bySource.values()].sort(
      (a, b) => b.requests - a.requests || a.source.localeCompare(b.source) || a.guide.localeCompare(b.guide),
    );
  }

  async eraseEmail(email: string): Promise<number> {
    const docs = await this.equal('email', email);
    return this.erase('erase an address’s guide requests', docs.map(requestOf));
  }

  async prune(unconfirmedBefore: string, confirmedBefore: string): Promise<number> {
    const [unconfirmed, confirmed] = await Promise.all([
      this.olderThan(false, unconfirmedBefore),
      this.olderThan(true, confirmedBefore),
    ]);
    return this.erase('forget old guide requests', [...unconfirmed, ...confirmed].map(requestOf));
  }

  /** The oldest requests, confirmed or not, made before `before` (the composite index confirmed + requestedAt). */
  private olderThan(confirmed: boolean, before: string): Promise<Document[]> {
    return guarded('read old guide requests', () =>
      this.client.query({
        from: [{ collectionId: GUIDE_REQUESTS_COLLECTION }],
        where: allOf(
          fieldFilter('confirmed', 'EQUAL', { booleanValue: confirmed }),
          fieldFilter('requestedAt', 'LESS_THAN', { stringValue: before }),
        ),
        orderBy: [{ field: { fieldPath: 'requestedAt' }, direction: 'ASCENDING' }],
        limit: MAX_READ,
      }),
    );
  }

  /** Deletes each request with its confirmation marker; how many requests. */
  private erase(what: string, requests: GuideRequestRecord[]): Promise<number> {
    return guarded(what, async () => {
      let erased = 0;
      for (const r of requests) {
        await this.client.delete(GUIDE_REQUESTS_COLLECTION, markerId(r.id));
        if (await this.client.delete(GUIDE_REQUESTS_COLLECTION, r.id)) erased += 1;
      }
      return erased;
    });
  }

  private equal(field: string, value: string): Promise<Document[]> {
    return guarded('read the guide requests', () =>
      this.client.query(whereEqual(GUIDE_REQUESTS_COLLECTION, field, { stringValue: value })),
    );
  }
}

function markOf(doc: Document) {
  const f = Object.fromEntries(Object.entries(doc.fields ?? {}).map(([k, v]) => [k, plain(v)]));
  return {
    confirmedAt: String(f.confirmedAt),
    ...(f.subscriptionId !== undefined && { subscriptionId: String(f.subscriptionId) }),
  };
}
