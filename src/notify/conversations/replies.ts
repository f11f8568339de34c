import { conversation as copy } from '../../words/conversations/conversation';
import { media as mediaCopy } from '../../words/media/media';
import { readConfig, type Env } from '../../env';
import { logEvent, maskPhone, wamidRef } from '../../log';
import { enqueue, type JobOf } from '../../queue/jobs';
import { conversationId, type LeadRef } from '../../store/conversations/conversations';
import { getConversationStore } from '../../store/conversations/open';
import { contactOf } from '../../store/leads/lead';
import { verdictOf } from '../../store/leads/verdict';
import { erasedSince } from '../../store/people/erasures';
import type { LeadRecord } from '../../store/leads/listing';
import { type LeadStore } from '../../store/leads/port';
import { getLeadStore } from '../../store/leads/open';
import { digestKey, scheduleDigest } from '../leads/digest';
import { foldForLead } from '../leads/owner-routing';
import { ownerAlertDone } from '../email/fallback';
import { deliveryStore } from '../ledger/ledger-store';
import { deliver } from '../ledger/deliver';
import { readBudgets, type LedgerRules } from '../ledger/budgets';
import { windowsAt } from '../ledger/budget-windows';
import { templateMessage, type Send } from '../ledger/templates';
import type { VisitorMessage } from './visitor-messages';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';
import { createSender } from '../whatsapp/whatsapp';
import { applyOptOutWord } from './opt-outs';
import { resolveSender } from '../whatsapp/sender-identity';
import { isUserId } from '../../shared/user-id';
import { recordMedia } from '../media/media-job';
import { MEDIA_KINDS } from '../../store/media/media';

/** How much of what a visitor wrote reaches the owners' phones in an alert. */
export const ALERT_TEXT_CHARS = 300;

/**
 * Stores each message once (by its wamid) with every lead that has the sender's number, acts on a STOP or START
 * (src/notify/conversations/opt-outs.ts), then queues one alert job per message. Repeats are queued too: the job's ledger key (sender and hour) lets only the
 * first alert of a sender's hour go out, so a webhook retried after a partial failure loses no alert.
 */
export async function receiveMessages(env: Env, messages: VisitorMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const key = readConfig(env).privacy.erasureKey;
  const conversations = getConversationStore(env);
  const leads = getLeadStore(env);
  const scale = readBudgets(env).scale;
  const matched = new Map<string, LeadRecord[]>();
  const vouched = new Map<string, LeadRecord[]>();
  let created = 0;
  const jobs: JobOf<'visitor-reply'>[] = [];
  const joined = new Set<string>();
  for (const received of messages) {
    // Kept under their number when it is known, else under their WhatsApp user id (one person, one conversation).
    const m = await resolveSender(env, received, joined);
    if (!matched.has(m.phone)) matched.set(m.phone, isUserId(m.phone) ? [] : await leadsWithNumber(leads, m.phone));
    const found = matched.get(m.phone)!;
    const sender = await senderRef(m.phone, key);
    if (await erasedSinceWritten(env, m, sender)) continue;
    const stored = await conversations.receive({
      ...m,
      leads: found.map((l): LeadRef => ({ kind: l.kind, id: l.id })),
      conversation: sender,
    });
    if (stored.created) created++;
    await recordMedia(env, m);
    logEvent('info', 'conversation.received', {
      providerMessageId: await wamidRef(m.id),
      from: maskPhone(m.phone),
      type: m.type,
      leads: found.length,
      repeat: !stored.created,
    });
    // STOP or START: acted on even for a repeat (recording is idempotent; the confirmation is keyed by the message).
    await applyOptOutWord(env, m, found[0]?.kind ?? 'conversation');
    // Only a lead a person sent puts the sender's words on the owners' phones; otherwise the alert is a count.
    if (!vouched.has(m.phone)) vouched.set(m.phone, await vouchingLeads(env.DB, found));
    const newest = vouched.get(m.phone)![0];
    jobs.push({
      type: 'visitor-reply',
      sender,
      hourStart: windowsAt(new Date(m.at), scale).hourStart,
      at: m.at,
      leadRef: newest ? { kind: newest.kind, id: newest.id, name: leadName(newest) } : null,
      text: Array.from(alertText(m)).slice(0, ALERT_TEXT_CHARS).join(''),
    });
  }
  for (const job of jobs) await enqueue(env, job);
  return created;
}

