/**
 * Reads what the Worker under test has stored (its leads, and its delivery ledger), through its development-only
 * routes (GET /__dev/leads and /__dev/deliveries, src/dev-routes.ts) rather than the runtime's files on disk.
 */
import { expect } from '@playwright/test';

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

/** Polls the store until `predicate` holds for the rows (writes may land a moment after the UI answers); returns them. */
export async function waitForLeads<T = Record<string, unknown>>(
  table: LeadTable,
  email: string,
  predicate: (rows: T[]) => boolean = (rows) => rows.length > 0,
  timeoutMs = 8_000,
): Promise<T[]> {
  let rows: T[] = [];
  await expect(async () => {
    rows = await storedLeads<T>(table, email);
    expect(predicate(rows), `${table} of ${email}: ${JSON.stringify(rows)}`).toBe(true);
  }).toPass({ timeout: timeoutMs });
  return rows;
}

/** One submission's row in the delivery ledger: who was (or was not) sent what, and how it went. */
export interface DeliveryRow {
  submission_id: string;
  template: string;
  recipient: string;
  audience: string;
  status: string;
  channel: string | null;
  provider_message_id: string | null;
  receipt: string | null;
  last_error_code: string | null;
}

/** The delivery ledger's rows of one submission (GET /__dev/deliveries, development only). */
export async function deliveries(submissionId: string): Promise<DeliveryRow[]> {
  const res = await fetch(`${BASE}/__dev/deliveries?submission=${encodeURIComponent(submissionId)}`);
  if (!res.ok) throw new Error(`GET /__dev/deliveries answered ${res.status}`);
  return ((await res.json()) as { deliveries: DeliveryRow[] }).deliveries;
}

/** Polls the ledger until `predicate` holds for one submission's rows; returns them. */
export async function waitForDeliveries(
  submissionId: string,
  predicate: (rows: DeliveryRow[]) => boolean,
  timeoutMs = 15_000,
): Promise<DeliveryRow[]> {
  let rows: DeliveryRow[] = [];
  await expect(async () => {
    rows = await deliveries(submissionId);
    expect(predicate(rows), JSON.stringify(rows)).toBe(true);
  }).toPass({ timeout: timeoutMs });
  return rows;
}

/**
 * Where a delivery stays once there: sent, failed for good, dead, skipped on purpose, or unknown (an answer from the
 * desk that timed out, sent again only by an owner).
 */
const SETTLED = ['sent', 'failed', 'dead', 'skipped', 'unknown'];

/**
 * Waits until the submission has at least `count` deliveries and none is still waiting or being sent. The Worker
 * sends a submission's messages one after another, each through its row (made before the send, settled after it),
 * so then it has done all it does for them: a message it had still to send, a second copy included, would be in
 * the ledger by now.
 */
export function waitForSettledDeliveries(submissionId: string, count: number): Promise<DeliveryRow[]> {
  return waitForDeliveries(
    submissionId,
    (rows) => rows.length >= count && rows.every((row) => SETTLED.includes(row.status)),
  );
}

/** How many rows of each local table (leads, search words, follow-up, dead leads, ledger) hold `text`. */
export async function rowsHolding(text: string): Promise<Record<string, number>> {
  const res = await fetch(`${BASE}/__dev/holds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`POST /__dev/holds answered ${res.status}`);
  return ((await res.json()) as { tables: Record<string, number> }).tables;
}
