import type { ConversationStore, LeadRef, NewMessage, ReceivedMessage } from './conversations';
import { pruneOldest, rowOf, rowsOf } from '../d1-read';
import { present } from '../present';

interface Row {
  id: string;
  phone: string;
  received_at: string;
  type: string;
  text: string | null;
  media_id: string | null;
  profile_name: string | null;
  context_id: string | null;
  user_id: string | null;
  username: string | null;
  leads: string;
  read_at: string | null;
}

const COLUMNS =
  'id, phone, received_at, type, text, media_id, profile_name, context_id, user_id, username, leads, read_at';

/** Received messages in D1 (migrations/0011_conversations.sql): the wamid is the primary key. */
export class D1ConversationStore implements ConversationStore {
  constructor(private readonly db: D1Database) {}

  async receive(m: NewMessage): Promise<{ created: boolean }> {
    const result = await this.db
      .prepare(
        `INSERT INTO whatsapp_messages (id, phone, received_at, type, text, media_id, profile_name, context_id, leads,
           stored_at, conversation, user_id, username)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(
        m.id,
        m.phone,
        m.at,
        m.type,
        m.text ?? null,
        m.mediaId ?? null,
        m.profileName ?? null,
        m.contextId ?? null,
        JSON.stringify(m.leads),
        new Date().toISOString(),
        m.conversation ?? null,
        m.userId ?? null,
        m.username ?? null,
      )
      .run();
    return { created: result.meta.changes > 0 };
  }

  async message(id: string): Promise<ReceivedMessage | null> {
    return rowOf(this.db.prepare(`SELECT ${COLUMNS} FROM whatsapp_messages WHERE id = ?`).bind(id), fromRow);
  }

  async ofConversation(conversation: string): Promise<ReceivedMessage | null> {
    const sql = `SELECT ${COLUMNS} FROM whatsapp_messages WHERE conversation = ? LIMIT 1`;
    return rowOf(this.db.prepare(sql).bind(conversation), fromRow);
  }

  async from(phone: string): Promise<ReceivedMessage[]> {
    const sql = `SELECT ${COLUMNS} FROM whatsapp_messages WHERE phone = ? ORDER BY received_at, id`;
    return rowsOf(this.db.prepare(sql).bind(phone), fromRow);
  }

  async markRead(phone: string, at: string): Promise<number> {
    const result = await this.db
      .prepare(`UPDATE whatsapp_messages SET read_at = ? WHERE phone = ? AND read_at IS NULL`)
      .bind(at, phone)
      .run();
    return result.meta.changes;
  }

  async unread(limit: number): Promise<ReceivedMessage[]> {
    const sql = `SELECT ${COLUMNS} FROM whatsapp_messages WHERE read_at IS NULL ORDER BY received_at DESC, id DESC LIMIT ?`;
    return rowsOf(this.db.prepare(sql).bind(limit), fromRow);
  }

  async latest(limit: number): Promise<ReceivedMessage[]> {
    const sql = `SELECT ${COLUMNS} FROM whatsapp_messages ORDER BY received_at DESC, id DESC LIMIT ?`;
    return rowsOf(this.db.prepare(sql).bind(limit), fromRow);
  }

  async pruneBefore(before: string, limit: number): Promise<number> {
    const oldest = { table: 'whatsapp_messages', key: 'id', time: 'received_at' };
    const result = await pruneOldest(this.db, oldest, before, limit).run();
    return result.meta.changes;
  }

  async numberOf(userId: string): Promise<string | null> {
    const row = await this.db
      .prepare(`SELECT phone FROM whatsapp_messages WHERE user_id = ? AND phone LIKE '+%' LIMIT 1`)
      .bind(userId)
      .first<{ phone: string }>();
    return row?.phone ?? null;
  }

  async rekey(from: string, to: string, conversation: string): Promise<number> {
    const result = await this.db
      .prepare(`UPDATE whatsapp_messages SET phone = ?, conversation = ? WHERE phone = ?`)
      .bind(to, conversation, from)
      .run();
    return result.meta.changes;
  }

  async erase(phone: string): Promise<number> {
    const result = await this.db.prepare(`DELETE FROM whatsapp_messages WHERE phone = ?`).bind(phone).run();
    return result.meta.changes;
  }
}

function fromRow(row: Row): ReceivedMessage {
  return {
    id: row.id,
    phone: row.phone,
    at: row.received_at,
    type: row.type,
    ...present({
      text: row.text,
      mediaId: row.media_id,
      profileName: row.profile_name,
      contextId: row.context_id,
      userId: row.user_id,
      username: row.username,
    }),
    leads: JSON.parse(row.leads) as LeadRef[],
    ...present({ readAt: row.read_at }),
  };
}
