import { errorMessage, logEvent } from '../../log';
import { RETENTION } from '../../words/privacy';
import { type Lead, contactOf } from './lead';
import { pruneOldest } from '../d1-read';

/** A lead the store refused for good (keepDeadLead below), as the desk shows it. */
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

/** The lead kept, or the lead inside a kept job this version could not read (keepUnreadableJob below). */
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

/** Keeps a lead the store refused for good in D1's dead_leads, with the reason, where the owners see it. */
export async function keepDeadLead(db: D1Database, lead: Lead, reason: string, attempts: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO NOTHING`,
    )
    .bind(lead.id, lead.kind, JSON.stringify(lead), reason, attempts, new Date().toISOString())
    .run();
  logEvent('error', 'lead.dead', { submissionId: lead.id, kind: lead.kind, attempts });
}

/** The kind a job this version could not read is kept under in dead_leads (the desk names it). */
export const UNREADABLE_JOB = 'unreadable';

/**
 * Keeps a queue message no version could read in dead_leads, its body whole (it may carry a lead of a
 * newer version's format): keyed by the message id, so a redelivery records it once.
 */
export async function keepUnreadableJob(
  db: D1Database,
  messageId: string,
  body: unknown,
  reason: string,
  attempts: number,
): Promise<void> {
  let text: string;
  try {
    text = JSON.stringify(body) ?? String(body);
  } catch {
    text = String(body);
  }
  await db
    .prepare(
      `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO NOTHING`,
    )
    .bind(
      `job:${messageId}`,
      UNREADABLE_JOB,
      text,
      `This version could not read the job: ${reason}`,
      attempts,
      new Date().toISOString(),
    )
    .run();
  logEvent('error', 'lead.dead', { submissionId: `job:${messageId}`, kind: UNREADABLE_JOB, attempts });
}

/**
 * Run by the cron: deletes dead leads kept longer than the privacy notice says (RETENTION.deadLeadDays), a bounded
 * batch per run. Returns how many went; a failure is logged and retried by the next run.
 */
export async function pruneDeadLeads(db: D1Database, now = Date.now(), batch = 500): Promise<number> {
  const before = new Date(now - RETENTION.deadLeadDays * 86_400_000).toISOString();
  try {
    const result = await pruneOldest(db, { table: 'dead_leads', key: 'id', time: 'created_at' }, before, batch).run();
    const removed = result.meta.changes ?? 0;
    if (removed > 0) logEvent('info', 'dead_lead.pruned', { removed, olderThanDays: RETENTION.deadLeadDays });
    return removed;
  } catch (err) {
    logEvent('error', 'dead_lead.pruned', { outcome: 'failed', error: errorMessage(err) });
    return 0;
  }
}

/** Deletes the dead leads with these ids (an erasure); how many there were. */
export async function deleteDeadLeads(db: D1Database, ids: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const result = await db
      .prepare(`DELETE FROM dead_leads WHERE id IN (${chunk.map(() => '?').join(', ')})`)
      .bind(...chunk)
      .run();
    removed += result.meta.changes ?? 0;
  }
  return removed;
}
