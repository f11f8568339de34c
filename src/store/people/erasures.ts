import { errorMessage, logEvent } from '../../log';
import { hex, keyedHash } from '../keyed-hash';
import { contactOf, type Lead, type LeadKind } from '../leads/lead';
import { normalizePhone } from '../phone';
import { isUserId } from '../../shared/user-id';

/**
 * How many records of each kind an erasure removed, leads by their kind: what the erasure log keeps (never the
 * person's data).
 */
export interface ErasureCounts extends Record<LeadKind, number> {
  dead: number;
  /** Delivery-ledger rows whose number, address and parameters were blanked (kept as counts). */
  messages: number;
  /** Messages they wrote to the business number on WhatsApp (absent in entries logged before conversations). */
  conversation?: number;
  /** Calls they booked (absent in entries logged before bookings). */
  bookings?: number;
  /** Payment requests deleted, and payments kept only as the accounting copy (absent before payments). */
  paymentRequests?: number;
  payments?: number;
  /** Accounting copies the cron deleted PAYMENT_RECORD_YEARS after their payment. */
  paymentCopies?: number;
  /** Packages of sessions (with their terms acceptances) and testimonials deleted (absent before clients). */
  engagements?: number;
  testimonials?: number;
  /** Requests for a free guide, and reports of the newsletter tool about their addresses (absent before guides). */
  guideRequests?: number;
  toolEvents?: number;
  /**
   * Which of their identifiers the owner confirmed as theirs (the one searched for and those ticked), and how
   * many others their records held that were left as someone else's: counts, never the values. Absent in
   * entries logged before the owner confirmed identifiers, and in the retention cron's.
   */
  identifiers?: { emails: number; phones: number; left: number };
  /**
   * Their quotes taken out of the site content's draft, and how many of them the live site still showed (until
   * the owners publish). Absent in entries logged before quotes were erased.
   */
  quotes?: number;
  quotesLive?: number;
}

/**
 * What the newsletter tool was told about an erasure that found a signup it had received: `pending` until the
 * queued job ran, then what the tool did (Mailchimp `deleted` them; Kit `unsubscribed` them, as its API cannot
 * delete), `absent` when the tool had no one at the address any more, or `failed` with the tool's answer.
 */
export interface ToolErasure {
  provider: 'kit' | 'mailchimp';
  state: 'pending' | 'deleted' | 'unsubscribed' | 'absent' | 'failed';
  code?: string;
}

export interface Erasure {
  id: number;
  /** The owner's Access email, or RETENTION_ERASER for the cron. */
  by: string;
  at: string;
  counts: ErasureCounts;
  /** Null when the newsletter tool had none of the person's signups (or there is no tool). */
  tool: ToolErasure | null;
}

interface ErasureRow {
  id: number;
  erased_by: string;
  erased_at: string;
  counts: string;
  newsletter_tool: string | null;
}

const fromRow = (r: ErasureRow): Erasure => ({
  id: r.id,
  by: r.erased_by,
  at: r.erased_at,
  counts: JSON.parse(r.counts),
  tool: r.newsletter_tool ? (JSON.parse(r.newsletter_tool) as ToolErasure) : null,
});

/** Who the log names when the cron deletes leads past their retention period. */
export const RETENTION_ERASER = 'retention';

/** Jobs for an erased person still in the queue are dropped for this long (parked leads wait at most days). */
export const ERASED_CONTACT_DAYS = 30;

