import type { ClientStore, EngagementRecord, LeadRef, TermsAcceptance, TestimonialRecord } from './clients';
import { FirestoreStore, type Document } from '../firestore/firestore-client';
import { createHashed, getHashed, guarded, hashedId, setHashed } from '../firestore/firestore-guard';
import { fieldFilter, whereEqual } from '../firestore/firestore-queries';
import { plain } from '../leads/firestore/leads-firestore-documents';

/** One document per engagement, its id the SHA-256 of the engagement's id. */
export const ENGAGEMENTS_COLLECTION = 'engagements';
/**
 * One document per terms acceptance, created once (an `exists: false` precondition) under the engagement's hashed
 * id: of two acceptances at once one is kept, and a write of the whole engagement never undoes it.
 */
export const ACCEPTANCES_COLLECTION = 'terms_acceptances';
/** One document per testimonial, its id the SHA-256 of the testimonial's id. */
export const TESTIMONIALS_COLLECTION = 'testimonials';

const leadKey = (lead: LeadRef) => `${lead.kind}/${lead.id}`;

/** Firestore has no "undefined": a field without a value is left out. */
const defined = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

const engagementFields = (e: EngagementRecord) =>
  defined({
    engagementId: e.id,
    leadKey: leadKey(e.lead),
    reference: e.reference,
    linkHash: e.link?.hash,
    paymentRequestId: e.paymentRequestId,
    validUntil: e.validUntil,
    record: JSON.stringify({ ...e, accepted: undefined }),
  });

const testimonialFields = (t: TestimonialRecord) =>
  defined({
    testimonialId: t.id,
    engagementId: t.engagementId,
    leadKey: leadKey(t.lead),
    status: t.status,
    record: JSON.stringify(t),
  });

const recordOf = <T>(doc: Document) => JSON.parse(String(plain(doc.fields?.record ?? { stringValue: '{}' }))) as T;

