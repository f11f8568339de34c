import { readConfig, type Env } from '../../env';
import { errorMessage, logEvent } from '../../log';
import { toolName } from '../../newsletter/erase';
import { NEWSLETTER_TEMPLATES } from '../../newsletter/templates';
import { enqueue } from '../../queue/jobs';
import { senderRef } from '../../notify/conversations/replies';
import { forgetInLedger, ledgerEntriesFor, type LedgerEntry } from '../../notify/people/forget';
import { deadContact, deadLeads, deleteDeadLeads, type DeadLead } from '../../store/leads/dead-leads';
import {
  logErasure,
  rememberErased,
  setToolErasure,
  type ErasureCounts,
  type ToolErasure,
} from '../../store/people/erasures';
import { LEAD_KINDS, contactOf } from '../../store/leads/lead';
import { holds, personToken, type Person } from '../../store/people/person';
import { normalizePhone } from '../../store/phone';
import { optOutsOf, type OptOut } from '../../store/conversations/opt-outs';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';
import { eraseConversation, exportConversation, type ConversationExport } from '../../store/conversations/person';
import type { BookingRecord } from '../../store/bookings/bookings';
import { bookingAlertKeys, bookingsMadeBy, bookingsOfPerson, eraseBookings } from './person-bookings';
import { erasePayments, paymentAlertKeys, paymentsOfPerson, type PersonPayments } from './person-payments';
import { clientsOfPerson, eraseClients, type PersonClients } from './person-clients';
import { eraseGuides, guidesOfPerson, type PersonGuides } from './person-guides';
import { idOf, ledgerMatch, phonesOf } from './person-ledger';

export { idOf };

/**
 * Everything held about one person, as the owner confirmed them: the leads and dead leads holding any of their
 * identifiers (with the owners' status and notes), the messages sent to them or about those leads, and what
 * they wrote on WhatsApp. A number or address those records hold that the owner did not confirm is only
 * listed (`others`): its conversation and the messages sent to it are someone else's.
 */
export interface PersonRecords {
  /** The identifier searched for, then those the owner ticked as theirs (each held by these records). */
  confirmed: Person[];
  /** The other numbers and addresses these records hold, not confirmed as theirs. */
  others: Person[];
  leads: LeadRecord[];
  dead: DeadLead[];
  messages: LedgerEntry[];
  /** What they wrote to the business number on WhatsApp, per confirmed number of theirs that wrote. */
  conversations: ConversationExport[];
  /** Calls booked on their leads, or with an address of theirs. */
  bookings: BookingRecord[];
  /** The payments asked of them and made on their leads, with receipts and refunds. */
  payments: PersonPayments;
  /** The packages of sessions they bought (with the terms they accepted) and the testimonials they sent. */
  clients: PersonClients;
  /** The free guides their addresses asked for, and what the newsletter tool reported about those addresses. */
  guides: PersonGuides;
  /** Their numbers that opted out of WhatsApp messages (kept as a keyed hash: it outlives an erasure). */
  optOuts?: Array<OptOut & { phone: string }>;
}

/** Pages of search results read per kind: a person has a handful of leads, a shared word may match more. */
const MAX_PAGES = 20;
const PAGE = 100;
/** Dead leads are few (kept 90 days); all are read and matched. */
const MAX_DEAD = 5_000;
/** How many rounds of ticked identifiers are followed (each must be held by the records found so far). */
const MAX_ROUNDS = 5;

/** An identifier as one string: the lower-case address or the number in E.164. */

/**
 * Finds every record held for a person: first by the identifier searched for, then by each identifier the
 * owner ticked as theirs, as long as the records found so far hold it (a ticked value nothing holds is
 * ignored). Records join a person only by what the owner confirmed: a number their form merely carried is
 * listed in `others`, and neither its conversation nor the messages sent to it are included.
 */
