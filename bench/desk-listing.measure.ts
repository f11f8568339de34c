/**
 * How long one desk listing page takes with 100,000 leads, on D1 (inside
 * workerd) and on the Firestore stand-in (the real adapter code over REST
 * against the in-process stand-in). Run with `npm run bench:desk`.
 */
import { env } from 'cloudflare:test';
import { afterAll, describe, it, vi } from 'vitest';
import { D1LeadStore } from '../src/leads/d1-store';
import { encodeCursor, type LeadQuery } from '../src/leads/listing';
import type { LeadStore } from '../src/leads/port';
import { getLeadStore } from '../src/leads/store';
import { firestoreEnv } from '../tests/support/firestore';
import type { Fields } from '../tests/standins/firestore-values';

const TOTAL = 100_000;
const RUNS = 15;
const results: string[] = [];

/** Arrival times one minute apart, newest at i = 0. */
const timeOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + (TOTAL - i) * 60_000).toISOString();
const kindOf = (i: number) => (['quiz', 'newsletter', 'enquiry'] as const)[i % 3];

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
  ['search by email (one match)', { limit: 50, q: 'lead77777@example.com' }],
  ['search by a name word (33,334 matches), first page', { limit: 50, q: 'kumar' }],
];

const deep = encodeCursor({ at: timeOf(50_000), id: `lead-${String(50_000).padStart(6, '0')}`, kind: kindOf(50_000)! });

describe('100,000 leads', () => {
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
          json_object('first', 'Asha', 'last', 'Rao', 'email', 'lead' || i || '@example.com', 'phone', '+9198' || printf('%08d', i)),
          'website-quiz-page' FROM s WHERE i % 3 = 0`),
      env.DB.prepare(
        `${seq} INSERT INTO news_letter (id, email, subscribed_at) SELECT ${id}, 'lead' || i || '@example.com', ${time} FROM s WHERE i % 3 = 1`,
      ),
      env.DB.prepare(`${seq} INSERT INTO enquiries (id, name, phone, email, description, created_at)
        SELECT ${id}, 'Ravi Kumar', '+9198' || printf('%08d', i), 'lead' || i || '@example.com', 'A workshop', ${time} FROM s WHERE i % 3 = 2`),
      env.DB.prepare(`${seq} INSERT INTO lead_search (token, kind, created_at, id)
        SELECT 'lead' || i || '@example.com', CASE i % 3 WHEN 0 THEN 'quiz' WHEN 1 THEN 'newsletter' ELSE 'enquiry' END, ${time}, ${id} FROM s`),
      env.DB.prepare(
        `${seq} INSERT INTO lead_search (token, kind, created_at, id) SELECT 'kumar', 'enquiry', ${time}, ${id} FROM s WHERE i % 3 = 2`,
      ),
    ]);
    const n = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM quiz_responses) + (SELECT COUNT(*) FROM news_letter) + (SELECT COUNT(*) FROM enquiries) AS n',
    ).first<{ n: number }>();
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
      const email = { stringValue: `lead${i}@example.com` };
      const at = { timestampValue: timeOf(i).replace('Z', '000Z') };
      const phone = { stringValue: `+9198${String(i).padStart(8, '0')}` };
      const tokens = [email, ...(kind === 'enquiry' ? [{ stringValue: 'kumar' }] : [])];
      const fields: Fields =
        kind === 'quiz'
          ? {
              createdAt: at,
              status: { stringValue: 'submitted' },
              answers: { mapValue: { fields: { '0': { stringValue: 'Mindset' } } } },
              contact: {
                mapValue: { fields: { first: { stringValue: 'Asha' }, last: { stringValue: 'Rao' }, email, phone } },
              },
              source: { stringValue: 'website-quiz-page' },
            }
          : kind === 'newsletter'
            ? { email, subscribedAt: at }
            : {
                name: { stringValue: 'Ravi Kumar' },
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
