import { readConfig, type Env } from '../../env';
import { type ReceivedMessage } from '../../store/conversations/conversations';
import { getConversationStore } from '../../store/conversations/open';

// A conversation waits for an answer when its visitor's last message has had none from the owners for
// REPLY_DUE_HOURS: the desk marks and sorts it first, and the owners' hourly digest counts it.

/** How many of the newest messages a waiting count or a desk list reads (more than a busy week's). */
export const SAMPLE = 500;
const HOUR = 3_600_000;

/** When the owners last answered each number since `since` (a message sent by an owner from the desk). */
export async function lastAnswers(db: D1Database, since: string): Promise<Map<string, string>> {
  const { results } = await db
    .prepare(
      `SELECT recipient, MAX(COALESCE(sent_at, created_at)) AS at FROM deliveries
       WHERE audience = 'visitor' AND sent_by IS NOT NULL AND status NOT IN ('skipped', 'failed', 'dead')
         AND created_at >= ? GROUP BY recipient`,
    )
    .bind(since)
    .all<{ recipient: string; at: string }>();
  return new Map(results.map((r) => [r.recipient, r.at]));
}

/**
 * Whole hours a visitor's last message (at `latest`) has waited, when it is REPLY_DUE_HOURS or more and no owner
 * answered after it; else null.
 */
export function waitingHours(latest: string, answeredAt: string | undefined, dueHours: number, now: Date) {
  if (answeredAt !== undefined && answeredAt >= latest) return null;
  const waited = now.getTime() - Date.parse(latest);
  return waited >= dueHours * HOUR ? Math.floor(waited / HOUR) : null;
}

/** Each sender's newest message, from messages listed newest first. */
export function newestBySender(messages: ReceivedMessage[]): ReceivedMessage[] {
  const newest = new Map<string, ReceivedMessage>();
  for (const m of messages) if (!newest.has(m.phone)) newest.set(m.phone, m);
  return [...newest.values()];
}

/** How many of the latest conversations wait for an answer (REPLY_DUE_HOURS since the visitor's last message). */
export async function waitingCount(env: Env, now = new Date()): Promise<number> {
  const latest = newestBySender(await getConversationStore(env).latest(SAMPLE));
  if (latest.length === 0) return 0;
  const since = latest.reduce((min, m) => (m.at < min ? m.at : min), now.toISOString());
  const answers = await lastAnswers(env.DB, since);
  const due = readConfig(env).alerts.replyDueHours;
  return latest.filter((m) => waitingHours(m.at, answers.get(m.phone), due, now) !== null).length;
}
