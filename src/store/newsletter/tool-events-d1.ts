import { rowOf, rowsOf } from '../d1-read';
import type { ToolEvent, ToolEventStore } from './tool-events';

const SELECT = `SELECT tool, event_id AS eventId, email, kind, occurred_at AS occurredAt, received_at AS receivedAt
  FROM newsletter_tool_events`;
const same = (row: ToolEvent) => row;

/** The newsletter tool's events in D1 (migrations/0037_guides.sql). */
export class D1ToolEventStore implements ToolEventStore {
  constructor(private readonly db: D1Database) {}

  async record(e: ToolEvent): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO newsletter_tool_events (tool, event_id, email, kind, occurred_at, received_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(e.tool, e.eventId, e.email, e.kind, e.occurredAt, e.receivedAt)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  latestFor(email: string): Promise<ToolEvent | null> {
    return rowOf(
      this.db.prepare(`${SELECT} WHERE email = ? ORDER BY occurred_at DESC, received_at DESC LIMIT 1`).bind(email),
      same,
    );
  }

  forEmail(email: string): Promise<ToolEvent[]> {
    return rowsOf(
      this.db.prepare(`${SELECT} WHERE email = ? ORDER BY occurred_at DESC, received_at DESC`).bind(email),
      same,
    );
  }

  async eraseEmail(email: string): Promise<number> {
    const result = await this.db.prepare('DELETE FROM newsletter_tool_events WHERE email = ?').bind(email).run();
    return result.meta.changes ?? 0;
  }
}