/** Newest first by a time, then by id (as D1's ORDER BY … DESC, id). */
function newestFirst<T extends { id: string }>(time: (record: T) => string) {
  return (a: T, b: T) => time(b).localeCompare(time(a)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Clients in Firestore. Every query is a single-field equality or one range on its own field, so no composite index
 * is needed; the rest is sorted here.
 */
export class FirestoreClientStore extends FirestoreStore implements ClientStore {
  createEngagement(e: EngagementRecord): Promise<boolean> {
    return createHashed(this.client, 'store an engagement', ENGAGEMENTS_COLLECTION, e.id, engagementFields(e));
  }

  async getEngagement(id: string): Promise<EngagementRecord | null> {
    const doc = await getHashed(this.client, 'read an engagement', ENGAGEMENTS_COLLECTION, id);
    return doc ? this.withAcceptance(doc) : null;
  }

  putEngagement(e: EngagementRecord): Promise<void> {
    return setHashed(this.client, 'store an engagement', ENGAGEMENTS_COLLECTION, e.id, engagementFields(e));
  }

  engagementByLink(hash: string): Promise<EngagementRecord | null> {
    return this.oneWhere('linkHash', hash);
  }

  engagementByReference(reference: string): Promise<EngagementRecord | null> {
    return this.oneWhere('reference', reference);
  }

  engagementByPaymentRequest(requestId: string): Promise<EngagementRecord | null> {
    return this.oneWhere('paymentRequestId', requestId);
  }

  async engagementsForLead(lead: LeadRef): Promise<EngagementRecord[]> {
    const docs = await this.equal(ENGAGEMENTS_COLLECTION, 'leadKey', leadKey(lead));
    const all = await Promise.all(docs.map((doc) => this.withAcceptance(doc)));
    return all.sort(newestFirst((e) => e.createdAt));
  }

  async validFrom(day: string, limit: number): Promise<EngagementRecord[]> {
    const docs = await guarded('read the engagements', () =>
      this.client.query({
        from: [{ collectionId: ENGAGEMENTS_COLLECTION }],
        where: fieldFilter('validUntil', 'GREATER_THAN_OR_EQUAL', { stringValue: day }),
        orderBy: [{ field: { fieldPath: 'validUntil' }, direction: 'ASCENDING' }],
        limit,
      }),
    );
    const all = await Promise.all(docs.map((doc) => this.withAcceptance(doc)));
    return all.sort((a, b) => a.validUntil.localeCompare(b.validUntil) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async accept(id: string, acceptance: TermsAcceptance): Promise<boolean> {
    const engagement = await this.getEngagement(id);
    if (!engagement) return false;
    const fields = { engagementId: id, leadKey: leadKey(engagement.lead), record: JSON.stringify(acceptance) };
    return createHashed(this.client, 'store a terms acceptance', ACCEPTANCES_COLLECTION, id, fields);
  }

  createTestimonial(t: TestimonialRecord): Promise<boolean> {
    return createHashed(this.client, 'store a testimonial', TESTIMONIALS_COLLECTION, t.id, testimonialFields(t));
  }

  async getTestimonial(id: string): Promise<TestimonialRecord | null> {
    const doc = await getHashed(this.client, 'read a testimonial', TESTIMONIALS_COLLECTION, id);
    return doc ? recordOf<TestimonialRecord>(doc) : null;
  }

  putTestimonial(t: TestimonialRecord): Promise<void> {
    return setHashed(this.client, 'store a testimonial', TESTIMONIALS_COLLECTION, t.id, testimonialFields(t));
  }

  async testimonialsFor(engagementId: string): Promise<TestimonialRecord[]> {
    const docs = await this.equal(TESTIMONIALS_COLLECTION, 'engagementId', engagementId);
    return docs.map((d) => recordOf<TestimonialRecord>(d)).sort(newestFirst((t) => t.submittedAt));
  }

  async testimonialsIn(status: TestimonialRecord['status'], limit: number): Promise<TestimonialRecord[]> {
    const docs = await this.equal(TESTIMONIALS_COLLECTION, 'status', status);
    return docs
      .map((d) => recordOf<TestimonialRecord>(d))
      .sort(newestFirst((t) => t.submittedAt))
      .slice(0, limit);
  }

  async eraseLead(lead: LeadRef): Promise<{ engagements: number; testimonials: number }> {
    const key = leadKey(lead);
    const [engagements, testimonials] = await Promise.all([
      this.equal(ENGAGEMENTS_COLLECTION, 'leadKey', key),
      this.equal(TESTIMONIALS_COLLECTION, 'leadKey', key),
    ]);
    return guarded('erase a lead’s engagements', async () => {
      for (const doc of testimonials) await this.client.delete(TESTIMONIALS_COLLECTION, idOf(doc));
      for (const doc of engagements) {
        const id = recordOf<EngagementRecord>(doc).id;
        await this.client.delete(ACCEPTANCES_COLLECTION, await hashedId(id));
        await this.client.delete(ENGAGEMENTS_COLLECTION, idOf(doc));
      }
      return { engagements: engagements.length, testimonials: testimonials.length };
    });
  }

  private async oneWhere(field: string, value: string): Promise<EngagementRecord | null> {
    const [doc] = await this.equal(ENGAGEMENTS_COLLECTION, field, value);
    return doc ? this.withAcceptance(doc) : null;
  }

  /** The engagement a document holds, with its acceptance (kept in a document of its own). */
  private async withAcceptance(doc: Document): Promise<EngagementRecord> {
    const engagement = recordOf<EngagementRecord>(doc);
    const accepted = await getHashed(this.client, 'read a terms acceptance', ACCEPTANCES_COLLECTION, engagement.id);
    return accepted ? { ...engagement, accepted: recordOf<TermsAcceptance>(accepted) } : engagement;
  }

  private equal(collection: string, field: string, value: string): Promise<Document[]> {
    return guarded('read the clients', () => this.client.query(whereEqual(collection, field, { stringValue: value })));
  }
}

const idOf = (doc: Document) => doc.name.slice(doc.name.lastIndexOf('/') + 1);
