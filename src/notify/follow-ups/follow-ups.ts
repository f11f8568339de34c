import { followUp as copy } from '../../words/follow-ups/follow-up';
import { site } from '../../words/site';
import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { greetingName } from '../../shared/lead-rules';
import { getConversationStore } from '../../store/conversations/open';
import { contactOf, type Lead } from '../../store/leads/lead';
import { optOutOf } from '../../store/conversations/opt-outs';
import { verdictOf } from '../../store/leads/verdict';
import { queueVisitorSend, windowState } from '../conversations/desk-replies';
import { templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

/** The ledger's name of a follow-up (the approved template). */
export const FOLLOW_UP = WHATSAPP_TEMPLATES.followUp.name;

/** At most one follow-up per number in this many days, unless the person wrote since the last one. */
export const FOLLOW_UP_DAYS = 7;
const DAY_MS = 86_400_000;

/** Why no follow-up may go to a number now; `recent` says when the next one may. */
export type FollowUpRefusal =
  | { reason: 'no_phone' | 'unverified' | 'opted_out' | 'budget' }
  | { reason: 'window_open'; closesAt: string }
  | { reason: 'recent'; nextAt: string };

/** What the template names: the person's first name, who writes, and what they asked about. */
export interface FollowUpWords {
  first: string;
  writer: string;
  about: string;
}

/** The follow-up to a number, its parameters made safe for WhatsApp (templateMessage). */
export function followUpMessage(to: string, words: FollowUpWords): Send {
  return templateMessage(WHATSAPP_TEMPLATES.followUp, to, 'visitor', {
    body: [words.first, words.writer, words.about],
  });
}

/** {{2}}: the signed-in owner (found by their email among OWNER_EMAILS) and the business, else the business's team. */
export function writerOf(env: Env, ownerEmail: string): string {
  const email = ownerEmail.toLowerCase();
  const owner = readConfig(env).whatsapp.owners.find((o) => o.email?.toLowerCase() === email);
  return owner ? copy.writer(owner.name, site.brand) : copy.writerTeam(site.brand);
}

/** {{1}} and {{3}} of a lead: a quiz lead's most fitting program, an enquiry as "your enquiry". */
export function leadWords(lead: Lead): Omit<FollowUpWords, 'writer'> {
  const first = greetingName(contactOf(lead).name) || copy.noName;
  if (lead.kind === 'quiz') return { first, about: lead.recommended[0] ?? copy.aboutQuiz };
  return { first, about: lead.kind === 'enquiry' ? copy.aboutEnquiry : copy.aboutMessage };
}

/** {{1}} and {{3}} of a person with no lead, by their WhatsApp profile name. */
export function strangerWords(profileName: string | undefined): Omit<FollowUpWords, 'writer'> {
  return { first: greetingName(profileName ?? '') || copy.noName, about: copy.aboutMessage };
}

/**
 * Whether a lead's number may be written to first: never a number from a form Turnstile did not verify (a refused
 * or unchecked verdict, whose visitor messages the ledger skips as `unverified`); a lead stored before verdicts were
 * is decided by the ledger, where such a lead's messages were skipped as `unverified`.
 */
export async function leadVouches(db: D1Database, lead: Lead): Promise<boolean> {
  const verdict = verdictOf(lead);
  if (verdict !== undefined) return verdict === 'verified';
  const skipped = await db
    .prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? AND skip_reason = 'unverified' LIMIT 1`)
    .bind(lead.id)
    .first();
  return skipped === null;
}

/** The ledger's name of a rebook message (the approved template), and the key prefix of every rebook row. */
const CALL_REBOOK = WHATSAPP_TEMPLATES.callRebook.name;
export const REBOOK_PREFIX = 'call-rebook:';

/**
 * When the last message the business wrote first to a number went (or may still go), or null: a follow-up or a
 * rebook message (the template, or its words as a text inside the window), which share the 7-day rule.
 */
async function lastFollowUpAt(db: D1Database, phone: string): Promise<string | null> {
  const row = await db
    .prepare(
      `SELECT MAX(created_at) AS at FROM deliveries WHERE recipient = ? AND audience = 'visitor'
         AND (template IN (?, ?) OR substr(submission_id, 1, ?) = ?)
         AND status NOT IN ('skipped', 'failed', 'dead')`,
    )
    .bind(phone, FOLLOW_UP, CALL_REBOOK, REBOOK_PREFIX.length, REBOOK_PREFIX)
    .first<{ at: string | null }>();
  return row?.at ?? null;
}

/**
 * When the next follow-up or rebook message to `phone` may go, when one went within FOLLOW_UP_DAYS that they have
 * not answered since (their last message `lastReceived`); null when one may go now.
 */
export async function recentFollowUp(
  db: D1Database,
  phone: string,
  lastReceived: string | null,
  now: Date,
): Promise<{ reason: 'recent'; nextAt: string } | null> {
  const last = await lastFollowUpAt(db, phone);
  if (!last || (lastReceived && lastReceived >= last)) return null;
  const next = Date.parse(last) + FOLLOW_UP_DAYS * DAY_MS;
  return now.getTime() < next ? { reason: 'recent', nextAt: new Date(next).toISOString() } : null;
}

/**
 * Why a follow-up to `phone` may not go now, or null when it may: no number; a number not vouched for; an open
 * window (answer freely instead); an opt-out; or a follow-up or rebook message to the number within FOLLOW_UP_DAYS
 * that they have not answered since (counted per number, whichever page sent it).
 */
export async function followUpRefusal(
  env: Env,
  phone: string | undefined,
  vouched: boolean,
  now = new Date(),
): Promise<FollowUpRefusal | null> {
  if (!phone) return { reason: 'no_phone' };
  if (!vouched) return { reason: 'unverified' };
  const received = await getConversationStore(env).from(phone);
  const lastReceived = received.at(-1)?.at ?? null;
  const window = windowState(lastReceived, now);
  if (window?.open) return { reason: 'window_open', closesAt: window.closesAt };
  if (await optOutOf(env.DB, readConfig(env).privacy.erasureKey, phone)) return { reason: 'opted_out' };
  return recentFollowUp(env.DB, phone, lastReceived, now);
}

/** The ledger key of a follow-up: the id the desk's form carried, so a double tap sends once. */
export const followUpId = (formId: string) => `follow-up:${formId}`;

/**
 * Checks the rules and queues a follow-up through the ledger (pending, with the owner who sent it): a repeat of the
 * same form finds its row and queues nothing. Answers the refusal, or null once it is queued (or was already).
 */
export async function sendFollowUp(
  env: Env,
  request: { formId: string; leadKind: string; to: string | undefined; vouched: boolean; words: FollowUpWords },
  by: string,
  now = new Date(),
): Promise<FollowUpRefusal | null> {
  const submissionId = followUpId(request.formId);
  const { to } = request;
  // A double tap finds its own follow-up (to the same number), which the 7-day rule would otherwise refuse.
  const repeat = to
    ? await env.DB.prepare(`SELECT 1 FROM deliveries WHERE submission_id = ? AND recipient = ?`)
        .bind(submissionId, to)
        .first()
    : null;
  const refusal = repeat ? null : await followUpRefusal(env, to, request.vouched, now);
  if (refusal || !to) {
    logEvent('info', 'conversation.follow-up', { outcome: 'refused', reason: refusal?.reason ?? 'no_phone' });
    return refusal ?? { reason: 'no_phone' };
  }
  const send = followUpMessage(to, request.words);
  const row = await queueVisitorSend(env, { submissionId, leadKind: request.leadKind, send, by }, now);
  // Skipped by the ledger itself: an opt-out recorded meanwhile, or a visitor budget spent.
  if (row.status === 'skipped') return { reason: row.skipReason === 'opted_out' ? 'opted_out' : 'budget' };
  return null;
}
