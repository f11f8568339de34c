import { BOOKABLE_KINDS, COLLECTIONS, KINDS, type Lead, type LeadKind } from './lead';
import { corrected } from './correction';
import { LeadStoreError } from '../lead-store-error';
import { searchTokenOf, searchTokens } from './search-tokens';
import { errorMessage } from '../../log';
import type { LeadStore, SaveResult } from './port';
import { fingerprintOf, sameSubmission } from './lead-fingerprint';
import {
  includesCursorRow,
  mergePages,
  type LeadChange,
  type LeadPage,
  type LeadQuery,
  type LeadRecord,
  type Position,
  soonestFirst,
} from './listing';
import { contactColumns, deskColumns, fromRow, insertLead, selectLeads, type Row } from './leads-d1-rows';

/**
 * The embedded store used by `npm run dev` and the tests. The submission id is
 * the primary key and a repeat is ignored (ON CONFLICT DO NOTHING), so the first
 * write of a submission wins, as on Firestore. Maps, lists and the contact are
 * stored as JSON text; timestamps are the Worker's clock when the lead was accepted.
 * Search words go to lead_search and the owners' follow-up to lead_desk
 * (migrations/0003_desk.sql); every listing query runs on an index. Turnstile's
 * verdict is the `verdict` column (verdict.ts; NULL when the lead carries none).
 */
export class D1LeadStore implements LeadStore {
  constructor(private readonly db: D1Database) {}

  /**
   * One batch (one transaction): the insert, the search words (only for the body this save wrote) and the row as
   * it now stands, so a repeat is compared with the body stored under its id (sameSubmission).
   */
  async save(lead: Lead): Promise<SaveResult> {
    try {
      const fingerprint = await fingerprintOf(lead);
      const [result, , after] = await this.db.batch<Row>([
        insertLead(this.db, lead, fingerprint),
        this.tokens(lead, false, fingerprint),
        this.db.prepare(`${selectLeads(lead.kind)} WHERE t.id = ?`).bind(lead.id),
      ]);
      if ((result?.meta.changes ?? 0) > 0) return { created: true };
      const row = after?.results[0];
      if (!row) return { created: false };
      const stored = fromRow(lead.kind, row);
      const same = await sameSubmission(lead, {
        ...(typeof row.body_hash === 'string' && { fingerprint: row.body_hash }),
        lead: stored,
      });
      if (!same) return { created: false, conflict: true };
      return { created: false, ...(stored.bookingRef && { bookingRef: stored.bookingRef }) };
    } catch (err) {
      throw new LeadStoreError(`D1 could not store ${COLLECTIONS[lead.kind]}/${lead.id}: ${errorMessage(err)}`, {
        cause: err,
      });
    }
  }

  async list(query: LeadQuery): Promise<LeadPage> {
    return this.guard('list leads', () =>
      mergePages(query, (kind, after, limit) => this.listKind(kind, query, after, limit)),
    );
  }

  async get(kind: LeadKind, id: string): Promise<LeadRecord | null> {
    return this.guard(`read ${COLLECTIONS[kind]}/${id}`, async () => {
      const row = await this.db
        .prepare(`${selectLeads(kind)} WHERE t.id = ?`)
        .bind(id)
        .first<Row>();
      return row ? fromRow(kind, row) : null;
    });
  }

  /** Quiz responses and enquiries carry a reference (a unique partial index on booking_ref in each table). */
  async findByBookingRef(ref: string): Promise<LeadRecord | null> {
    return this.guard('find a lead by its booking reference', async () => {
      for (const kind of BOOKABLE_KINDS) {
        const row = await this.db
          .prepare(`${selectLeads(kind)} WHERE t.booking_ref = ?`)
          .bind(ref)
          .first<Row>();
        if (row) return fromRow(kind, row);
      }
      return null;
    });
  }

