import { rowOf, rowsOf } from '../d1-read';
import type { GuideCounts, GuideRequestRecord, GuideStore } from './guides';

const SELECT = 'SELECT request, confirmed_at AS confirmedAt, downloads FROM guide_requests';

/** The JSON record, with what is kept in its own columns (confirmation, downloads) taken from them. */
type Row = { request: string; confirmedAt: string | null; downloads: number };
function requestOf(row: Row): GuideRequestRecord {
  const request = JSON.parse(row.request) as GuideRequestRecord;
  return { ...request, ...(row.confirmedAt !== null && { confirmedAt: row.confirmedAt }), downloads: row.downloads };
}

/** Guide requests in D1 (migrations/0037_guides.sql). */
export class D1GuideStore implements GuideStore {
  constructor(private readonly db: D1Database) {}

  async create(r: GuideRequestRecord): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO guide_requests (id, guide, email, source, requested_at, confirmed_at, downloads, request)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(r.id, r.guide, r.email, r.source, r.requestedAt, r.confirmedAt ?? null, r.downloads, JSON.stringify(r))
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  get(id: string): Promise<GuideRequestRecord | null> {
    return rowOf(this.db.prepare(`${SELECT} WHERE id = ?`).bind(id), requestOf);
  }

  latestSince(email: string, guide: string, since: string): Promise<GuideRequestRecord | null> {
    return rowOf(
      this.db
        .prepare(`${SELECT} WHERE email = ? AND guide = ? AND requested_at >= ? ORDER BY requested_at DESC LIMIT 1`)
        .bind(email, guide, since),
      requestOf,
    );
  }

  async confirm(id: string, at: string, subscriptionId?: string) {
    // One statement decides which opening was first: only a row still unconfirmed changes.
    const result = await this.db
      .prepare(
        `UPDATE guide_requests SET confirmed_at = ?,
           request = CASE WHEN ? IS NULL THEN request ELSE json_set(request, '$.subscriptionId', ?) END
         WHERE id = ? AND confirmed_at IS NULL`,
      )
      .bind(at, subscriptionId ?? null, subscriptionId ?? null, id)
      .run();
    const request = await this.get(id);
    return request ? { request, first: (result.meta.changes ?? 0) > 0 } : null;
  }

  async countDownload(id: string, at: string): Promise<void> {
    await this.db
      .prepare(
        `UPDATE guide_requests SET downloads = downloads + 1, request = json_set(request, '$.lastDownloadAt', ?)
         WHERE id = ? AND confirmed_at IS NOT NULL`,
      )
      .bind(at, id)
      .run();
  }

  forEmail(email: string): Promise<GuideRequestRecord[]> {
    return rowsOf(this.db.prepare(`${SELECT} WHERE email = ? ORDER BY requested_at DESC`).bind(email), requestOf);
  }

  forSubscription(subscriptionId: string): Promise<GuideRequestRecord[]> {
    return rowsOf(
      this.db
        .prepare(`${SELECT} WHERE json_extract(request, '$.subscriptionId') = ? ORDER BY requested_at DESC`)
        .bind(subscriptionId),
      requestOf,
    );
  }

  counts(from: string, to: string): Promise<GuideCounts[]> {
    return rowsOf(
      this.db
        .prepare(
          `SELECT source, guide, COUNT(*) AS requests, COUNT(confirmed_at) AS confirmations,
                  SUM(downloads) AS downloads
           FROM guide_requests WHERE requested_at >= ? AND requested_at < ?
           GROUP BY source, guide ORDER BY requests DESC, source, guide`,
        )
        .bind(from, to),
      (row: GuideCounts) => ({ ...row, downloads: Number(row.downloads ?? 0) }),
    );
  }

  async eraseEmail(email: string): Promise<number> {
    const result = await this.db.prepare('DELETE FROM guide_requests WHERE email = ?').bind(email).run();
    return result.meta.changes ?? 0;
  }

  async prune(unconfirmedBefore: string, confirmedBefore: string): Promise<number> {
    const result = await this.db
      .prepare(
        `DELETE FROM guide_requests
         WHERE (confirmed_at IS NULL AND requested_at < ?) OR (confirmed_at IS NOT NULL AND requested_at < ?)`,
      )
      .bind(unconfirmedBefore, confirmedBefore)
      .run();
    return result.meta.changes ?? 0;
  }
}
