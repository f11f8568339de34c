import { KINDS, type LeadKind } from '../store/leads/lead';

/**
 * Time passing for a stored lead, for the local run's journeys only (POST /__dev/leads/age): its arrival time moves
 * `hours` back in the local D1, in its own table and in its search rows (lead_search keeps the arrival time to page
 * on), so the listing, the search and the rules that count hours since a lead arrived (the inbox's "No call yet", the
 * nudges) all see it as older without waiting. Both tables change in one batch. Null when there is no such lead.
 */
export async function moveLeadBack(
  db: D1Database,
  kind: LeadKind,
  id: string,
  hours: number,
): Promise<{ arrivedAt: string } | null> {
  const { collection, timeColumn } = KINDS[kind];
  const row = await db
    .prepare(`SELECT ${timeColumn} AS at FROM ${collection} WHERE id = ?`)
    .bind(id)
    .first<{ at: string }>();
  if (!row) return null;
  const arrivedAt = new Date(Date.parse(row.at) - hours * 3_600_000).toISOString();
  await db.batch([
    db.prepare(`UPDATE ${collection} SET ${timeColumn} = ? WHERE id = ?`).bind(arrivedAt, id),
    db.prepare('UPDATE lead_search SET created_at = ? WHERE kind = ? AND id = ?').bind(arrivedAt, kind, id),
  ]);
  return { arrivedAt };
}