  async update(kind: LeadKind, id: string, change: LeadChange): Promise<LeadRecord | null> {
    return this.guard(`update ${COLLECTIONS[kind]}/${id}`, async () => {
      if ('correction' in change) return this.correct(kind, id, change);
      const exists = await this.db.prepare(`SELECT 1 FROM ${COLLECTIONS[kind]} WHERE id = ?`).bind(id).first();
      if (!exists) return null;
      const columns = deskColumns(change);
      const names = Object.keys(columns);
      await this.db
        .prepare(
          `INSERT INTO lead_desk (kind, id, ${names.join(', ')}) VALUES (?, ?, ${names.map(() => '?').join(', ')})
           ON CONFLICT(kind, id) DO UPDATE SET ${names.map((n) => `${n} = excluded.${n}`).join(', ')}`,
        )
        .bind(kind, id, ...Object.values(columns))
        .run();
      return this.get(kind, id);
    });
  }

  async erase(kind: LeadKind, id: string): Promise<boolean> {
    return this.guard(`erase ${COLLECTIONS[kind]}/${id}`, async () => {
      const [lead] = await this.db.batch([
        this.db.prepare(`DELETE FROM ${COLLECTIONS[kind]} WHERE id = ?`).bind(id),
        this.db.prepare('DELETE FROM lead_search WHERE kind = ? AND id = ?').bind(kind, id),
        this.db.prepare('DELETE FROM lead_desk WHERE kind = ? AND id = ?').bind(kind, id),
      ]);
      return (lead?.meta.changes ?? 0) > 0;
    });
  }

  async expired(kind: LeadKind, before: string, limit: number): Promise<string[]> {
    return this.guard(`find expired ${COLLECTIONS[kind]}`, async () => {
      const time = `t.${KINDS[kind].timeColumn}`;
      // The arrival-time index bounds the scan to leads older than the cutoff; a later status or note keeps one.
      const { results } = await this.db
        .prepare(
          `SELECT t.id FROM ${COLLECTIONS[kind]} t LEFT JOIN lead_desk d ON d.kind = ?1 AND d.id = t.id
           WHERE ${time} < ?2 AND coalesce(d.status_at, '') < ?2 AND coalesce(d.note_at, '') < ?2
             AND coalesce(d.owner_at, '') < ?2 AND coalesce(d.next_set_at, '') < ?2
           ORDER BY ${time}, t.id LIMIT ?3`,
        )
        .bind(kind, before, limit)
        .all<{ id: string }>();
      return results.map((r) => r.id);
    });
  }

  /** Rewrites the corrected contact columns and the search words, and records who corrected which fields. */
  private async correct(
    kind: LeadKind,
    id: string,
    change: Extract<LeadChange, { correction: unknown }>,
  ): Promise<LeadRecord | null> {
    const record = await this.get(kind, id);
    if (!record) return null;
    const { lead, fields } = corrected(record, change.correction);
    if (fields.length === 0) return record;
    const columns = contactColumns(lead);
    const names = Object.keys(columns);
    await this.db.batch([
      this.db
        .prepare(`UPDATE ${COLLECTIONS[kind]} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ?`)
        .bind(...names.map((n) => columns[n]), id),
      this.db.prepare('DELETE FROM lead_search WHERE kind = ? AND id = ?').bind(kind, id),
      this.tokens(lead, true),
      this.db
        .prepare(
          `INSERT INTO lead_desk (kind, id, corrected, corrected_by, corrected_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT(kind, id) DO UPDATE SET corrected = excluded.corrected, corrected_by = excluded.corrected_by,
           corrected_at = excluded.corrected_at`,
        )
        .bind(kind, id, JSON.stringify(fields), change.by, change.at),
    ]);
    return this.get(kind, id);
  }

  async dated(limit: number, from?: string): Promise<LeadRecord[]> {
    return this.guard('list the leads with a next date', async () => {
      const rows = await Promise.all(
        BOOKABLE_KINDS.map(async (kind) => {
          const { results } = await this.db
            .prepare(`${selectLeads(kind)} WHERE d.next_at >= ? ORDER BY d.next_at, t.id LIMIT ?`)
            .bind(from ?? '', limit)
            .all<Row>();
          return results.map((row) => fromRow(kind, row));
        }),
      );
      return soonestFirst(rows.flat()).slice(0, limit);
    });
  }

