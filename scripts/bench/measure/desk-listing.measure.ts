import { searchTokens } from '../../../src/store/leads/search-tokens';
/**
 * How long one desk listing page takes with 100,000 leads, on D1 (inside
 * workerd) and on the Firestore stand-in (the real adapter code over REST
 * against the in-process stand-in). Run with `npm run bench:desk`.
 */
import { env } from 'cloudflare:test';
import { afterAll, describe, it, vi } from 'vitest';
import { D1LeadStore } from '../../../src/store/leads/leads-d1';
import { encodeCursor, type LeadQuery } from '../../../src/store/leads/listing';
import type { Lead } from '../../../src/store/leads/lead';
import { type LeadStore } from '../../../src/store/leads/port';
import { getLeadStore } from '../../../src/store/leads/open';
import { firestoreEnv } from '../../../tests/support/firestore';
import type { Fields } from '../../../tests/standins/google/firestore-values';

const TOTAL = 100_000;
const RUNS = 15;
const results: string[] = [];

/** Arrival times one minute apart, newest at i = 0. */
const timeOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + (TOTAL - i) * 60_000).toISOString();
const kindOf = (i: number) => (['quiz', 'newsletter', 'enquiry'] as const)[i % 3];
/** Names from 20 first and 25 last names; addresses on 40 domains; numbers all different. */
const FIRST =
  'Asha Ravi Nila Arjun Meera Kiran Divya Rahul Priya Sanjay Lata Vikram Anu Deepak Gita Manoj Usha Rohan Sita Amit'.split(
    ' ',
  );
const LAST =
  'Kumar Verma Rao Nair Iyer Menon Shah Das Pillai Reddy Joshi Gupta Singh Bose Sen Kapoor Mehta Patel Desai Naidu Pai Kulkarni Chatterjee Banerjee Mishra'.split(
    ' ',
  );
const contactOf = (i: number) => ({
  first: FIRST[i % FIRST.length]!,
  last: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
  email: `lead${i}@mail${i % 40}.example.com`,
  phone: `+9198${String(i).padStart(8, '0')}`,
});
/** The lead the seeded rows describe, for the search words the store would write. */
function leadOf(i: number): Lead {
  const c = contactOf(i);
  const base = {
    id: `lead-${String(i).padStart(6, '0')}`,
    createdAt: timeOf(i),
    consent: { version: 'v', at: timeOf(i) },
  };
  const kind = kindOf(i)!;
  if (kind === 'quiz') return { ...base, kind, answers: {}, contact: c, source: 'website-quiz-page', recommended: [] };
  if (kind === 'newsletter') return { ...base, kind, email: c.email };
  return { ...base, kind, name: `${c.first} ${c.last}`, phone: c.phone, email: c.email, description: 'A workshop' };
}

async function measure(label: string, store: LeadStore, query: LeadQuery): Promise<void> {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const page = await store.list(query);
    times.push(performance.now() - started);
    count = page.leads.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  results.push(
    `${label.padEnd(58)} median ${median.toFixed(1).padStart(7)} ms  max ${times.at(-1)!.toFixed(1).padStart(7)} ms  (${count} leads)`,
  );
}

const queries = (deepCursor: string): Array<[string, LeadQuery]> => [
  ['first page, all kinds, 50 leads', { limit: 50 }],
  ['page at lead 50,000 (cursor), all kinds', { limit: 50, cursor: deepCursor }],
  ['first page, enquiries only', { limit: 50, kind: 'enquiry' }],
  ['one week, all kinds', { limit: 50, from: timeOf(60_000), to: timeOf(50_000) }],
  ['search by email (one match)', { limit: 50, q: 'lead77777@mail17.example.com' }],
  ['search by a name word (2,668 matches), first page', { limit: 50, q: 'kumar' }],
  ['search by the start of a name, "nil" (3,334), first page', { limit: 50, q: 'nil' }],
  ['search by the start of an address, "lead7777" (11)', { limit: 50, q: 'lead7777' }],
  ['search by the start of a domain, "mail17." (2,500), first page', { limit: 50, q: 'mail17.' }],
  ['search by the last digits, "7777" (6 with a phone)', { limit: 50, q: '7777' }],
];

/** What the search words cost: rows (index entries) and their bytes, measured on the seeded leads. */
function wordsCost(label: string): void {
  let words = 0;
  let bytes = 0;
  for (let i = 0; i < TOTAL; i++) {
    const lead = leadOf(i);
    for (const word of searchTokens(lead)) {
      words += 1;
      // D1: the row's four values; Firestore: one composite index entry of (word, time, name) plus the
      // document name twice and 32 bytes (its storage size rules), and the word again in the document.
      bytes += word.length + lead.kind.length + 24 + lead.id.length;
    }
  }
  results.push(
    `${label}: ${words.toLocaleString('en')} search words for ${TOTAL.toLocaleString('en')} leads (${(words / TOTAL).toFixed(1)} a lead), ${(bytes / 1e6).toFixed(0)} MB of D1 row values`,
  );
}

const deep = encodeCursor({ at: timeOf(50_000), id: `lead-${String(50_000).padStart(6, '0')}`, kind: kindOf(50_000)! });

/** A SQL expression picking `list[index % length]`. */
const sqlPick = (list: string[], index: string) =>
  `CASE ${index} % ${list.length} ${list.map((v, k) => `WHEN ${k} THEN '${v}'`).join(' ')} END`;

