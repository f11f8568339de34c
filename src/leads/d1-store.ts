import type { Lead } from './types';
import { COLLECTIONS, LeadStoreError, errorMessage, type LeadStore } from './port';

/**
 * The embedded store used by `npm run dev` and the tests. The submission id is
 * the primary key and a repeat is ignored (ON CONFLICT DO NOTHING), so the first
 * write of a submission wins, as on Firestore. Maps and the contact are stored
 * as JSON text; timestamps are the Worker's clock when the lead was accepted.
 */
export class D1LeadStore implements LeadStore {
  constructor(private readonly db: D1Database) {}

  async save(lead: Lead): Promise<{ created: boolean }> {
    try {
      const result = await this.statement(lead).run();
      return { created: result.meta.changes > 0 };
    } catch (err) {
      throw new LeadStoreError(`D1 could not store ${COLLECTIONS[lead.kind]}/${lead.id}: ${errorMessage(err)}`, {
        cause: err,
      });
    }
  }

  private statement(lead: Lead): D1PreparedStatement {
    switch (lead.kind) {
      case 'quiz':
        return this.db
          .prepare(
            `INSERT INTO quiz_responses (id, created_at, status, answers, contact, source)
             VALUES (?, ?, 'submitted', ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
          )
          .bind(lead.id, lead.createdAt, JSON.stringify(lead.answers), JSON.stringify(lead.contact), lead.source);
      case 'newsletter':
        return this.db
          .prepare(`INSERT INTO news_letter (id, email, subscribed_at) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING`)
          .bind(lead.id, lead.email, lead.createdAt);
      case 'enquiry':
        return this.db
          .prepare(
            `INSERT INTO enquiries (id, name, phone, email, description, created_at)
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
          )
          .bind(lead.id, lead.name, lead.phone, lead.email, lead.description, lead.createdAt);
    }
  }
}
