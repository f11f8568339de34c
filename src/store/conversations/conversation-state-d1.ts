import {
  applyChange,
  type ConversationState,
  type ConversationStateStore,
  type StateChange,
} from './conversation-state';
import { pruneOldest, rowOf, rowsOf } from '../d1-read';
import type { FollowUpStatus } from '../leads/listing';
import { present } from '../present';

interface StateRow {
  address: string;
  done_at: string | null;
  done_by: string | null;
  done_through: string | null;
  status: FollowUpStatus | null;
  status_by: string | null;
  status_at: string | null;
  note: string | null;
  note_by: string | null;
  note_at: string | null;
}

const STATE_COLUMNS = 'address, done_at, done_by, done_through, status, status_by, status_at, note, note_by, note_at';

/** Read marks and conversation states in D1 (migrations/0032_conversation_state.sql). */
export class D1ConversationStateStore implements ConversationStateStore {
  constructor(private readonly db: D1Database) {}

  async markRead(address: string, owner: string, at: string): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO conversation_reads (address, owner, read_at) VALUES (?, ?, ?)
         ON CONFLICT (address, owner) DO UPDATE SET read_at = excluded.read_at WHERE excluded.read_at > read_at`,
      )
      .bind(address, owner, at)
      .run();
  }

  async readsOf(address: string): Promise<Map<string, string>> {
    const rows = await rowsOf(
      this.db.prepare('SELECT owner, read_at FROM conversation_reads WHERE address = ?').bind(address),
      (r: { owner: string; read_at: string }) => [r.owner, r.read_at] as const,
    );
    return new Map(rows);
  }

  async readsAmong(addresses: string[]): Promise<Map<string, Map<string, string>>> {
    const found = new Map<string, Map<string, string>>();
    for (const chunk of chunks(addresses)) {
      const sql = `SELECT address, owner, read_at FROM conversation_reads WHERE address IN (${marks(chunk)})`;
      const { results } = await this.db
        .prepare(sql)
        .bind(...chunk)
        .all<{ address: string; owner: string; read_at: string }>();
      for (const r of results) found.set(r.address, (found.get(r.address) ?? new Map()).set(r.owner, r.read_at));
    }
    return found;
  }

  async state(address: string): Promise<ConversationState | null> {
    const sql = `SELECT ${STATE_COLUMNS} FROM conversation_states WHERE address = ?`;
    return rowOf(this.db.prepare(sql).bind(address), fromRow);
  }

  async states(addresses: string[]): Promise<Map<string, ConversationState>> {
    const found = new Map<string, ConversationState>();
    for (const chunk of chunks(addresses)) {
      const sql = `SELECT ${STATE_COLUMNS} FROM conversation_states WHERE address IN (${marks(chunk)})`;
      const rows = await rowsOf(this.db.prepare(sql).bind(...chunk), (r: StateRow) => [r.address, fromRow(r)] as const);
      for (const [address, state] of rows) found.set(address, state);
    }
    return found;
  }

  async change(address: string, change: StateChange): Promise<ConversationState> {
    const next = applyChange(await this.state(address), change);
    await this.db
      .prepare(
        `INSERT INTO conversation_states (address, done_at, done_by, done_through, status, status_by, status_at, note,
           note_by, note_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (address) DO UPDATE SET done_at = excluded.done_at, done_by = excluded.done_by, done_through = excluded.done_through,
           status = excluded.status, status_by = excluded.status_by, status_at = excluded.status_at,
           note = excluded.note, note_by = excluded.note_by, note_at = excluded.note_at, updated_at = excluded.updated_at`,
      )
      .bind(
        address,
        next.doneAt ?? null,
        next.doneBy ?? null,
        next.doneThrough ?? null,
        next.status ?? null,
        next.statusBy ?? null,
        next.statusAt ?? null,
        next.note ?? null,
        next.noteBy ?? null,
        next.noteAt ?? null,
        change.at,
      )
      .run();
    return next;
  }

  async erase(address: string): Promise<number> {
    const [reads, states] = await this.db.batch([
      this.db.prepare('DELETE FROM conversation_reads WHERE address = ?').bind(address),
      this.db.prepare('DELETE FROM conversation_states WHERE address = ?').bind(address),
    ]);
    return (reads?.meta.changes ?? 0) + (states?.meta.changes ?? 0);
  }

  async pruneBefore(before: string, limit: number): Promise<number> {
    const [reads, states] = await this.db.batch([
      pruneOldest(this.db, { table: 'conversation_reads', key: 'rowid', time: 'read_at' }, before, limit),
      pruneOldest(this.db, { table: 'conversation_states', key: 'address', time: 'updated_at' }, before, limit),
    ]);
    return (reads?.meta.changes ?? 0) + (states?.meta.changes ?? 0);
  }
}

/** Addresses in chunks a statement can bind (D1 binds at most 100 parameters). */
function chunks(addresses: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < addresses.length; i += 90) out.push(addresses.slice(i, i + 90));
  return out;
}

const marks = (chunk: string[]) => chunk.map(() => '?').join(', ');

function fromRow(row: StateRow): ConversationState {
  return present({
    doneAt: row.done_at,
    doneBy: row.done_by,
    doneThrough: row.done_through,
    status: row.status,
    statusBy: row.status_by,
    statusAt: row.status_at,
    note: row.note,
    noteBy: row.note_by,
    noteAt: row.note_at,
  });
}
