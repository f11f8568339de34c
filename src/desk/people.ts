import { readConfig, type Env } from '../env';
import { errorMessage, logEvent } from '../log';
import { toolName } from '../newsletter/erase';
import { NEWSLETTER_TEMPLATES } from '../newsletter/templates';
import { enqueue } from '../queue/jobs';
import { replyAlertId, senderRef } from '../notify/replies';
import { forgetInLedger, ledgerEntriesFor, type LedgerEntry, type LedgerMatch } from '../notify/forget';
import { deadContact, deadLeads, deleteDeadLeads, type DeadLead } from '../store/dead-leads';
import {
  logErasure,
  rememberErased,
  setToolErasure,
  valuesOf,
  type ErasureCounts,
  type ToolErasure,
} from '../store/erasures';
import { LEAD_KINDS, contactOf, holds, personToken, type Person } from '../store/lead';
import type { LeadRecord } from '../store/listing';
import { getLeadStore } from '../store/port';
import { eraseConversation, exportConversation, type ConversationExport } from '../store/conversations';

/** Everything held about one person: their leads (with the owners' status and notes), dead leads and messages. */
export interface PersonRecords {
  leads: LeadRecord[];
  dead: DeadLead[];
  messages: LedgerEntry[];
  /** What they wrote to the business number on WhatsApp, per number of theirs that wrote. */
  conversations: ConversationExport[];
}

/** Pages of search results read per kind: a person has a handful of leads, a shared word may match more. */
const MAX_PAGES = 20;
const PAGE = 100;
/** Dead leads are few (kept 90 days); all are read and matched. */
const MAX_DEAD = 5_000;

/**
 * Finds every record held for an email address or phone number: the store's leads of every kind (looked up by
 * the search index, then matched exactly), the dead leads, and the ledger's rows addressed to them or about
 * their leads.
 */
export async function findPerson(env: Env, person: Person): Promise<PersonRecords> {
  const region = readConfig(env).leads.defaultPhoneRegion;
  const store = getLeadStore(env);
  const leads: LeadRecord[] = [];
  for (const kind of LEAD_KINDS) {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const found = await store.list({ kind, q: personToken(person), limit: PAGE, ...(cursor && { cursor }) });
      leads.push(...found.leads.filter((lead) => holds(contactOf(lead), person, region)));
      cursor = found.next;
      if (!cursor) break;
    }
  }
  const dead = (await deadLeads(env.DB, MAX_DEAD)).filter((d) => holds(deadContact(d.lead), person, region));
  const match = await withReplyAlerts(env, matchOf(person, leads, dead));
  const messages = await ledgerEntriesFor(env.DB, match);
  const conversations = (await Promise.all(phonesOf(match).map((phone) => exportConversation(env, phone)))).filter(
    (c) => c.messages.length > 0,
  );
  return { leads, dead, messages, conversations };
}

/**
 * The owners' alerts of what the person wrote on WhatsApp are keyed by an HMAC of their number (ERASURE_KEY),
 * not by a lead: they join the match by that key.
 */
async function withReplyAlerts(env: Env, match: LedgerMatch): Promise<LedgerMatch> {
  const key = readConfig(env).privacy.erasureKey;
  const refs = await Promise.all(phonesOf(match).map((phone) => senderRef(phone, key)));
  return { ...match, submissionPatterns: refs.map((ref) => replyAlertId({ hourStart: '%', sender: ref })) };
}

/** The person's numbers (E.164) among their contacts: their WhatsApp conversations are kept by number. */
const phonesOf = (match: LedgerMatch) => match.contacts.filter((c) => /^\+[1-9]\d{6,14}$/.test(c));

function matchOf(person: Person, leads: LeadRecord[], dead: DeadLead[]): LedgerMatch {
  const own = person.email ?? person.phone;
  const contacts = [...leads.map(contactOf), ...dead.map((d) => deadContact(d.lead))].flatMap((c) => [
    c.email,
    c.phone,
  ]);
  const all = [...new Set([own, ...contacts.filter(Boolean)])];
  // Messages to any number or address their leads hold are theirs, as is the conversation with those numbers.
  return {
    recipients: all,
    submissionIds: [...new Set([...leads.map((l) => l.id), ...dead.map((d) => d.id)])],
    contacts: all,
  };
}

