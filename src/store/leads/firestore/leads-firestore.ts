import { BOOKABLE_KINDS, COLLECTIONS, KINDS, type Lead, type LeadKind } from '../lead';
import { corrected } from '../correction';
import { LeadStoreError } from '../../lead-store-error';
import { errorMessage } from '../../../log';
import type { LeadStore, SaveResult } from '../port';
import { fingerprintOf, sameSubmission } from '../lead-fingerprint';
import { mergePages, soonestFirst, type LeadChange, type LeadPage, type LeadQuery, type LeadRecord } from '../listing';
import { LAST_CONTACT, documentFor, fromDocument } from './leads-firestore-documents';
import { getDocument, queryBookingRef, queryDated, queryExpired, queryKind } from './leads-firestore-reads';
import { patchContact, patchDesk, patchSearch, patchUnsubscribed } from './leads-firestore-writes';
import {
  FirestoreStore,
  FirestoreClient,
  FirestoreError,
  type FirestoreSettings,
} from '../../firestore/firestore-client';

export type { FirestoreSettings };

/** A form submission should not wait longer than this on the database. */
const DEFAULT_TIMEOUT_MS = 8_000;

/**
 * The production store: Firestore over REST. The submission id is the document id; the arrival time is
 * Firestore's own (the REQUEST_TIME transform). Every call runs under one deadline and fails as a
 * LeadStoreError.
 */
export class FirestoreLeadStore extends FirestoreStore implements LeadStore {
  constructor(
    settings: FirestoreSettings,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    super(settings);
  }

  /**
   * One commit whose precondition is that the document does not exist yet, so two concurrent saves of
   * one submission store one document: the loser is answered "already stored", like the first time, when
   * the stored document is the same submission (sameSubmission), and `conflict` when it holds another body.
   */
  async save(lead: Lead): Promise<SaveResult> {
    const { collection, timeField } = KINDS[lead.kind];
    return this.guard(`store ${collection}/${lead.id}`, async (client) => {
      const document = documentFor(lead, await fingerprintOf(lead));
      if (await client.create(collection, lead.id, document, [timeField, LAST_CONTACT])) {
        return { created: true };
      }
      const doc = await client.get(collection, lead.id);
      if (!doc) return { created: false };
      const fingerprint = doc.fields?.bodyHash?.stringValue;
      const stored = fromDocument(lead.kind, doc);
      const same = await sameSubmission(lead, {
        ...(typeof fingerprint === 'string' && { fingerprint }),
        lead: stored,
      });
      if (!same) return { created: false, conflict: true };
      return { created: false, ...(stored.bookingRef && { bookingRef: stored.bookingRef }) };
    });
  }

  async list(query: LeadQuery): Promise<LeadPage> {
    return this.guard('list leads', (client) =>
      mergePages(query, (kind, after, limit) => queryKind(client, kind, query, after, limit)),
    );
  }

  async get(kind: LeadKind, id: string): Promise<LeadRecord | null> {
    return this.guard(`read ${COLLECTIONS[kind]}/${id}`, (client) => getDocument(client, kind, id));
  }

  async findByBookingRef(ref: string): Promise<LeadRecord | null> {
    return this.guard('find a lead by its booking reference', (client) => queryBookingRef(client, ref));
  }

  async update(kind: LeadKind, id: string, change: LeadChange): Promise<LeadRecord | null> {
    return this.guard(`update ${COLLECTIONS[kind]}/${id}`, async (client) => {
      if ('correction' in change) {
        const record = await getDocument(client, kind, id);
        if (!record) return null;
        const { lead, fields } = corrected(record, change.correction);
        if (fields.length === 0) return record;
        return (await patchContact(client, lead, fields, change.by, change.at)) ? getDocument(client, kind, id) : null;
      }
      return (await patchDesk(client, kind, id, change)) ? getDocument(client, kind, id) : null;
    });
  }

  async refreshSearch(lead: LeadRecord): Promise<void> {
    await this.guard(`refresh the search words of ${COLLECTIONS[lead.kind]}/${lead.id}`, (client) =>
      patchSearch(client, lead),
    );
  }

  async dated(limit: number, from?: string): Promise<LeadRecord[]> {
    return this.guard('list the leads with a next date', async (client) => {
      const found = await Promise.all(BOOKABLE_KINDS.map((kind) => queryDated(client, kind, limit, from)));
      return soonestFirst(found.flat()).slice(0, limit);
    });
  }

  async erase(kind: LeadKind, id: string): Promise<boolean> {
    return this.guard(`erase ${COLLECTIONS[kind]}/${id}`, (client) => client.delete(COLLECTIONS[kind], id));
  }

  async expired(kind: LeadKind, before: string, limit: number): Promise<string[]> {
    return this.guard(`find expired ${COLLECTIONS[kind]}`, (client) => queryExpired(client, kind, before, limit));
  }

  /**
   * Reads first, so an unsubscribed subscription keeps its first time; two unsubscribes racing may both
   * write, each with its own time, which only moves the time by the moments between them.
   */
  async markUnsubscribed(id: string, at: string): Promise<LeadRecord | null> {
    return this.guard(`unsubscribe ${COLLECTIONS.newsletter}/${id}`, async (client) => {
      const record = await getDocument(client, 'newsletter', id);
      if (!record || record.unsubscribedAt) return record;
      return (await patchUnsubscribed(client, id, at)) ? getDocument(client, 'newsletter', id) : null;
    });
  }

  /** Runs a call under the deadline; any failure becomes a LeadStoreError (permanent when retrying cannot help). */
  private async guard<T>(what: string, work: (client: FirestoreClient) => Promise<T>): Promise<T> {
    try {
      return await withDeadline(work(this.client), this.timeoutMs);
    } catch (err) {
      throw new LeadStoreError(`Firestore could not ${what}: ${errorMessage(err)}`, {
        cause: err,
        permanent: err instanceof FirestoreError && err.permanent,
      });
    }
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeadStoreError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
