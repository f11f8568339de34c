import { readConfig, type Env } from '../../env';
import { logEvent, maskRecipient } from '../../log';
import { leadRules, readBudgets } from '../ledger/budgets';
import { deliver } from '../ledger/deliver';
import { notifyLead, recordDeadNotify } from './lead-messages';
import { deliveryStore } from '../ledger/ledger-store';
import { createResultEmailSender, markVisitorEmailDead, resultEmailFor, type QuizLead } from '../email/result-email';
import { publishedContent } from '../../store/site-content/published-content';
import type { Send } from '../ledger/templates';
import type { ToolEvent } from '../../store/newsletter/tool-events';

// What a quiz response's notify job sends: the WhatsApp messages every lead triggers, then its result email. Only
// quiz responses reach this handler; an enquiry or a sign-up never walks the result email's code.

/**
 * Whether the site may email an address: src/newsletter/tool-marks.ts `sendableTo`, handed in by the consumer
 * (notify sits below newsletter, which imports the ledger). Not ok when the newsletter tool's newest event about the
 * address (an unsubscribe, a bounce, a complaint, a changed address) came after its last sign-up on the site.
 */
export type MayEmail = (address: string) => Promise<{ ok: true } | { ok: false; event: ToolEvent }>;

/** Sends a quiz response's messages; returns the minimum wait before a retry, or undefined when all are done. */
export async function notifyQuizLead(lead: QuizLead, env: Env, mayEmail: MayEmail): Promise<number | undefined> {
  const wait = await notifyLead(lead, env);
  const result = await sendResultEmail(lead, env, mayEmail);
  return result && !result.done ? Math.max(wait ?? 0, result.after) : wait;
}

/** A quiz response's notify job that ran out of retries: its unsent messages and result email are recorded as dead. */
export async function recordDeadQuizNotify(lead: QuizLead, env: Env, mayEmail: MayEmail): Promise<void> {
  await recordDeadNotify(lead, env);
  await markResultEmailDead(lead, env, mayEmail);
}

/**
 * Sends a stored quiz response its result, once, through the ledger; nothing when RESULT_EMAIL_FROM is unset
 * (the step is off). A repeat of the submission with another address does not reach the second address. Returns
 * the step (a wait before a retry when not done), or undefined when nothing is due.
 */
async function sendResultEmail(lead: QuizLead, env: Env, mayEmail: MayEmail) {
  const send = await resultEmailOf(lead, env);
  if (!send) return undefined;
  const skipped = (reason: string, more: Record<string, string> = {}) =>
    logEvent('info', 'delivery.skipped', {
      submissionId: lead.id,
      kind: lead.kind,
      template: send.template,
      to: maskRecipient(send.to),
      reason,
      ...more,
    });
  if (await goesElsewhere(env.DB, lead.id, send)) {
    skipped('visitor_address_taken');
    return undefined;
  }
  // The ledger's skip reasons are fixed by its table's CHECK: this skip is a log line (the address masked), and no
  // ledger row, so nothing is sent, on a retry either, and the desk shows the tool's event on the lead's page.
  const may = await mayEmail(send.to);
  if (!may.ok) {
    skipped('newsletter_tool_event', { tool: may.event.tool, toolEvent: may.event.kind });
    return undefined;
  }
  const store = deliveryStore(env);
  const rules = leadRules(lead, readBudgets(env));
  return deliver({ submissionId: lead.id, leadKind: lead.kind }, send, store, createResultEmailSender(env), rules);
}

/** A notify job that ran out of retries: its result email, if due and not sent, is recorded as dead. */
async function markResultEmailDead(lead: QuizLead, env: Env, mayEmail: MayEmail): Promise<void> {
  const send = await resultEmailOf(lead, env);
  if (!send || (await goesElsewhere(env.DB, lead.id, send)) || !(await mayEmail(send.to)).ok) return;
  await markVisitorEmailDead(env, lead.id, lead, send);
}

/** The result email a quiz response is due, or undefined (no address, or the step is off). */
async function resultEmailOf(lead: QuizLead, env: Env): Promise<Send | undefined> {
  if (!lead.contact.email) return undefined;
  const config = readConfig(env);
  if (!config.quiz.resultEmailFrom) return undefined;
  return resultEmailFor(lead, {
    siteUrl: config.site.url,
    bookingUrl: config.quiz.bookingUrl,
    bookingProvider: config.bookings.provider,
    programs: (await publishedContent(env.FEEDS)).content.programs,
  });
}

/** Whether this submission's result email already went (or is going) to another address. */
async function goesElsewhere(db: D1Database, submissionId: string, send: Send): Promise<boolean> {
  const other = await db
    .prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? AND template = ? AND recipient <> ? LIMIT 1`)
    .bind(submissionId, send.template, send.to)
    .first();
  return other !== null;
}
