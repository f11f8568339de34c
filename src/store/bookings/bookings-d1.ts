import type { BookingEvent, BookingProvider, BookingRecord, BookingStore, CallOutcome } from './bookings';
import { rowOf, rowsOf } from '../d1-read';
import type { LeadKind } from '../leads/lead';
import { present } from '../present';

interface Row {
  provider: string;
  id: string;
  status: string;
  start_at: string;
  end_at: string;
  name: string;
  email: string;
  program: string | null;
  ref: string | null;
  replaces: string | null;
  moved_to: string | null;
  event_at: string;
  received_at: string;
  lead: string | null;
  history: string;
  outcome: string | null;
}

const SELECT = 'SELECT * FROM bookings';

/** Bookings in D1 (migrations/0019_bookings.sql, the outcome 0034_call_outcome.sql): one row per (provider, id), each event once in booking_events. */
export class D1BookingStore implements BookingStore {
  constructor(private readonly db: D1Database) {}

  async markSeen(e: BookingEvent, receivedAt: string): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO booking_events (provider, booking_id, event, event_at, received_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      )
      .bind(e.provider, e.bookingId, e.event, e.at, receivedAt)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  async get(provider: BookingProvider, id: string): Promise<BookingRecord | null> {
    return rowOf(this.db.prepare(`${SELECT} WHERE provider = ? AND id = ?`).bind(provider, id), fromRow);
  }

  async put(b: BookingRecord): Promise<void> {
    await this.db
      .prepare(
        // Every column but the outcome, which only setOutcome writes.
        `INSERT INTO bookings (provider, id, status, start_at, end_at, name, email, program, ref, replaces,
           moved_to, event_at, received_at, lead_kind, lead_id, lead, history)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (provider, id) DO UPDATE SET status = excluded.status, start_at = excluded.start_at,
           end_at = excluded.end_at, name = excluded.name, email = excluded.email, program = excluded.program,
           ref = excluded.ref, replaces = excluded.replaces, moved_to = excluded.moved_to,
           event_at = excluded.event_at, received_at = excluded.received_at, lead_kind = excluded.lead_kind,
           lead_id = excluded.lead_id, lead = excluded.lead, history = excluded.history`,
      )
      .bind(
        b.provider,
        b.id,
        b.status,
        b.startAt,
        b.endAt,
        b.name,
        b.email,
        b.program ?? null,
        b.ref ?? null,
        b.replaces ?? null,
        b.movedTo ?? null,
        b.eventAt,
        b.receivedAt,
        b.lead?.kind ?? null,
        b.lead?.id ?? null,
        b.lead ? JSON.stringify(b.lead) : null,
        JSON.stringify(b.history),
      )
      .run();
  }

  async setOutcome(provider: BookingProvider, id: string, outcome: CallOutcome): Promise<boolean> {
    const result = await this.db
      .prepare('UPDATE bookings SET outcome = ? WHERE provider = ? AND id = ?')
      .bind(JSON.stringify(outcome), provider, id)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  async forLead(kind: LeadKind, id: string): Promise<BookingRecord[]> {
    return this.all(`${SELECT} WHERE lead_kind = ? AND lead_id = ? ORDER BY start_at DESC`, kind, id);
  }

  async unlinked(limit: number): Promise<BookingRecord[]> {
    return this.all(`${SELECT} WHERE lead_kind IS NULL ORDER BY received_at DESC LIMIT ?`, limit);
  }

  async upcoming(from: string, to: string, limit: number): Promise<BookingRecord[]> {
    return this.all(
      `${SELECT} WHERE status = 'booked' AND start_at >= ? AND start_at < ? ORDER BY start_at LIMIT ?`,
      from,
      to,
      limit,
    );
  }

  async starting(from: string, to: string, order: 'asc' | 'desc', limit: number): Promise<BookingRecord[]> {
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    return this.all(
      `${SELECT} WHERE start_at >= ? AND start_at < ? ORDER BY start_at ${direction}, id ${direction} LIMIT ?`,
      from,
      to,
      limit,
    );
  }

  async withEmail(email: string): Promise<BookingRecord[]> {
    return this.all(`${SELECT} WHERE email = ? ORDER BY start_at DESC`, email);
  }

  async receivedBetween(from: string, to: string, limit: number): Promise<BookingRecord[]> {
    return this.all(
      `${SELECT} WHERE received_at >= ? AND received_at < ? ORDER BY received_at LIMIT ?`,
      from,
      to,
      limit,
    );
  }

  async erase(provider: BookingProvider, id: string): Promise<boolean> {
    const [booking] = await this.db.batch([
      this.db.prepare('DELETE FROM bookings WHERE provider = ? AND id = ?').bind(provider, id),
      this.db.prepare('DELETE FROM booking_events WHERE provider = ? AND booking_id = ?').bind(provider, id),
    ]);
    return (booking?.meta.changes ?? 0) > 0;
  }

  async expiredUnlinked(before: string, limit: number): Promise<BookingRecord[]> {
    return this.all(`${SELECT} WHERE lead_kind IS NULL AND end_at < ? ORDER BY end_at LIMIT ?`, before, limit);
  }

  private async all(sql: string, ...args: unknown[]): Promise<BookingRecord[]> {
    return rowsOf(this.db.prepare(sql).bind(...args), fromRow);
  }
}

function fromRow(row: Row): BookingRecord {
  return {
    provider: row.provider as BookingProvider,
    id: row.id,
    status: row.status as BookingRecord['status'],
    startAt: row.start_at,
    endAt: row.end_at,
    name: row.name,
    email: row.email,
    ...present({ program: row.program, ref: row.ref, replaces: row.replaces, movedTo: row.moved_to }),
    eventAt: row.event_at,
    receivedAt: row.received_at,
    ...(row.lead !== null && { lead: JSON.parse(row.lead) as NonNullable<BookingRecord['lead']> }),
    history: JSON.parse(row.history) as BookingRecord['history'],
    ...(row.outcome !== null && row.outcome !== undefined && { outcome: JSON.parse(row.outcome) as CallOutcome }),
  };
}