/**
 * Erases a person everywhere: their leads from the lead store (with search words, status and notes), their dead
 * leads, and their number, address and names from the ledger (its rows stay as counts); remembers them for a
 * while so jobs still queued for them are dropped; and logs who erased how many records of each kind (never
 * the person's data). Erasing again finds nothing and logs zeros; a lead arriving later is not touched.
 */
export async function erasePerson(
  env: Env,
  person: Person,
  by: string,
): Promise<{ id: number; counts: ErasureCounts }> {
  const at = new Date().toISOString();
  const region = readConfig(env).leads.defaultPhoneRegion;
  // Remembered first: a parked lead stored while the erasure runs is dropped by its next job, not kept.
  await rememberErased(env.DB, [valuesOf(person)], region, at);
  const records = await findPerson(env, person);
  const store = getLeadStore(env);
  const counts: ErasureCounts = { quiz: 0, newsletter: 0, enquiry: 0, dead: 0, messages: 0, conversation: 0 };
  for (const lead of records.leads) if (await store.erase(lead.kind, lead.id)) counts[lead.kind] += 1;
  counts.dead = await deleteDeadLeads(
    env.DB,
    records.dead.map((d) => d.id),
  );
  const match = await withReplyAlerts(env, matchOf(person, records.leads, records.dead));
  // Read before the ledger forgets them: the addresses the newsletter tool received a signup of.
  const provider = toolName(env);
  const inTool = provider ? await addressesInNewsletterTool(env.DB, records.leads) : [];
  counts.messages = await forgetInLedger(env.DB, match);
  let conversation = 0;
  for (const phone of phonesOf(match)) conversation += await eraseConversation(env, phone);
  counts.conversation = conversation;
  const tool: ToolErasure | null = provider && inTool.length > 0 ? { provider, state: 'pending' } : null;
  const id = await logErasure(env.DB, by, at, counts, tool);
  logEvent('info', 'person.erased', { erasure: id, ...counts, newsletterTool: inTool.length });
  try {
    if (provider)
      for (const email of inTool) await enqueue(env, { type: 'newsletter-erase', erasure: id, provider, email });
  } catch (err) {
    // The erasure here stands; the log tells the owners to do it in the tool by hand.
    logEvent('error', 'newsletter.erase', { erasure: id, outcome: 'not_queued', error: errorMessage(err) });
    if (tool) await setToolErasure(env.DB, id, { ...tool, state: 'failed', code: 'not_queued' });
  }
  return { id, counts };
}

/** The addresses of the person's subscriptions whose signup the newsletter tool received (its ledger row sent). */
async function addressesInNewsletterTool(db: D1Database, leads: LeadRecord[]): Promise<string[]> {
  const ids = leads.filter((l) => l.kind === 'newsletter').map((l) => l.id);
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT DISTINCT recipient FROM deliveries WHERE template = ? AND status = 'sent'
         AND submission_id IN (${ids.map(() => '?').join(', ')})`,
    )
    .bind(NEWSLETTER_TEMPLATES.subscribe, ...ids)
    .all<{ recipient: string }>();
  // One call per address, whatever its case (the tools match addresses without it).
  return [...new Map(results.map((r) => [r.recipient.toLowerCase(), r.recipient])).values()];
}

/** A person's copy: every record in full, with labels a person can read. */
export function personCopy(person: Person, records: PersonRecords, exportedAt: string) {
  return {
    about: 'Everything this site holds about the email address or phone number below.',
    person: person.email ?? person.phone,
    exportedAt,
    quizResponses: records.leads.filter((l) => l.kind === 'quiz').map(withFollowUp),
    newsletterSubscriptions: records.leads.filter((l) => l.kind === 'newsletter').map(withFollowUp),
    enquiries: records.leads.filter((l) => l.kind === 'enquiry').map(withFollowUp),
    notStoredYet: records.dead.map((d) => ({ id: d.id, arrived: d.createdAt, why: d.reason, submission: d.lead })),
    messages: records.messages,
    whatsAppConversations: records.conversations,
  };
}

/** The owners' status and note are part of what is held about the person. */
function withFollowUp({ desk, ...lead }: LeadRecord) {
  return { ...lead, followUp: desk };
}
