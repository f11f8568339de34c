import { BOOKABLE_KINDS, LEAD_KINDS, type Lead, type LeadKind } from './lead';
import { type Correction } from './correction';

/**
 * Where the owners are with a lead: `booked` when a call is booked (set by the booking's webhook, or by an owner),
 * `client` once an owner says they became one.
 */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'booked', 'client', 'closed'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** What the owners add to a stored lead: its status and a private note, each with who set it and when. */
export interface DeskState {
  status: FollowUpStatus;
  statusBy?: string;
  statusAt?: string;
  note?: string;
  noteBy?: string;
  noteAt?: string;
  /** The contact fields an owner last corrected (names only: the old values are not kept), by whom and when. */
  corrected?: string[];
  correctedBy?: string;
  correctedAt?: string;
  /** The owner who took the lead (an address from OWNER_EMAILS), who set that and when; absent: nobody's. */
  owner?: string;
  ownerBy?: string;
  ownerAt?: string;
  /**
   * When an owner means to come back to the lead (UTC ISO time) with what for (at most NEXT_NOTE_MAX characters,
   * possibly empty), who set it and when; absent: no next date.
   */
  nextAt?: string;
  nextNote?: string;
  nextBy?: string;
  nextSetAt?: string;
}

/** The longest note a next date carries. */
export const NEXT_NOTE_MAX = 200;

/**
 * A stored lead as the desk reads it. `unsubscribedAt` is set only on a newsletter subscription whose
 * subscriber unsubscribed through their link (when they did); it is never cleared.
 */
export type LeadRecord = Lead & { desk: DeskState; unsubscribedAt?: string };

export interface LeadQuery {
  kind?: LeadKind;
  /** Inclusive lower bound of the arrival time (ISO 8601). */
  from?: string;
  /** Exclusive upper bound of the arrival time (ISO 8601). */
  to?: string;
  /** A name word, the whole name, the email address or the phone number. */
  q?: string;
  /** Only leads whose follow-up status is this one. */
  status?: FollowUpStatus;
  /** Only leads taken by one of these owners (addresses, lower-case), or only leads nobody took. */
  owner?: OwnerFilter;
  /** From a previous page's `next`. */
  cursor?: string;
  limit: number;
}

/** Whose leads a listing keeps: taken by one of `takenBy` (none listed: no lead), or taken by nobody. */
export type OwnerFilter = { takenBy: string[] } | 'nobody';

/** Whether a lead passes the owner filter (the scans that filter after reading use the same rule). */
export function ownerMatches(desk: DeskState, filter: OwnerFilter | undefined): boolean {
  if (!filter) return true;
  if (filter === 'nobody') return !desk.owner;
  return !!desk.owner && filter.takenBy.includes(desk.owner);
}

export interface LeadPage {
  leads: LeadRecord[];
  /** The cursor of the next (older) page; absent on the last page. */
  next?: string;
}

/**
 * One change an owner makes: the status, the note, a correction of the contact, who the lead is taken by (`owner`:
 * an owner's address, or '' for nobody's) or its next date (null clears it).
 */
export type LeadChange = { by: string; at: string } & (
  | { status: FollowUpStatus }
  | { note: string }
  | { correction: Correction }
  | { owner: string }
  | { next: { at: string; note: string } | null }
);

/** A desk field a change writes: its new value, or null to clear it. */
export type DeskWrite = Partial<Record<Exclude<keyof DeskState, 'corrected'>, string | null>>;

/** The follow-up fields a change (other than a correction) sets or clears, named as DeskState names them. */
export function deskWriteOf(change: Exclude<LeadChange, { correction: unknown }>): DeskWrite {
  const { by, at } = change;
  if ('status' in change) return { status: change.status, statusBy: by, statusAt: at };
  if ('note' in change) return { note: change.note, noteBy: by, noteAt: at };
  if ('owner' in change) return { owner: change.owner || null, ownerBy: by, ownerAt: at };
  const next = change.next;
  return { nextAt: next?.at ?? null, nextNote: next ? next.note : null, nextBy: by, nextSetAt: at };
}

/** Leads with a next date, soonest first (then by kind and id, so the order is the same in every store). */
export function soonestFirst(leads: LeadRecord[]): LeadRecord[] {
  const key = (l: LeadRecord) => `${l.desk.nextAt ?? ''}\u0000${l.kind}\u0000${l.id}`;
  return [...leads].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * A lead's last contact: the later of its arrival and its owners' last status, note, owner or next-date change. Quiz responses and
 * enquiries are deleted RETENTION.leadYears after it.
 */
export function lastContactOf(lead: LeadRecord): string {
  return [lead.createdAt, lead.desk.statusAt, lead.desk.noteAt, lead.desk.ownerAt, lead.desk.nextSetAt]
    .filter((t): t is string => !!t)
    .reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

/** Position in the newest-first order: arrival time, then id, then kind (an id may exist in two kinds). */
export interface Position {
  at: string;
  id: string;
  kind: LeadKind;
}

export function encodeCursor(p: Position): string {
  return btoa(JSON.stringify([p.at, p.id, p.kind]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The position a cursor names, or null when it is not one this store made. */
export function decodeCursor(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [at, id, kind] = value as unknown[];
    if (typeof at !== 'string' || typeof id !== 'string' || !LEAD_KINDS.includes(kind as LeadKind)) return null;
    if (Number.isNaN(Date.parse(at))) return null;
    return { at, id, kind: kind as LeadKind };
  } catch {
    return null;
  }
}

/** Newest first: a before b when a sorts first. */
export function compareNewestFirst(a: Position, b: Position): number {
  const [ta, tb] = [sortableTime(a.at), sortableTime(b.at)];
  if (ta !== tb) return ta < tb ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return a.kind === b.kind ? 0 : a.kind < b.kind ? 1 : -1;
}

/** An RFC 3339 UTC time with its fraction padded to nanoseconds, so that times of any precision sort as text. */
function sortableTime(at: string): string {
  const match = /^(.*?)(?:\.(\d+))?Z$/.exec(at);
  return match ? `${match[1]}.${(match[2] ?? '').padEnd(9, '0')}Z` : at;
}

/**
 * Whether rows of `kind` exactly at the cursor's (at, id) still belong on the next page:
 * they do when that kind sorts after the cursor's kind.
 */
export function includesCursorRow(kind: LeadKind, cursor: Position): boolean {
  return kind < cursor.kind;
}

/**
 * One page of the newest-first list over several kinds: each kind is asked for
 * up to limit+1 rows after the cursor (an indexed, bounded query per kind), the
 * answers are merged, and the page is cut at `limit`.
 */
export async function mergePages(
  query: LeadQuery,
  listKind: (kind: LeadKind, after: Position | null, limit: number) => Promise<Array<LeadRecord & { at: string }>>,
): Promise<LeadPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  // A newsletter subscription is never taken: a filter by owner lists only quiz responses and enquiries.
  const kinds = (query.kind ? [query.kind] : LEAD_KINDS).filter(
    (kind) => !query.owner || (BOOKABLE_KINDS as readonly LeadKind[]).includes(kind),
  );
  const rows = (await Promise.all(kinds.map((kind) => listKind(kind, after, query.limit + 1)))).flat();
  rows.sort((a, b) => compareNewestFirst(positionOf(a), positionOf(b)));
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const leads = page.map(({ at: _at, ...lead }) => lead as LeadRecord);
  return rows.length > query.limit && last ? { leads, next: encodeCursor(positionOf(last)) } : { leads };
}

const positionOf = (row: LeadRecord & { at: string }): Position => ({ at: row.at, id: row.id, kind: row.kind });
