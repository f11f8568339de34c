import type { Send } from './templates';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates';

/** The template that goes to the number a visitor typed (the others go to the owners). */
export const VISITOR_TEMPLATE = WHATSAPP_TEMPLATES.enquiryVisitor.name;

/**
 * An enquiry sends a WhatsApp message to whatever number the visitor typed, so a
 * stranger's number could be flooded through the form. One number receives at
 * most `limit` such messages in 24 hours; later ones are skipped (the lead is
 * stored and the owners are still told). A redelivered job for a submission that
 * already has its row is never capped, so retries keep working.
 */
export async function overVisitorCap(
  db: D1Database,
  submissionId: string,
  send: Send,
  limit: number,
  now: Date,
): Promise<boolean> {
  if (send.template !== VISITOR_TEMPLATE) return false;
  const since = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  const row = await db
    .prepare(
      `SELECT
         SUM(CASE WHEN submission_id = ?1 THEN 1 ELSE 0 END) AS own,
         SUM(CASE WHEN submission_id <> ?1 AND status IN ('pending', 'sending', 'sent', 'replay') THEN 1 ELSE 0 END) AS others
       FROM deliveries WHERE template = ?2 AND recipient = ?3 AND created_at > ?4`,
    )
    .bind(submissionId, VISITOR_TEMPLATE, send.to, since)
    .first<{ own: number | null; others: number | null }>();
  if ((row?.own ?? 0) > 0) return false;
  return (row?.others ?? 0) >= limit;
}

/**
 * A submission's visitor message goes to one number. Notifications are queued by every write that
 * finds the lead stored, each carrying the payload it was sent with; a repeat of a submission id
 * with another phone number must not reach a second number.
 */
export async function visitorMessageGoesElsewhere(db: D1Database, submissionId: string, send: Send): Promise<boolean> {
  if (send.template !== VISITOR_TEMPLATE) return false;
  const other = await db
    .prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? AND template = ? AND recipient <> ? LIMIT 1`)
    .bind(submissionId, VISITOR_TEMPLATE, send.to)
    .first();
  return other !== null;
}
