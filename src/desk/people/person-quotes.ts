import { readConfig, type Env } from '../../env';
import { logEvent } from '../../log';
import { addToErasure, logErasure, type ErasureCounts } from '../../store/people/erasures';
import { holds, type Person } from '../../store/people/person';
import { publishedContent } from '../../store/site-content/published-content';
import { contentStore } from '../../store/site-content/site-content';
import { ErasureIncomplete, erasePerson, findPerson, type PersonRecords } from './people';
import { personCopy } from './person-copy';

/**
 * A person's quotes (the site content's testimonials): found in the owners' draft by the email address or phone
 * number it keeps privately with a quote, or by the name the quote is shown under; and in the live (published)
 * content, which holds no private contact, as the same quote (name and words). Erasing takes a quote out of the
 * draft only: the live site changes when the owners publish, so they are told to.
 */
export interface PersonQuote {
  quote: string;
  name: string;
  role: string;
  consentDate: string;
  shown: boolean;
  /** The email address or phone number the draft keeps privately with it; '' for none (or only live). */
  contact: string;
  /** Whether the draft holds it (an erasure takes it out) and whether the live content does (until a publish). */
  inDraft: boolean;
  live: boolean;
}

/** How many times an erasure re-reads a draft another owner saved meanwhile before it gives up. */
const SAVE_TRIES = 3;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const keyOf = (t: { name: string; quote: string }) => `${t.name}\n${t.quote}`;

/** A name as compared: Unicode-normalised, lower case, single spaces. */
const sameName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The name a People search names when it is neither an address nor a number: one line of at most 80 characters
 * with a letter in it, no @; else null.
 */
export function quoteName(text: string): string | null {
  const name = text.replace(/\s+/g, ' ').trim();
  return name.length <= 80 && /\p{L}/u.test(name) && !name.includes('@') ? name : null;
}

/** A stored testimonial read leniently: a draft may hold what does not pass its checks yet. */
function readQuote(item: unknown): Omit<PersonQuote, 'inDraft' | 'live'> | null {
  if (!item || typeof item !== 'object') return null;
  const t = item as Record<string, unknown>;
  const quote = { quote: str(t.quote), name: str(t.name), role: str(t.role), consentDate: str(t.consentDate) };
  return { ...quote, shown: t.shown === true, contact: str(t.contact).trim() };
}

/** Every quote of the draft and of the live content, each once, with where it is. */
async function allQuotes(env: Env): Promise<PersonQuote[]> {
  const [draft, live] = await Promise.all([contentStore(env.DB, env.FEEDS).readDraft(), publishedContent(env.FEEDS)]);
  const items = (draft.json as { testimonials?: unknown } | null)?.testimonials;
  const drafted = (Array.isArray(items) ? items : []).flatMap((item) => readQuote(item) ?? []);
  const liveKeys = new Set(live.content.testimonials.map(keyOf));
  const draftKeys = new Set(drafted.map(keyOf));
  return [
    ...drafted.map((q) => ({ ...q, inDraft: true, live: liveKeys.has(keyOf(q)) })),
    ...live.content.testimonials
      .filter((t) => !draftKeys.has(keyOf(t)))
      .map((t) => ({ ...t, contact: '', inDraft: false, live: true })),
  ];
}

/** The quotes whose private contact is one of the person's addresses or numbers. */
export async function quotesOfPeople(env: Env, people: Person[]): Promise<PersonQuote[]> {
  const region = readConfig(env).leads.defaultPhoneRegion;
  const contactOf = (value: string) =>
    value.includes('@') ? { email: value, phone: '' } : { email: '', phone: value };
  const quotes = await allQuotes(env);
  const theirs = quotes.filter((q) => q.contact && people.some((p) => holds(contactOf(q.contact), p, region)));
  // The same quote live (where no contact is kept) is theirs too.
  const keys = new Set(theirs.map(keyOf));
  return quotes.filter((q) => theirs.includes(q) || (!q.inDraft && keys.has(keyOf(q))));
}

/** The quotes shown under `name` (compared without case or extra spaces). */
export async function quotesNamed(env: Env, name: string): Promise<PersonQuote[]> {
  return (await allQuotes(env)).filter((q) => sameName(q.name) === sameName(name));
}

/**
 * Takes `quotes` out of the draft (saved against its revision; read again when another owner saved meanwhile).
 * Counts those taken out and those the live content still holds until the owners publish.
 */
