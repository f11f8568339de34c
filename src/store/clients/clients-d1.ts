import type {
  ClientStore,
  EngagementRecord,
  LeadRef,
  TermsAcceptance,
  TestimonialRecord,
  TestimonialStatus,
} from './clients';
import { rowOf, rowsOf } from '../d1-read';

const ENGAGEMENTS = `SELECT e.engagement, a.acceptance FROM engagements e
  LEFT JOIN terms_acceptances a ON a.engagement_id = e.id`;
const TESTIMONIALS = 'SELECT testimonial FROM testimonials';

function engagementOf(row: { engagement: string; acceptance: string | null }): EngagementRecord {
  const { accepted: _written, ...engagement } = JSON.parse(row.engagement) as EngagementRecord;
  if (row.acceptance === null) return engagement;
  return { ...engagement, accepted: JSON.parse(row.acceptance) as TermsAcceptance };
}
const testimonialOf = (row: { testimonial: string }) => JSON.parse(row.testimonial) as TestimonialRecord;

/** The columns an engagement is looked up by, then the whole record as JSON. */
const ENGAGEMENT_COLUMNS =
  '(id, lead_kind, lead_id, reference, link_hash, payment_request_id, valid_until, created_at, engagement)';
const engagementRow = (e: EngagementRecord) => [
  e.id,
  e.lead.kind,
  e.lead.id,
  e.reference,
  e.link?.hash ?? null,
  e.paymentRequestId ?? null,
  e.validUntil,
  e.createdAt,
  JSON.stringify({ ...e, accepted: undefined }),
];

const TESTIMONIAL_COLUMNS = '(id, engagement_id, lead_kind, lead_id, status, submitted_at, testimonial)';
const testimonialRow = (t: TestimonialRecord) => [
  t.id,
  t.engagementId,
  t.lead.kind,
  t.lead.id,
  t.status,
  t.submittedAt,
  JSON.stringify(t),
];

/** Clients in D1 (migrations/0036_clients.sql). */
export class D1ClientStore implements ClientStore {
  constructor(private readonly db: D1Database) {}

  async createEngagement(e: EngagementRecord): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO engagements ${ENGAGEMENT_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(...engagementRow(e))
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  getEngagement(id: string): Promise<EngagementRecord | null> {
    return rowOf(this.db.prepare(`${ENGAGEMENTS} WHERE e.id = ?`).bind(id), engagementOf);
  }

  async putEngagement(e: EngagementRecord): Promise<void> {
    // The acceptance has a row of its own: a write of the whole engagement never undoes a client's acceptance.
    await this.db
      .prepare(`INSERT OR REPLACE INTO engagements ${ENGAGEMENT_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(...engagementRow(e))
      .run();
  }

  engagementByLink(hash: string): Promise<EngagementRecord | null> {
    return rowOf(this.db.prepare(`${ENGAGEMENTS} WHERE e.link_hash = ?`).bind(hash), engagementOf);
  }

  engagementByReference(reference: string): Promise<EngagementRecord | null> {
    return rowOf(this.db.prepare(`${ENGAGEMENTS} WHERE e.reference = ?`).bind(reference), engagementOf);
  }

  engagementByPaymentRequest(requestId: string): Promise<EngagementRecord | null> {
    return rowOf(this.db.prepare(`${ENGAGEMENTS} WHERE e.payment_request_id = ?`).bind(requestId), engagementOf);
  }

  engagementsForLead(lead: LeadRef): Promise<EngagementRecord[]> {
    const sql = `${ENGAGEMENTS} WHERE e.lead_kind = ? AND e.lead_id = ? ORDER BY e.created_at DESC, e.id`;
    return rowsOf(this.db.prepare(sql).bind(lead.kind, lead.id), engagementOf);
  }

  validFrom(day: string, limit: number): Promise<EngagementRecord[]> {
    const sql = `${ENGAGEMENTS} WHERE e.valid_until >= ? ORDER BY e.valid_until, e.id LIMIT ?`;
    return rowsOf(this.db.prepare(sql).bind(day, limit), engagementOf);
  }

  async accept(id: string, acceptance: TermsAcceptance): Promise<boolean> {
    // One statement: of two acceptances at once, the first one written is the one kept.
    const result = await this.db
      .prepare(
        `INSERT INTO terms_acceptances (engagement_id, lead_kind, lead_id, accepted_at, acceptance)
         SELECT id, lead_kind, lead_id, ?, ? FROM engagements WHERE id = ? ON CONFLICT DO NOTHING`,
      )
      .bind(acceptance.at, JSON.stringify(acceptance), id)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  async createTestimonial(t: TestimonialRecord): Promise<boolean> {
    const result = await this.db
      .prepare(`INSERT INTO testimonials ${TESTIMONIAL_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`)
      .bind(...testimonialRow(t))
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  getTestimonial(id: string): Promise<TestimonialRecord | null> {
    return rowOf(this.db.prepare(`${TESTIMONIALS} WHERE id = ?`).bind(id), testimonialOf);
  }

  async putTestimonial(t: TestimonialRecord): Promise<void> {
    await this.db
      .prepare(`INSERT OR REPLACE INTO testimonials ${TESTIMONIAL_COLUMNS} VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .bind(...testimonialRow(t))
      .run();
  }

  testimonialsFor(engagementId: string): Promise<TestimonialRecord[]> {
    const sql = `${TESTIMONIALS} WHERE engagement_id = ? ORDER BY submitted_at DESC, id`;
    return rowsOf(this.db.prepare(sql).bind(engagementId), testimonialOf);
  }

  testimonialsIn(status: TestimonialStatus, limit: number): Promise<TestimonialRecord[]> {
    const sql = `${TESTIMONIALS} WHERE status = ? ORDER BY submitted_at DESC, id LIMIT ?`;
    return rowsOf(this.db.prepare(sql).bind(status, limit), testimonialOf);
  }

  async eraseLead(lead: LeadRef): Promise<{ engagements: number; testimonials: number }> {
    const [, engagements, testimonials] = await this.db.batch([
      this.db.prepare('DELETE FROM terms_acceptances WHERE lead_kind = ? AND lead_id = ?').bind(lead.kind, lead.id),
      this.db.prepare('DELETE FROM engagements WHERE lead_kind = ? AND lead_id = ?').bind(lead.kind, lead.id),
      this.db.prepare('DELETE FROM testimonials WHERE lead_kind = ? AND lead_id = ?').bind(lead.kind, lead.id),
    ]);
    return { engagements: engagements!.meta.changes ?? 0, testimonials: testimonials!.meta.changes ?? 0 };
  }
}