/**
 * A message from a person erased since they wrote it (Meta retrying the event, or the signed body replayed) is
 * neither stored again nor alerted: by its id (remembered for good) or by the sender's number and pseudonym.
 */
async function erasedSinceWritten(env: Env, m: VisitorMessage, sender: string): Promise<boolean> {
  const config = readConfig(env);
  const erased = await erasedSince(
    env.DB,
    config.privacy.erasureKey,
    { phone: m.phone, sender, messageId: m.id, ...(m.userId !== undefined && { userId: m.userId }) },
    m.at,
    config.leads.defaultPhoneRegion,
  );
  if (erased) logEvent('info', 'conversation.dropped', { providerMessageId: await wamidRef(m.id), reason: 'erased' });
  return erased;
}

/** Every lead whose number is `phone` (E.164), newest first: the search by a number's digits, then exactly. */
export async function leadsWithNumber(store: LeadStore, phone: string): Promise<LeadRecord[]> {
  const page = await store.list({ q: phone.replace(/\D/g, ''), limit: 50 });
  return page.leads.filter((lead) => contactOf(lead).phone === phone);
}

/**
 * The leads that let their number's words reach the owners' phones, newest first: any lead but one whose Turnstile
 * token was checked and refused (anyone can type anyone's number into a form; a refused form would otherwise open a
 * relay from the business number to the owners). The verdict stored with the lead decides, from the moment the lead
 * is stored. A lead stored before verdicts were (none on it) is decided by its owner alerts in the ledger: a refused
 * form's were skipped as `unverified`; one the ledger has no owner alert of (its rows pruned after
 * RETENTION.messageDays) vouches, as before the rule.
 */
export async function vouchingLeads(db: D1Database, leads: LeadRecord[]): Promise<LeadRecord[]> {
  const older = leads.filter((l) => verdictOf(l) === undefined).map((l) => l.id);
  const refusedInLedger = new Set<string>();
  if (older.length > 0) {
    const { results } = await db
      .prepare(
        `SELECT DISTINCT submission_id AS id FROM deliveries
         WHERE audience = 'owner' AND skip_reason = 'unverified' AND submission_id IN (${older.map(() => '?').join(', ')})`,
      )
      .bind(...older)
      .all<{ id: string }>();
    for (const r of results) refusedInLedger.add(r.id);
  }
  return leads.filter((l) => {
    const verdict = verdictOf(l);
    return verdict === undefined ? !refusedInLedger.has(l.id) : verdict !== 'refused';
  });
}

const noText = (type: string) => copy.alertNoText(copy.kinds[type] ?? type);

/**
 * What an alert says a visitor wrote: their text; for an attachment, what they sent ("sent a photo"), then its
 * caption when it has one ("sent a photo: The venue"), so a caption never hides that a file came.
 */
export function alertText(m: Pick<VisitorMessage, 'type' | 'text' | 'media'>): string {
  const kind = m.media?.kind ?? MEDIA_KINDS.find((k) => k === m.type);
  if (!kind) return m.text ?? noText(m.type);
  const voice = m.media?.voice ?? false;
  return m.text ? mediaCopy.alertWithCaption(kind, voice, m.text) : mediaCopy.alert(kind, voice);
}

function leadName(lead: LeadRecord): string {
  const { name, email } = contactOf(lead);
  return name || email;
}

