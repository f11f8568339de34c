import { errorMessage, logEvent } from '../log';
import { contactOf, normalizePhone, type Lead, type Person } from './lead';

/** How many records of each kind an erasure removed: what the erasure log keeps (never the person's data). */
export interface ErasureCounts {
  quiz: number;
  newsletter: number;
  enquiry: number;
  dead: number;
  /** Delivery-ledger rows whose number, address and parameters were blanked (kept as counts). */
  messages: number;
  /** Messages they wrote to the business number on WhatsApp (absent in entries logged before conversations). */
  conversation?: number;
}

/**
 * What the newsletter tool was told about an erasure that found a signup it had received: `pending` until the
 * queued job ran, then what the tool did (Mailchimp `deleted` them; Kit `unsubscribed` them, as its API cannot
 * delete), or `failed` with the tool's answer.
 */
export interface ToolErasure {
  provider: 'kit' | 'mailchimp';
  state: 'pending' | 'deleted' | 'unsubscribed' | 'failed';
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

/** The values a contact is remembered by after an erasure: the lower-case address and the number's digits. */
function keysOf(contact: { email?: string; phone?: string }, region: string): string[] {
  const keys: string[] = [];
  const email = contact.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  if (contact.phone) {
    const phone = normalizePhone(contact.phone, region) ?? contact.phone;
    const digits = phone.replace(/\D/g, '');
    if (digits) keys.push(`phone:${digits}`);
  }
  return keys;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Remembers, as salted hashes, the address and numbers of an erased person, so that jobs already in the queue
 * for them (a lead parked while the store was down, the messages of a stored one) are dropped rather than
 * bringing their data back. A repeat erasure refreshes the time.
 */
export async function rememberErased(
  db: D1Database,
  values: Array<{ email?: string; phone?: string }>,
  region: string,
  at: string,
): Promise<void> {
  const keys = [...new Set(values.flatMap((v) => keysOf(v, region)))];
  const statements = await Promise.all(
    keys.map(async (key) => {
      const salt = crypto.randomUUID();
      // The hash is unique per value and salt; a value erased twice gets a second row (both expire).
      return db
        .prepare('INSERT OR IGNORE INTO erased_contacts (hash, salt, erased_at) VALUES (?, ?, ?)')
        .bind(await sha256(`${salt}|${key}`), salt, at);
    }),
  );
  if (statements.length) await db.batch(statements);
}

/**
 * Whether a lead that arrived before an erasure belongs to the erased person: then its queued jobs are
 * dropped. A lead that arrived after the erasure is a new contact and is kept.
 */
export async function erasedBefore(db: D1Database, lead: Lead, region: string): Promise<boolean> {
  const { results } = await db
    .prepare('SELECT hash, salt FROM erased_contacts WHERE erased_at > ?')
    .bind(lead.createdAt)
    .all<{ hash: string; salt: string }>();
  if (results.length === 0) return false;
  const keys = keysOf(safeContact(lead), region);
  for (const { hash, salt } of results) {
    for (const key of keys) if ((await sha256(`${salt}|${key}`)) === hash) return true;
  }
  return false;
}

function safeContact(lead: Lead): { email?: string; phone?: string } {
  try {
    return contactOf(lead);
  } catch {
    return {};
  }
}

/** The person's own values as rememberErased takes them. */
export function valuesOf(person: Person): { email?: string; phone?: string } {
  return person.email !== undefined ? { email: person.email } : { phone: person.phone };
}

/** Run by the cron: forgets erased contacts older than ERASED_CONTACT_DAYS. */
export async function pruneErasedContacts(db: D1Database, now = Date.now()): Promise<number> {
  const before = new Date(now - ERASED_CONTACT_DAYS * 86_400_000).toISOString();
  try {
    const result = await db.prepare('DELETE FROM erased_contacts WHERE erased_at < ?').bind(before).run();
    return result.meta.changes ?? 0;
  } catch (err) {
    logEvent('error', 'person.erased', { step: 'prune erased contacts', outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}
