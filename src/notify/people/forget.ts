/**
 * What the delivery ledger holds about one person, and how it forgets them: the rows addressed to their number
 * or address, and the rows of their leads (owner alerts carry their name in the parameters). Forgetting keeps
 * each row as a count (its template, audience, state and times, which the budgets and the desk's numbers
 * count) and blanks the number or address, the parameters, the error texts and the message id WhatsApp
 * answered with (a wamid holds the number it went to).
 */

export interface LedgerMatch {
  /** Rows addressed to these are the person's: the number (E.164) or address searched for. */
  recipients: string[];
  /** Rows of these leads (stored and dead) are about the person. */
  submissionIds: string[];
  /** The person's numbers and addresses (those their leads hold too): blanked wherever a matched row has them. */
  contacts: string[];
  /** Ledger keys by pattern (LIKE): the owners' alerts of what they wrote on WhatsApp, keyed by sender. */
  submissionPatterns?: string[];
  /**
   * Numbers and addresses their records hold that the owner did not confirm as theirs: a row addressed to one is
   * someone else's, even when it is about the person's lead, and is never included.
   */
  exclude?: string[];
}

/** One message row as a person's copy shows it. */
export interface LedgerEntry {
  submissionId: string;
  template: string;
  audience: string;
  /** The person's own number or address when the message went to them; "owner" when it went to an owner. */
  to: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  receipt: string | null;
  /** The message's parameters as sent (their name, what they wrote). */
  parameters: unknown;
}

/** A forgotten row's recipient: unique per lead and template, like the number it replaces. */
export const FORGOTTEN = 'erased';

/** The rows a match names, oldest first. */
export async function ledgerEntriesFor(db: D1Database, match: LedgerMatch): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  const seen = new Set<string>();
  for (const where of matchClauses(match)) {
    const { results } = await db
      .prepare(
        `SELECT submission_id, template, audience, recipient, status, created_at, sent_at, receipt, components
         FROM deliveries WHERE ${where.sql} ORDER BY created_at`,
      )
      .bind(...where.args)
      .all<Record<string, string | null>>();
    for (const r of results) {
      // A row may match on its recipient and on its lead: each row once.
      const key = `${r.submission_id}|${r.template}|${r.recipient}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({
        submissionId: String(r.submission_id),
        template: String(r.template),
        audience: String(r.audience),
        to: to(r),
        status: String(r.status),
        createdAt: String(r.created_at),
        sentAt: r.sent_at ?? null,
        receipt: r.receipt ?? null,
        parameters: parse(r.components ?? null),
      });
    }
  }
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  function to(r: Record<string, string | null>): string {
    return match.contacts.includes(String(r.recipient)) ? String(r.recipient) : 'owner';
  }
}

/** Blanks every matched row and its attempts; returns how many ledger rows were forgotten. */
export async function forgetInLedger(db: D1Database, match: LedgerMatch): Promise<number> {
  // A row may match on its recipient and on its lead: count each once, before blanking.
  const forgotten = (await ledgerEntriesFor(db, match)).length;
  for (const where of matchClauses(match)) {
    await db.batch([
      // Attempts are keyed by the row's recipient: blank them first, while it still names the person.
      db
        .prepare(
          `UPDATE delivery_attempts SET recipient = CASE WHEN recipient IN (${marks(match.contacts)}) THEN ? ELSE recipient END,
           message = NULL WHERE ${where.sql}`,
        )
        .bind(...match.contacts, FORGOTTEN, ...where.args),
      db
        .prepare(
          `UPDATE deliveries SET recipient = CASE WHEN recipient IN (${marks(match.contacts)}) THEN ? ELSE recipient END,
           components = '[]', last_error_message = NULL, receipt_error_title = NULL, provider_message_id = NULL
           WHERE ${where.sql}`,
        )
        .bind(...match.contacts, FORGOTTEN, ...where.args),
    ]);
  }
  return forgotten;
}

/** WHERE clauses for the match, in chunks that keep each statement under D1's 100 bound parameters (with the contacts). */
function matchClauses(match: LedgerMatch): Array<{ sql: string; args: string[] }> {
  const clauses: Array<{ sql: string; args: string[] }> = [];
  if (match.recipients.length) {
    clauses.push({ sql: `recipient IN (${marks(match.recipients)})`, args: match.recipients });
  }
  // Rows about their leads, but never one addressed to a number or address that is not confirmed as theirs.
  const exclude = (match.exclude ?? []).slice(0, 30);
  const notExcluded = exclude.length ? ` AND recipient NOT IN (${marks(exclude)})` : '';
  for (const pattern of match.submissionPatterns ?? [])
    clauses.push({ sql: `submission_id LIKE ?${notExcluded}`, args: [pattern, ...exclude] });
  for (let i = 0; i < match.submissionIds.length; i += 30) {
    const chunk = match.submissionIds.slice(i, i + 30);
    clauses.push({ sql: `submission_id IN (${marks(chunk)})${notExcluded}`, args: [...chunk, ...exclude] });
  }
  return clauses;
}

const marks = (values: string[]) => values.map(() => '?').join(', ') || "''";

function parse(text: string | null): unknown {
  try {
    return text ? JSON.parse(text) : [];
  } catch {
    return [];
  }
}