export async function findPerson(env: Env, searched: Person, ticked: Person[] = []): Promise<PersonRecords> {
  const region = readConfig(env).leads.defaultPhoneRegion;
  const wanted = new Set(ticked.map(idOf));
  const confirmed = new Map<string, Person>([[idOf(searched), searched]]);
  const leads = new Map<string, LeadRecord>();
  const dead = new Map<string, DeadLead>();
  const allDead = await deadLeads(env.DB, MAX_DEAD);
  const searchedOnce = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const [id, person] of confirmed) {
      if (searchedOnce.has(id)) continue;
      searchedOnce.add(id);
      for (const lead of await leadsHolding(env, person, region)) leads.set(`${lead.kind}:${lead.id}`, lead);
      for (const d of allDead) if (holds(deadContact(d.lead), person, region)) dead.set(d.id, d);
    }
    const held = heldBy([...leads.values()], [...dead.values()], region);
    const added = held.filter((p) => wanted.has(idOf(p)) && !confirmed.has(idOf(p)));
    if (added.length === 0) break;
    for (const p of added) confirmed.set(idOf(p), p);
  }
  const leadList = [...leads.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const deadList = [...dead.values()];
  const others = heldBy(leadList, deadList, region).filter((p) => !confirmed.has(idOf(p)));
  const people = [...confirmed.values()];
  const bookings = await bookingsOfPerson(env, people, leadList);
  const payments = await paymentsOfPerson(env, leadList);
  const clients = await clientsOfPerson(env, leadList, bookings, new Date());
  const guides = await guidesOfPerson(env, people);
  // The owners' alerts of a call carry the name it was booked with: in the copy only when the booking is theirs.
  // Those of a payment carry the name on its receipt, the person's.
  // So do the reminders of a call, which went to the number or address it carried.
  const made = bookingsMadeBy(bookings, people);
  const alerted = [...(await bookingAlertKeys(made)), ...paymentAlertKeys(payments)];
  const match = await ledgerMatch(env, people, others, leadList, deadList, region, alerted, made);
  const messages = await ledgerEntriesFor(env.DB, match);
  const conversations = (await Promise.all(phonesOf(people).map((phone) => exportConversation(env, phone)))).filter(
    (c) => c.messages.length > 0,
  );
  const optOuts = await optOutsOf(env.DB, readConfig(env).privacy.erasureKey, phonesOf(people));
  const records = { confirmed: people, others, leads: leadList, dead: deadList, messages, conversations, bookings };
  return { ...records, payments, clients, guides, optOuts };
}

/** The store's leads of every kind that hold the identifier (looked up by the search index, then matched exactly). */
async function leadsHolding(env: Env, person: Person, region: string): Promise<LeadRecord[]> {
  const store = getLeadStore(env);
  const found: LeadRecord[] = [];
  for (const kind of LEAD_KINDS) {
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await store.list({ kind, q: personToken(person), limit: PAGE, ...(cursor && { cursor }) });
      found.push(...list.leads.filter((lead) => holds(contactOf(lead), person, region)));
      cursor = list.next;
      if (!cursor) break;
    }
  }
  return found;
}

/** Every address and number the records hold, each once (addresses lower-cased, numbers in E.164 when valid). */
function heldBy(leads: LeadRecord[], dead: DeadLead[], region: string): Person[] {
  const out = new Map<string, Person>();
  for (const c of [...leads.map(contactOf), ...dead.map((d) => deadContact(d.lead))]) {
    const email = c.email?.trim().toLowerCase();
    if (email) out.set(email, { email });
    if (c.phone) {
      const phone = normalizePhone(c.phone, region) ?? c.phone.trim();
      if (phone) out.set(phone, { phone });
    }
  }
  return [...out.values()];
}

/** An erasure that stopped part way: `started` when some records were already erased. */
export class ErasureIncomplete extends Error {
  override name = 'ErasureIncomplete';
  constructor(
    readonly started: boolean,
    options: { cause: unknown },
  ) {
    super(`The erasure ${started ? 'stopped part way' : 'did not start'}: ${errorMessage(options.cause)}`, options);
  }
}

/**
 * Erases a person as the owner confirmed them, everywhere: their leads from the lead store (with search words,
 * status and notes), their dead leads, their confirmed numbers and addresses from the ledger (its rows stay as
 * counts, message ids cleared), and what their confirmed numbers wrote on WhatsApp. It remembers, as keyed
 * hashes, their identifiers, pseudonyms and message ids, so jobs still queued for them do nothing and an old
 * webhook event stores nothing again; and logs who erased how many records of each kind, and how many
 * identifiers were confirmed (never the values). Erasing again finds nothing and logs zeros; a lead arriving
 * later is not touched. Throws ErasureIncomplete when the store or D1 fails.
 */
