/**
 * Reads what the Worker under test has stored, through its development-only route
 * (GET /__dev/leads, src/routes/dev.ts) rather than the runtime's files on disk.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** The lead tables, as the store names them. */
export type LeadTable = 'quiz_responses' | 'news_letter' | 'enquiries';

/** The stored leads of one kind whose email is `email` (quiz: the contact's email), as D1 holds them. */
export async function storedLeads<T = Record<string, unknown>>(table: LeadTable, email: string): Promise<T[]> {
  const res = await fetch(`${BASE}/__dev/leads?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /__dev/leads answered ${res.status}`);
  const { leads } = (await res.json()) as { leads: Record<LeadTable, T[]> };
  return leads[table];
}

/** Polls the store until `predicate` holds for the rows (writes may land a moment after the UI answers). */
export async function waitForLeads<T = Record<string, unknown>>(
  table: LeadTable,
  email: string,
  predicate: (rows: T[]) => boolean = (rows) => rows.length > 0,
  timeoutMs = 8_000,
): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await storedLeads<T>(table, email);
    if (predicate(rows) || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 150));
  }
}