export async function logErasure(
  db: D1Database,
  by: string,
  at: string,
  counts: ErasureCounts,
  tool: ToolErasure | null = null,
): Promise<number> {
  const row = await db
    .prepare('INSERT INTO erasures (erased_by, erased_at, counts, newsletter_tool) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(by, at, JSON.stringify(counts), tool && JSON.stringify(tool))
    .first<{ id: number }>();
  return row?.id ?? 0;
}

/** Adds what a later step of erasure `id` removed to its counts. */
export async function addToErasure(db: D1Database, id: number, more: Partial<ErasureCounts>): Promise<void> {
  await db
    .prepare('UPDATE erasures SET counts = json_patch(counts, ?) WHERE id = ?')
    .bind(JSON.stringify(more), id)
    .run();
}

/** Records what the newsletter tool did about erasure `id`. */
export async function setToolErasure(db: D1Database, id: number, tool: ToolErasure): Promise<void> {
  await db.prepare('UPDATE erasures SET newsletter_tool = ? WHERE id = ?').bind(JSON.stringify(tool), id).run();
}

const COLUMNS = 'id, erased_by, erased_at, counts, newsletter_tool';

/** The newest erasures, at most `limit` (erasures_by_time serves the order). */
export async function erasureLog(db: D1Database, limit = 20): Promise<Erasure[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM erasures ORDER BY erased_at DESC, id DESC LIMIT ?`)
    .bind(limit)
    .all<ErasureRow>();
  return results.map(fromRow);
}

export async function erasureById(db: D1Database, id: number): Promise<Erasure | null> {
  const r = await db.prepare(`SELECT ${COLUMNS} FROM erasures WHERE id = ?`).bind(id).first<ErasureRow>();
  return r && fromRow(r);
}

/**
 * The values a contact is remembered by after an erasure: the lower-case address and the number's digits, or the
 * WhatsApp user id when that is their address.
 */
function keysOf(contact: { email?: string; phone?: string }, region: string): string[] {
  const keys: string[] = [];
  const email = contact.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  if (contact.phone && isUserId(contact.phone)) keys.push(`user:${contact.phone}`);
  else if (contact.phone) {
    const phone = normalizePhone(contact.phone, region) ?? contact.phone;
    const digits = phone.replace(/\D/g, '');
    if (digits) keys.push(`phone:${digits}`);
  }
  return keys;
}

async function sha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * What one erasure remembers: the person's contacts (a WhatsApp user id as a `phone`), their senders' pseudonyms
 * and their message ids.
 */
export interface ErasedValues {
  contacts: Array<{ email?: string; phone?: string }>;
  senders?: string[];
  messageIds?: string[];
}

/**
 * Remembers, as hashes keyed with ERASURE_KEY, the addresses and numbers of an erased person, their WhatsApp
 * senders' pseudonyms and the ids of the messages they wrote, so that jobs already in the queue for them (a
 * lead parked while the store was down, the messages of a stored one, an alert of what they wrote) are dropped,
 * and a webhook event from before the erasure, retried or replayed, stores nothing. A repeat erasure refreshes
 * the time.
 */
export async function rememberErased(
  db: D1Database,
  erasureKey: string,
  values: ErasedValues,
  region: string,
  at: string,
): Promise<void> {
  const keys = new Set(values.contacts.flatMap((v) => keysOf(v, region)));
  for (const sender of values.senders ?? []) keys.add(`sender:${sender}`);
  for (const id of values.messageIds ?? []) keys.add(`wamid:${id}`);
  const statements = await Promise.all(
    [...keys].map(async (key) =>
      // A keyed row has no salt; rows with one were written before ERASURE_KEY (a salted SHA-256).
      db
        .prepare(
          `INSERT INTO erased_contacts (hash, salt, erased_at, kind) VALUES (?, '', ?, ?)
           ON CONFLICT (hash) DO UPDATE SET erased_at = excluded.erased_at`,
        )
        .bind(await keyedHash(erasureKey, key), at, key.slice(0, key.indexOf(':'))),
    ),
  );
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
}

/** Whether any of these keys was erased after `since` (an ISO time): keyed rows by index, older salted rows one by one. */
async function erasedAfter(db: D1Database, erasureKey: string | null, keys: string[], since: string): Promise<boolean> {
  if (keys.length === 0) return false;
  if (erasureKey !== null) {
    const hashes = await Promise.all(keys.map((k) => keyedHash(erasureKey, k)));
    const keyed = await db
      .prepare(
        `SELECT 1 FROM erased_contacts WHERE erased_at > ? AND hash IN (${hashes.map(() => '?').join(', ')}) LIMIT 1`,
      )
      .bind(since, ...hashes)
      .first();
    if (keyed) return true;
  }
  const { results } = await db
    .prepare("SELECT hash, salt FROM erased_contacts WHERE erased_at > ? AND salt <> ''")
    .bind(since)
    .all<{ hash: string; salt: string }>();
  for (const { hash, salt } of results) {
    for (const key of keys) if ((await sha256(`${salt}|${key}`)) === hash) return true;
  }
  return false;
}

/**
 * Whether a lead that arrived before an erasure belongs to the erased person: then its queued jobs are
 * dropped. A lead that arrived after the erasure is a new contact and is kept.
 */
export async function erasedBefore(
  db: D1Database,
  erasureKey: string | null,
  lead: Lead,
  region: string,
): Promise<boolean> {
  return erasedAfter(db, erasureKey, keysOf(safeContact(lead), region), lead.createdAt);
}

/**
 * Whether something about a person that happened at `at` (a message they wrote, a job about them) was erased
 * since: by their number (or WhatsApp user id), their sender pseudonym or the message's id. Anything from after the erasure is new.
 */
export async function erasedSince(
  db: D1Database,
  erasureKey: string | null,
  what: { phone?: string; sender?: string; messageId?: string; email?: string; userId?: string },
  at: string,
  region: string,
): Promise<boolean> {
  const keys = keysOf({ ...(what.phone && { phone: what.phone }), ...(what.email && { email: what.email }) }, region);
  if (what.userId && what.userId !== what.phone) keys.push(`user:${what.userId}`);
  if (what.sender) keys.push(`sender:${what.sender}`);
  if (what.messageId) keys.push(`wamid:${what.messageId}`);
  return erasedAfter(db, erasureKey, keys, at);
}

function safeContact(lead: Lead): { email?: string; phone?: string } {
  try {
    return contactOf(lead);
  } catch {
    return {};
  }
}

/**
 * Run by the cron: forgets erased contacts older than ERASED_CONTACT_DAYS. The hashes of erased message ids stay:
 * a message id is never reused, so its hash only ever matches a replay of that message.
 */
export async function pruneErasedContacts(db: D1Database, now = Date.now()): Promise<number> {
  const before = new Date(now - ERASED_CONTACT_DAYS * 86_400_000).toISOString();
  try {
    const result = await db
      .prepare("DELETE FROM erased_contacts WHERE erased_at < ? AND (kind IS NULL OR kind <> 'wamid')")
      .bind(before)
      .run();
    return result.meta.changes ?? 0;
  } catch (err) {
    logEvent('error', 'person.erased', { step: 'prune erased contacts', outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}