export async function eraseQuotes(
  env: Env,
  quotes: PersonQuote[],
  by: string,
): Promise<{ quotes: number; quotesLive: number }> {
  const quotesLive = quotes.filter((q) => q.live).length;
  const gone = new Set(quotes.filter((q) => q.inDraft).map(keyOf));
  if (gone.size === 0) return { quotes: 0, quotesLive };
  const store = contentStore(env.DB, env.FEEDS);
  for (let attempt = 0; attempt < SAVE_TRIES; attempt++) {
    const draft = await store.readDraft();
    const json = (draft.json ?? {}) as Record<string, unknown>;
    const items: unknown[] = Array.isArray(json.testimonials) ? json.testimonials : [];
    const kept = items.filter((item) => {
      const q = readQuote(item);
      return !q || !gone.has(keyOf(q));
    });
    if (kept.length === items.length) return { quotes: 0, quotesLive };
    const saved = await store.saveDraft({ ...json, testimonials: kept }, draft.revision, by);
    if (saved.ok) return { quotes: items.length - kept.length, quotesLive };
    if ('problems' in saved) throw new Error(`the draft could not be saved: ${saved.problems[0]?.message ?? ''}`);
  }
  throw new Error('the draft kept changing while its quotes were taken out');
}

/** Erases the quotes shown under `name` (a search by name finds nothing else) and logs it; the log entry's id. */
export async function eraseQuotesNamed(env: Env, name: string, by: string): Promise<number> {
  const taken = await eraseQuotes(env, await quotesNamed(env, name), by);
  const counts: ErasureCounts = { quiz: 0, newsletter: 0, enquiry: 0, dead: 0, messages: 0, ...taken };
  const id = await logErasure(env.DB, by, new Date().toISOString(), counts);
  logEvent('info', 'person.erased', { erasure: id, ...taken });
  return id;
}

/** A person's records with their quotes. */
export type RecordsWithQuotes = PersonRecords & { quotes: PersonQuote[] };

/** Everything held for a person (findPerson), with the quotes of their confirmed addresses and numbers. */
export async function findWithQuotes(env: Env, searched: Person, ticked: Person[]): Promise<RecordsWithQuotes> {
  const records = await findPerson(env, searched, ticked);
  return { ...records, quotes: await quotesOfPeople(env, [searched, ...ticked]) };
}

/**
 * A person's copy (personCopy) with their quotes, and their requests to stop WhatsApp messages (kept about their
 * number as a keyed hash, through an erasure too) when they made any.
 */
export function copyWithQuotes(records: RecordsWithQuotes, exportedAt: string) {
  const optOuts = records.optOuts ?? [];
  return {
    ...personCopy(records, exportedAt),
    quotes: quotesCopy(records.quotes),
    ...(optOuts.length > 0 && { whatsAppOptOuts: optOuts }),
  };
}

/**
 * Erases a person (erasePerson), then takes their quotes out of the draft and adds what it took to the erasure's
 * log entry, which the People page reads to tell the owners to publish. Throws ErasureIncomplete as erasePerson.
 */
export async function eraseWithQuotes(env: Env, searched: Person, ticked: Person[], by: string): Promise<number> {
  const quotes = await quotesOfPeople(env, [searched, ...ticked]).catch((cause: unknown) => {
    throw new ErasureIncomplete(false, { cause });
  });
  const { id } = await erasePerson(env, searched, ticked, by);
  try {
    const taken = await eraseQuotes(env, quotes, by);
    if (taken.quotes > 0 || taken.quotesLive > 0) {
      await addToErasure(env.DB, id, taken);
      logEvent('info', 'person.erased', { erasure: id, ...taken });
    }
  } catch (cause) {
    throw new ErasureIncomplete(true, { cause });
  }
  return id;
}

/** The quotes as a person's copy lists them. */
export function quotesCopy(quotes: PersonQuote[]) {
  return quotes.map(({ quote, name, role, consentDate, shown, contact, inDraft, live }) => ({
    quote,
    name,
    role,
    agreedOn: consentDate,
    shownOnTheSite: shown,
    ...(contact && { keptPrivately: contact }),
    inTheDraft: inDraft,
    live,
  }));
}

/** The copy of what a search by name finds: the quotes shown under it. */
export function namedCopy(name: string, quotes: PersonQuote[], exportedAt: string) {
  return {
    about: 'The quotes this site shows, or keeps in its draft, under the name below.',
    name,
    exportedAt,
    quotes: quotesCopy(quotes),
  };
}
