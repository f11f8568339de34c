import { isUserId } from '../../shared/user-id';
import { keyedHash } from '../keyed-hash';

// The numbers that asked for no more WhatsApp messages (migrations/0020_whatsapp_opt_outs.sql), kept only as an
// HMAC of the number under ERASURE_KEY: the same key, and the same form of the number, as an erased contact, so a
// request outlives an erasure of the person without the number being kept anywhere.

/** How an opt-out was recorded: the visitor wrote STOP (or a variant), or an owner recorded their request. */
export type OptOutHow = 'message' | 'owner';

export interface OptOut {
  /** When the number opted out (ISO). */
  at: string;
  how: OptOutHow;
  /** The owner's Access email, when an owner recorded it. */
  by: string | null;
}

interface OptOutRow {
  opted_out_at: string;
  how: OptOutHow;
  by_owner: string | null;
}

/**
 * The opt-out key of an address: an HMAC under ERASURE_KEY of `phone:<digits>` for a number (E.164), of
 * `user:<id>` for a WhatsApp user id. Null without a key (then no opt-out can be recorded, and none is looked up).
 */
export async function optOutHash(erasureKey: string, phone: string): Promise<string | null> {
  if (isUserId(phone)) return erasureKey ? keyedHash(erasureKey, `user:${phone}`) : null;
  const digits = phone.replace(/\D/g, '');
  return erasureKey && digits ? keyedHash(erasureKey, `phone:${digits}`) : null;
}

/**
 * Records that a number opted out; a number already opted out keeps its first record. Answers whether this call
 * recorded it (false: it was already, or there is no key).
 */
export async function recordOptOut(
  db: D1Database,
  erasureKey: string,
  phone: string,
  what: { at: string; how: OptOutHow; by?: string },
): Promise<boolean> {
  const hash = await optOutHash(erasureKey, phone);
  if (!hash) return false;
  const result = await db
    .prepare(
      `INSERT INTO whatsapp_opt_outs (number_hash, opted_out_at, how, by_owner) VALUES (?, ?, ?, ?)
       ON CONFLICT (number_hash) DO NOTHING`,
    )
    .bind(hash, what.at, what.how, what.by ?? null)
    .run();
  return result.meta.changes > 0;
}

/**
 * Forgets a number's opt-out (they wrote START, or an owner opted them back in); answers whether there was one.
 * With `asOf` (when START was written), only an opt-out recorded by then: a START delivered late never undoes a
 * newer STOP.
 */
export async function removeOptOut(db: D1Database, erasureKey: string, phone: string, asOf?: string): Promise<boolean> {
  const hash = await optOutHash(erasureKey, phone);
  if (!hash) return false;
  const result = await db
    .prepare('DELETE FROM whatsapp_opt_outs WHERE number_hash = ?1 AND (?2 IS NULL OR opted_out_at <= ?2)')
    .bind(hash, asOf ?? null)
    .run();
  return result.meta.changes > 0;
}

/** A number's opt-out, or null when it has none. */
export async function optOutOf(db: D1Database, erasureKey: string, phone: string): Promise<OptOut | null> {
  const hash = await optOutHash(erasureKey, phone);
  if (!hash) return null;
  const row = await db
    .prepare('SELECT opted_out_at, how, by_owner FROM whatsapp_opt_outs WHERE number_hash = ?')
    .bind(hash)
    .first<OptOutRow>();
  return row && { at: row.opted_out_at, how: row.how, by: row.by_owner };
}

/** The opt-outs of these numbers (E.164), each with its number: for a person's page. */
export async function optOutsOf(
  db: D1Database,
  erasureKey: string,
  phones: string[],
): Promise<Array<OptOut & { phone: string }>> {
  const found = await Promise.all(
    phones.map(async (phone) => ({ phone, optOut: await optOutOf(db, erasureKey, phone) })),
  );
  return found.flatMap(({ phone, optOut }) => (optOut ? [{ ...optOut, phone }] : []));
}

/**
 * Carries a user id's opt-out over to the number it turned out to belong to (the number keeps its own record when it
 * has one); the user id's record goes. Answers whether there was one to carry.
 */
export async function carryOptOut(db: D1Database, erasureKey: string, userId: string, phone: string): Promise<boolean> {
  const [from, to] = await Promise.all([optOutHash(erasureKey, userId), optOutHash(erasureKey, phone)]);
  if (!from || !to) return false;
  const [, removed] = await db.batch([
    db
      .prepare(
        `INSERT INTO whatsapp_opt_outs (number_hash, opted_out_at, how, by_owner)
         SELECT ?, opted_out_at, how, by_owner FROM whatsapp_opt_outs WHERE number_hash = ?
         ON CONFLICT (number_hash) DO NOTHING`,
      )
      .bind(to, from),
    db.prepare('DELETE FROM whatsapp_opt_outs WHERE number_hash = ?').bind(from),
  ]);
  return (removed?.meta.changes ?? 0) > 0;
}

/**
 * Undoes an opt-out an owner recorded (never one the visitor made by writing STOP); answers whether there was one.
 */
export async function removeOwnerOptOut(db: D1Database, erasureKey: string, phone: string): Promise<boolean> {
  const hash = await optOutHash(erasureKey, phone);
  if (!hash) return false;
  const result = await db
    .prepare(`DELETE FROM whatsapp_opt_outs WHERE number_hash = ? AND how = 'owner'`)
    .bind(hash)
    .run();
  return result.meta.changes > 0;
}