  async markUnsubscribed(id: string, at: string): Promise<LeadRecord | null> {
    return this.guard(`unsubscribe ${COLLECTIONS.newsletter}/${id}`, async () => {
      await this.db
        .prepare('UPDATE news_letter SET unsubscribed_at = COALESCE(unsubscribed_at, ?) WHERE id = ?')
        .bind(at, id)
        .run();
      return this.get('newsletter', id);
    });
  }

  async refreshSearch(lead: LeadRecord): Promise<void> {
    await this.guard(`refresh the search words of ${COLLECTIONS[lead.kind]}/${lead.id}`, () =>
      this.db.batch([
        this.db.prepare('DELETE FROM lead_search WHERE kind = ? AND id = ?').bind(lead.kind, lead.id),
        this.tokens(lead, true),
      ]),
    );
  }

  private async listKind(kind: LeadKind, query: LeadQuery, after: Position | null, limit: number) {
    const token = query.q ? searchTokenOf(query.q) : null;
    // With a search, lead_search drives the query (its key is token, kind, time, id).
    const time = token ? 's.created_at' : `t.${KINDS[kind].timeColumn}`;
    const id = token ? 's.id' : 't.id';
    const where: string[] = [];
    const args: unknown[] = [];
    if (token) {
      where.push('s.token = ?', 's.kind = ?');
      args.push(token, kind);
    }
    if (after) {
      where.push(`(${time}, ${id}) ${includesCursorRow(kind, after) ? '<=' : '<'} (?, ?)`);
      args.push(after.at, after.id);
    }
    if (query.status === 'new') {
      // No lead_desk row reads as new.
      where.push("coalesce(d.status, 'new') = 'new'");
    } else if (query.status) {
      // lead_desk_status (kind, status) finds the few leads at a later step.
      where.push('d.status = ?');
      args.push(query.status);
    }
    if (query.owner === 'nobody') {
      where.push('d.owner IS NULL');
    } else if (query.owner) {
      const owners = query.owner.takenBy;
      where.push(owners.length ? `d.owner IN (${owners.map(() => '?').join(', ')})` : '0');
      args.push(...owners);
    }
    if (query.from) {
      where.push(`${time} >= ?`);
      args.push(query.from);
    }
    if (query.to) {
      where.push(`${time} < ?`);
      args.push(query.to);
    }
    const from = token ? `lead_search s JOIN ${COLLECTIONS[kind]} t ON t.id = s.id` : undefined;
    const sql = `${selectLeads(kind, from)} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${time} DESC, ${id} DESC LIMIT ?`;
    const { results } = await this.db
      .prepare(sql)
      .bind(...args, limit)
      .all<Row>();
    return results.map((row) => ({ ...fromRow(kind, row), at: String(row[KINDS[kind].timeColumn]) }));
  }

  private async guard<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw new LeadStoreError(`D1 could not ${what}: ${errorMessage(err)}`, { cause: err });
    }
  }

  /**
   * The lead's search words. On a save, written only if this save created the row (a retry keeps the first
   * write's words: the row's time and fingerprint are the ones this save wrote); on a refresh, for the stored
   * row whatever its time.
   */
  private tokens(lead: Lead, onRefresh = false, fingerprint = ''): D1PreparedStatement {
    const table = COLLECTIONS[lead.kind];
    const time = KINDS[lead.kind].timeColumn;
    return this.db
      .prepare(
        `INSERT OR IGNORE INTO lead_search (token, kind, created_at, id)
         SELECT w.value, ?, t.${time}, t.id FROM ${table} t, json_each(?) w
         WHERE t.id = ? AND (? OR (t.${time} = ? AND t.body_hash = ?))`,
      )
      .bind(lead.kind, JSON.stringify(searchTokens(lead)), lead.id, onRefresh ? 1 : 0, lead.createdAt, fingerprint);
  }
}
