import { contactOf } from '../leads/listing';
import type { Lead } from '../leads/types';

/** A lead the store refused for good (src/leads/parked.ts keepDeadLead), as the desk shows it. */
export interface DeadLead {
  id: string;
  kind: string;
  /** The lead as accepted; null when its JSON cannot be read. */
  lead: Lead | null;
  reason: string;
  attempts: number;
  createdAt: string;
}

/** How many leads are kept as dead (the inbox banner). */
export async function deadLeadCount(db: D1Database): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM dead_leads').first<{ n: number }>();
  return row?.n ?? 0;
}

/** The newest dead leads, at most `limit` (dead_leads_by_time serves the order). */
export async function deadLeads(db: D1Database, limit = 200): Promise<DeadLead[]> {
  const { results } = await db
    .prepare('SELECT id, kind, lead, reason, attempts, created_at FROM dead_leads ORDER BY created_at DESC LIMIT ?')
    .bind(limit)
    .all<{ id: string; kind: string; lead: string; reason: string; attempts: number; created_at: string }>();
  return results.map((r) => ({
    id: r.id,
    kind: r.kind,
    lead: parseLead(r.lead),
    reason: r.reason,
    attempts: r.attempts,
    createdAt: r.created_at,
  }));
}

function parseLead(text: string): Lead | null {
  try {
    const lead = JSON.parse(text) as Lead;
    return lead && typeof lead === 'object' && 'kind' in lead ? lead : null;
  } catch {
    return null;
  }
}

/** Name, email and phone of a dead lead, for the owners to reach the visitor by hand. */
export function deadContact(lead: Lead | null): { name: string; email: string; phone: string } {
  if (!lead) return { name: '', email: '', phone: '' };
  return contactOf(lead);
}