describe('100,000 leads', () => {
  it('the search words', () => wordsCost('Search words'));

  it('D1', async () => {
    const started = performance.now();
    await env.DB.exec(
      `DELETE FROM quiz_responses; DELETE FROM news_letter; DELETE FROM enquiries; DELETE FROM lead_search;`,
    );
    // Generated in SQL: the same rows and search words the store writes for each lead.
    const seq = `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < ${TOTAL - 1})`;
    const time = `strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (${TOTAL} - i) || ' minutes')`;
    const id = `'lead-' || printf('%06d', i)`;
    await env.DB.batch([
      env.DB.prepare(`${seq} INSERT INTO quiz_responses (id, created_at, status, answers, contact, source)
        SELECT ${id}, ${time}, 'submitted', '{"0":"Mindset"}',
          json_object('first', ${sqlPick(FIRST, 'i')}, 'last', ${sqlPick(LAST, `(i / ${FIRST.length})`)}, 'email', 'lead' || i || '@mail' || (i % 40) || '.example.com', 'phone', '+9198' || printf('%08d', i)),
          'website-quiz-page' FROM s WHERE i % 3 = 0`),
      env.DB.prepare(
        `${seq} INSERT INTO news_letter (id, email, subscribed_at) SELECT ${id}, 'lead' || i || '@mail' || (i % 40) || '.example.com', ${time} FROM s WHERE i % 3 = 1`,
      ),
      env.DB.prepare(`${seq} INSERT INTO enquiries (id, name, phone, email, description, created_at)
        SELECT ${id}, ${sqlPick(FIRST, 'i')} || ' ' || ${sqlPick(LAST, `(i / ${FIRST.length})`)}, '+9198' || printf('%08d', i), 'lead' || i || '@mail' || (i % 40) || '.example.com', 'A workshop', ${time} FROM s WHERE i % 3 = 2`),
    ]);
    // The search words as the store writes them (searchTokens), 250 leads a statement.
    for (let from = 0; from < TOTAL; from += 250) {
      const rows: string[][] = [];
      for (let i = from; i < Math.min(TOTAL, from + 250); i++) {
        const lead = leadOf(i);
        for (const word of searchTokens(lead)) rows.push([word, lead.kind, lead.createdAt, lead.id]);
      }
      await env.DB.prepare(
        `INSERT INTO lead_search (token, kind, created_at, id)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3 FROM json_each(?)`,
      )
        .bind(JSON.stringify(rows))
        .run();
    }
    const n = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM quiz_responses) + (SELECT COUNT(*) FROM news_letter) + (SELECT COUNT(*) FROM enquiries) AS n',
    ).first<{ n: number }>();
    const words = await env.DB.prepare('SELECT COUNT(*) AS n FROM lead_search').first<{ n: number }>();
    results.push(`D1: ${words!.n.toLocaleString('en')} lead_search rows`);
    results.push(`D1: ${n!.n} leads seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const store = new D1LeadStore(env.DB);
    for (const [label, query] of queries(deep)) await measure(`D1: ${label}`, store, query);
  }, 300_000);

  it('Firestore stand-in', async () => {
    const { standin, env: fsEnv } = await firestoreEnv('emulator');
    const started = performance.now();
    const collections = { quiz: 'quiz_responses', newsletter: 'news_letter', enquiry: 'enquiries' } as const;
    for (let i = 0; i < TOTAL; i++) {
      const kind = kindOf(i)!;
      const id = `lead-${String(i).padStart(6, '0')}`;
      const c = contactOf(i);
      const email = { stringValue: c.email };
      const at = { timestampValue: timeOf(i).replace('Z', '000Z') };
      const phone = { stringValue: `+9198${String(i).padStart(8, '0')}` };
      const tokens = searchTokens(leadOf(i)).map((stringValue) => ({ stringValue }));
      const fields: Fields =
        kind === 'quiz'
          ? {
              createdAt: at,
              status: { stringValue: 'submitted' },
              answers: { mapValue: { fields: { '0': { stringValue: 'Mindset' } } } },
              contact: {
                mapValue: {
                  fields: { first: { stringValue: c.first }, last: { stringValue: c.last }, email, phone },
                },
              },
              source: { stringValue: 'website-quiz-page' },
            }
          : kind === 'newsletter'
            ? { email, subscribedAt: at }
            : {
                name: { stringValue: `${c.first} ${c.last}` },
                phone,
                email,
                description: { stringValue: 'A workshop' },
                createdAt: at,
              };
      standin.documents.set(`${collections[kind]}/${id}`, {
        fields: { ...fields, searchTokens: { arrayValue: { values: tokens } } },
        createTime: at.timestampValue,
        updateTime: at.timestampValue,
      });
    }
    results.push(
      `Firestore stand-in: ${standin.documents.size} leads seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const store = getLeadStore(fsEnv);
    for (const [label, query] of queries(deep)) await measure(`Firestore stand-in: ${label}`, store, query);
    vi.unstubAllGlobals();
  }, 300_000);
});

afterAll(() => {
  console.log(`\nDesk listing, ${TOTAL.toLocaleString('en')} leads, ${RUNS} runs each:\n${results.join('\n')}\n`);
});