export async function erasePerson(
  env: Env,
  searched: Person,
  ticked: Person[],
  by: string,
): Promise<{ id: number; counts: ErasureCounts }> {
  const at = new Date().toISOString();
  let started = false;
  try {
    const config = readConfig(env);
    const region = config.leads.defaultPhoneRegion;
    const key = config.privacy.erasureKey;
    const records = await findPerson(env, searched, ticked);
    // Their user ids go with their numbers: a retried message with the user id alone is dropped too.
    const userIds = records.conversations.flatMap((c) => c.messages.flatMap((m) => (m.userId ? [m.userId] : [])));
    const phones = [...new Set([...phonesOf(records.confirmed), ...userIds])];
    await rememberErased(
      env.DB,
      key,
      {
        contacts: [...records.confirmed, ...userIds.map((phone) => ({ phone }))],
        senders: await Promise.all(phones.map((phone) => senderRef(phone, key))),
        messageIds: records.conversations.flatMap((c) => c.messages.map((m) => m.id)),
      },
      region,
      at,
    );
    const store = getLeadStore(env);
    const counts: ErasureCounts = { quiz: 0, newsletter: 0, enquiry: 0, dead: 0, messages: 0, conversation: 0 };
    // Before the leads: an erasure stopped part way finds the leads again, and with them their payments.
    started = true;
    const paid = await erasePayments(env, records.leads, at);
    if (paid.requests + paid.payments > 0)
      Object.assign(counts, { paymentRequests: paid.requests, payments: paid.payments });
    // So do their engagements: with each goes its link's hash, and the client page answers 404.
    const clients = await eraseClients(env, records.leads);
    if (clients.engagements + clients.testimonials > 0) Object.assign(counts, clients);
    // Their guide requests and what the newsletter tool reported, by each address they confirmed.
    const guides = await eraseGuides(env, records.confirmed);
    if (guides.guideRequests + guides.toolEvents > 0) Object.assign(counts, guides);
    for (const lead of records.leads) {
      if (await store.erase(lead.kind, lead.id)) counts[lead.kind] += 1;
    }
    counts.dead = await deleteDeadLeads(
      env.DB,
      records.dead.map((d) => d.id),
    );
    // Every booking erased takes its alerts with it, whoever booked it: none is left naming an attendee. Each
    // payment's alerts name the person: they go too (the accounting copy keeps the receipt, not the alerts).
    const alerts = [...(await bookingAlertKeys(records.bookings)), ...paymentAlertKeys(records.payments)];
    const match = await ledgerMatch(
      env,
      records.confirmed,
      records.others,
      records.leads,
      records.dead,
      region,
      alerts,
      records.bookings,
    );
    // Read before the ledger forgets them: the addresses the newsletter tool received a signup of.
    const provider = toolName(env);
    const inTool = provider ? await addressesInNewsletterTool(env.DB, records.leads) : [];
    counts.messages = await forgetInLedger(env.DB, match);
    for (const phone of phones)
      counts.conversation = (counts.conversation ?? 0) + (await eraseConversation(env, phone));
    counts.bookings = await eraseBookings(env, records.bookings);
    counts.identifiers = {
      emails: records.confirmed.filter((p) => p.email !== undefined).length,
      phones: records.confirmed.filter((p) => p.phone !== undefined).length,
      left: records.others.length,
    };
    const tool: ToolErasure | null = provider && inTool.length > 0 ? { provider, state: 'pending' } : null;
    const id = await logErasure(env.DB, by, at, counts, tool);
    const { identifiers, ...kinds } = counts;
    logEvent('info', 'person.erased', { erasure: id, ...kinds, ...identifiers, newsletterTool: inTool.length });
    try {
      if (provider)
        for (const email of inTool) await enqueue(env, { type: 'newsletter-erase', erasure: id, provider, email });
    } catch (err) {
      // The erasure here stands; the log tells the owners to do it in the tool by hand.
      logEvent('error', 'newsletter.erase', { erasure: id, outcome: 'not_queued', error: errorMessage(err) });
      if (tool) await setToolErasure(env.DB, id, { ...tool, state: 'failed', code: 'not_queued' });
    }
    return { id, counts };
  } catch (err) {
    logEvent('error', 'person.erased', { outcome: started ? 'incomplete' : 'not_started', error: errorMessage(err) });
    throw new ErasureIncomplete(started, { cause: err });
  }
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
