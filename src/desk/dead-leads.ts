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

/** The lead kept, or the lead inside a kept job this version could not read (src/leads/parked.ts keepUnreadableJob). */
function parseLead(text: string): Lead | null {
  const isLead = (v: unknown): v is Lead => !!v && typeof v === 'object' && 'kind' in v;
  try {
    const value = JSON.parse(text) as unknown;
    if (isLead(value)) return value;
    const inner = value && typeof value === 'object' ? (value as { lead?: unknown }).lead : undefined;
    return isLead(inner) ? inner : null;
  } catch {
    return null;
  }
}

/**
 * Name, email and phone of a dead lead, for the owners to reach the visitor by hand. A lead of another
 * version's shape may lack fields: what cannot be read is left blank.
 */
export function deadContact(lead: Lead | null): { name: string; email: string; phone: string } {
  const none = { name: '', email: '', phone: '' };
  if (!lead) return none;
  try {
    const c = contactOf(lead);
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { name: text(c.name), email: text(c.email), phone: text(c.phone) };
  } catch {
    return none;
  }
}