/**
 * An opaque, stable reference to a sender's number for ledger keys, logs and the desk's conversation URLs: an HMAC
 * of the number under ERASURE_KEY (a key of its own, so rotating the app secret changes no pseudonym), so the number
 * cannot be recovered from it by trying every phone number.
 */
export async function senderRef(phone: string, secret: string): Promise<string> {
  return conversationId(phone, secret);
}

/** The ledger key of a sender's alerts in one hour: one per owner, whatever the number of messages. */
export const replyAlertId = (job: Pick<JobOf<'visitor-reply'>, 'hourStart' | 'sender'>) =>
  `reply:${job.hourStart}:${job.sender}`;

/** The visitor_reply alert to each owner; for a number no lead has, a row folded into the hour's digest. */
function alertSends(job: JobOf<'visitor-reply'>, env: Env): Send[] {
  const config = readConfig(env);
  const site = config.site.url;
  // The conversation's own page, by its opaque id (the sender's pseudonym), for a number no lead vouches for.
  const link = job.leadRef
    ? `${site}/desk/leads/${job.leadRef.kind}/${encodeURIComponent(job.leadRef.id)}`
    : `${site}/desk/conversations/${job.sender}`;
  return config.whatsapp.owners.map((owner) =>
    templateMessage(WHATSAPP_TEMPLATES.visitorReply, owner.phone, 'owner', {
      // An unknown sender's words never reach an owner's phone: the alert is only counted.
      body: [owner.name, job.leadRef?.name ?? copy.alertUnknown, job.leadRef ? job.text : '', link],
    }),
  );
}

/**
 * Alerts the owners that a visitor wrote (the one who took the lead, when one did: the other's alert goes into
 * the digest), through the ledger: at most once per sender and hour (the key),
 * inside OWNER_ALERTS_PER_HOUR (past it, into the digest), by email when WhatsApp fails. A number no lead
 * has is never an alert of its own: its row is folded into the hour's digest, which counts it.
 */
export async function sendReplyAlert(job: JobOf<'visitor-reply'>, env: Env): Promise<number | undefined> {
  const store = deliveryStore(env);
  const sender = createSender(env);
  const budgets = readBudgets(env);
  // A lead one owner took: the other owner's alert is folded into their digest.
  const foldFor = await foldForLead(env, job.leadRef);
  const rules: LedgerRules = { budgets, verified: true, foldOwnerAlerts: job.leadRef === null, foldFor };
  const ref = { submissionId: replyAlertId(job), leadKind: job.leadRef?.kind ?? 'conversation' };
  let wait: number | undefined;
  for (const send of alertSends(job, env)) {
    const step = await deliver(ref, send, store, sender, rules);
    if (!step.done) wait = Math.max(wait ?? 0, step.after);
    else if (step.folded) await scheduleDigest(env, store, digestKey(step.folded.hourStart, send.to), budgets);
    else await ownerAlertDone(env, store, ref.submissionId, send);
  }
  return wait;
}

/** A visitor-reply job that ran out of retries: its unsent alerts are recorded as dead (and emailed). */
export async function recordDeadReplyAlert(job: JobOf<'visitor-reply'>, env: Env): Promise<void> {
  const store = deliveryStore(env);
  // The store unreadable at the last try: both owners' alerts are recorded (and emailed), as for a lead nobody took.
  const foldFor = await foldForLead(env, job.leadRef).catch(() => []);
  const rules: LedgerRules = {
    budgets: readBudgets(env),
    verified: true,
    foldOwnerAlerts: job.leadRef === null,
    foldFor,
  };
  const now = new Date().toISOString();
  for (const send of alertSends(job, env)) {
    const key = store.key(replyAlertId(job), send);
    const row = await store.markDead(key, job.leadRef?.kind ?? 'conversation', send, now, rules);
    if (row.status !== 'dead') continue;
    await ownerAlertDone(env, store, key.submissionId, send);
    logEvent('error', 'delivery.dead', { template: send.template, to: maskPhone(send.to) });
  }
}
