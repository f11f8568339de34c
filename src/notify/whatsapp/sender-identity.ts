import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { conversationId, type ConversationStore } from '../../store/conversations/conversations';
import { getConversationStore } from '../../store/conversations/open';
import { carryOptOut } from '../../store/conversations/opt-outs';
import { isUserId } from '../../shared/user-id';
import type { VisitorMessage } from '../conversations/visitor-messages';

// One person, one conversation: a WhatsApp user who shows no number is kept under their business-scoped user id
// (`US.…`); once a message shows both, everything kept under the user id moves to the number, and later messages
// with the user id alone are kept under the number too.

/**
 * The message as it is kept: a message with only a user id goes under the number the store already knows for it;
 * a message with both first joins what was kept under the user id to the number (joinUserId). `joined` holds the
 * user ids already joined in this batch, so a webhook of many messages joins each once.
 */
export async function resolveSender(env: Env, m: VisitorMessage, joined = new Set<string>()): Promise<VisitorMessage> {
  if (m.userId === undefined) return m;
  const store = getConversationStore(env);
  if (isUserId(m.phone)) {
    const number = await store.numberOf(m.userId);
    return number ? { ...m, phone: number } : m;
  }
  if (!joined.has(m.userId)) {
    joined.add(m.userId);
    await joinUserId(env, store, m.userId, m.phone);
  }
  return m;
}

/**
 * Joins a user id to its number: the messages kept under the user id move to the number's conversation, an
 * opt-out recorded for the user id becomes the number's, and what the business sent to the user id (the ledger's
 * visitor rows) is shown with the number's conversation.
 */
export async function joinUserId(env: Env, store: ConversationStore, userId: string, phone: string): Promise<void> {
  const key = readConfig(env).privacy.erasureKey;
  const moved = await store.rekey(userId, phone, await conversationId(phone, key));
  const optOut = await carryOptOut(env.DB, key, userId, phone);
  const sent = await moveSentTo(env.DB, userId, phone);
  if (moved + sent > 0 || optOut) logEvent('info', 'conversation.joined', { messages: moved, sent, optOut });
}

/**
 * Moves the ledger's messages to a visitor from one address to another (their attempts with them); a row the new
 * address already has under the same key stays where it was.
 */
async function moveSentTo(db: D1Database, from: string, to: string): Promise<number> {
  const [rows] = await db.batch([
    db
      .prepare(`UPDATE OR IGNORE deliveries SET recipient = ? WHERE recipient = ? AND audience = 'visitor'`)
      .bind(to, from),
    db
      .prepare(
        `UPDATE delivery_attempts SET recipient = ?1 WHERE recipient = ?2 AND NOT EXISTS (SELECT 1 FROM deliveries d
           WHERE d.submission_id = delivery_attempts.submission_id AND d.template = delivery_attempts.template
             AND d.recipient = ?2)`,
      )
      .bind(to, from),
  ]);
  return rows?.meta.changes ?? 0;
}
