import type { ConversationStore, LeadRef, NewMessage, ReceivedMessage } from './conversations';

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
    const row = await this.db.prepare(`SELECT ${COLUMNS} FROM whatsapp_messages WHERE id = ?`).bind(id).first<Row>();
    return row ? fromRow(row) : null;
  }

  async ofConversation(conversation: string): Promise<ReceivedMessage | null> {
    const row = await this.db
      .prepare(`SELECT ${COLUMNS} FROM whatsapp_messages WHERE conversation = ? LIMIT 1`)
      .bind(conversation)
      .first<Row>();
    return row ? fromRow(row) : null;
  }

  async from(phone: string): Promise<ReceivedMessage[]> {
    const { results } = await this.db
      .prepare(`SELECT ${COLUMNS} FROM whatsapp_messages WHERE phone = ? ORDER BY received_at, id`)
      .bind(phone)
      .all<Row>();
    return results.map(fromRow);
  }

  async markRead(phone: string, at: string): Promise<number> {
    const result = await this.db
      .prepare(`UPDATE whatsapp_messages SET read_at = ? WHERE phone = ? AND read_at IS NULL`)
      .bind(at, phone)
      .run();
    return result.meta.changes;
  }

  async unread(limit: number): Promise<ReceivedMessage[]> {
    const { results } = await this.db
      .prepare(
        `SELECT ${COLUMNS} FROM whatsapp_messages WHERE read_at IS NULL ORDER BY received_at DESC, id DESC LIMIT ?`,
      )
      .bind(limit)
      .all<Row>();
    return results.map(fromRow);
  }

  async latest(limit: number): Promise<ReceivedMessage[]> {
    const { results } = await this.db
      .prepare(`SELECT ${COLUMNS} FROM whatsapp_messages ORDER BY received_at DESC, id DESC LIMIT ?`)
      .bind(limit)
      .all<Row>();
    return results.map(fromRow);
  }

  async pruneBefore(before: string, limit: number): Promise<number> {
    const result = await this.db
      .prepare(
        `DELETE FROM whatsapp_messages WHERE id IN
           (SELECT id FROM whatsapp_messages WHERE received_at < ? ORDER BY received_at LIMIT ?)`,
      )
      .bind(before, limit)
      .run();
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
    ...(row.text !== null && { text: row.text }),
    ...(row.media_id !== null && { mediaId: row.media_id }),
    ...(row.profile_name !== null && { profileName: row.profile_name }),
    ...(row.context_id !== null && { contextId: row.context_id }),
    ...(row.user_id !== null && { userId: row.user_id }),
    ...(row.username !== null && { username: row.username }),
    leads: JSON.parse(row.leads) as LeadRef[],
    ...(row.read_at !== null && { readAt: row.read_at }),
  };
}
