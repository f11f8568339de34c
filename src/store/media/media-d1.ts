import { rowOf, rowsOf } from '../d1-read';
import type { MediaItem, MediaKind, MediaOutcome, MediaStatus, MediaStore, NewMedia } from './media';
import { present } from '../present';

interface Row {
  id: string;
  message_id: string;
  phone: string;
  received_at: string;
  kind: string;
  provider_media_id: string;
  mime_type: string | null;
  filename: string | null;
  voice: number;
  status: string;
  size: number | null;
  failure: string | null;
}

const COLUMNS =
  'id, message_id, phone, received_at, kind, provider_media_id, mime_type, filename, voice, status, size, failure';

/** Attachments in D1 (migrations/0023_whatsapp_media.sql): our id is the primary key, the wamid unique. */
export class D1MediaStore implements MediaStore {
  constructor(private readonly db: D1Database) {}

  async add(m: NewMedia): Promise<{ created: boolean; item: MediaItem }> {
    const now = new Date().toISOString();
    const result = await this.db
      .prepare(
        `INSERT INTO whatsapp_media (id, message_id, phone, received_at, kind, provider_media_id, mime_type, filename,
           voice, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (message_id) DO NOTHING`,
      )
      .bind(
        m.key,
        m.messageId,
        m.phone,
        m.at,
        m.kind,
        m.providerMediaId,
        m.mimeType ?? null,
        m.filename ?? null,
        m.voice ? 1 : 0,
        now,
        now,
      )
      .run();
    const row = await this.db
      .prepare(`SELECT ${COLUMNS} FROM whatsapp_media WHERE message_id = ?`)
      .bind(m.messageId)
      .first<Row>();
    return { created: result.meta.changes > 0, item: fromRow(row!) };
  }

  async get(key: string): Promise<MediaItem | null> {
    return rowOf(this.db.prepare(`SELECT ${COLUMNS} FROM whatsapp_media WHERE id = ?`).bind(key), fromRow);
  }

  async settle(key: string, outcome: MediaOutcome): Promise<void> {
    const stored = outcome.status === 'stored';
    await this.db
      .prepare(
        `UPDATE whatsapp_media SET status = ?, size = ?, mime_type = COALESCE(?, mime_type), failure = ?,
           updated_at = ? WHERE id = ?`,
      )
      .bind(
        outcome.status,
        stored ? outcome.size : null,
        stored ? outcome.mimeType : null,
        stored ? null : outcome.failure,
        new Date().toISOString(),
        key,
      )
      .run();
  }

  async from(phone: string): Promise<MediaItem[]> {
    const sql = `SELECT ${COLUMNS} FROM whatsapp_media WHERE phone = ? ORDER BY received_at, id`;
    return rowsOf(this.db.prepare(sql).bind(phone), fromRow);
  }

  async erase(phone: string): Promise<string[]> {
    const { results } = await this.db
      .prepare(`DELETE FROM whatsapp_media WHERE phone = ? RETURNING id`)
      .bind(phone)
      .all<{ id: string }>();
    return results.map((r) => r.id);
  }

  async pruneBefore(before: string, limit: number): Promise<string[]> {
    const { results } = await this.db
      .prepare(
        `DELETE FROM whatsapp_media WHERE id IN
           (SELECT id FROM whatsapp_media WHERE received_at < ? ORDER BY received_at LIMIT ?) RETURNING id`,
      )
      .bind(before, limit)
      .all<{ id: string }>();
    return results.map((r) => r.id);
  }
}

const fromRow = (row: Row): MediaItem => ({
  key: row.id,
  messageId: row.message_id,
  phone: row.phone,
  at: row.received_at,
  kind: row.kind as MediaKind,
  providerMediaId: row.provider_media_id,
  ...present({ mimeType: row.mime_type, filename: row.filename }),
  voice: row.voice === 1,
  status: row.status as MediaStatus,
  ...present({ size: row.size, failure: row.failure }),
});
