/**
 * When a store cannot be reached the desk never answers 500: a page whose own records cannot be read answers 503
 * with a page in plain words (what still works, that nothing was lost, when to try again), and a part of a page
 * read from another store says it could not be read while the rest of the page renders.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { deskStoreDown as copy } from '../../src/desk/store-down-words';
import { getLeadStore } from '../../src/store/leads/open';
import { callWorker, postForm } from '../support/api';
import { firestoreEnv } from '../support/firestore';
import { loggedEvents } from '../support/logs';
import { allowConsoleErrors } from '../setup';
import { enquiryLead } from '../fixtures/leads';

afterEach(() => vi.unstubAllGlobals());

const HEX32 = 'ab'.repeat(16);
/** Every page of the desk a GET opens (a lead, a conversation and an attachment by an id of the right shape). */
const ROUTES = [
  '/desk',
  '/desk?kind=quiz',
  '/desk/dead',
  '/desk/export.csv',
  '/desk/leads/enquiry/0b5c0d9e-2f43-4c61-9a57-5d8f7a9e1c20',
  '/desk/bookings',
  '/desk/payments',
  '/desk/payments.csv',
  '/desk/people',
  '/desk/conversations',
  `/desk/conversations/${HEX32}`,
  '/desk/replies',
  '/desk/links',
  '/desk/content',
  '/desk/content/hero',
  '/desk/content/preview',
  '/desk/numbers',
  '/desk/sources',
  '/desk/sources.csv',
  '/desk/health',
  '/desk/health.json',
  `/desk/media/${HEX32}`,
];

/** D1 failing as it does when it cannot be reached: every statement's read or write rejects. */
function brokenD1(): D1Database {
  const fail = () => Promise.reject(new Error('D1_ERROR: Network connection lost.'));
  const statement: Record<string, unknown> = { first: fail, all: fail, run: fail, raw: fail };
  statement.bind = () => statement;
  return { prepare: () => statement, batch: fail, exec: fail, dump: fail } as unknown as D1Database;
}

/** Firestore with its network gone: the Google token exchange (and every call) fails. */
async function firestoreDown(): Promise<Env> {
  const { env: fsEnv } = await firestoreEnv('credentials');
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
  return fsEnv;
}

/** The plain page the desk answers with, and none of the error's own words. */
async function expectStoreDownPage(res: Response, path: string) {
  expect(res.status, path).toBe(503);
  expect(res.headers.get('retry-after'), path).toBe('300');
  const body = await res.text();
  if (path.endsWith('.json')) {
    expect(JSON.parse(body), path).toMatchObject({ ok: false, error: { code: 'store_unreachable' } });
    return;
  }
  expect(body, path).toContain(copy.title);
  expect(body, path).toContain(copy.nothingLost);
  expect(body, path).toContain(copy.stillWorks.items[0]);
  expect(body, path).toContain(copy.tryAgain.slice(0, 30));
  for (const word of ['D1_ERROR', 'Firestore', 'token', '500']) expect(body, `${path}: ${word}`).not.toContain(word);
}

describe('the desk when D1, its only store here, cannot be reached', () => {
  it.each(ROUTES)('%s answers 503 with the plain page, never 500', async (path) => {
    allowConsoleErrors();
    const spy = vi.spyOn(console, 'error');
    const res = await callWorker({ ...env, DB: brokenD1() }, path);
    await expectStoreDownPage(res, path);
    const lines = loggedEvents(spy).filter((l) => l.event === 'desk.store-unreachable');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.error).toContain('D1_ERROR');
  });

  it('a form sent then says it may not have been saved', async () => {
    allowConsoleErrors();
    const res = await postForm({ ...env, DB: brokenD1() }, `/desk/leads/enquiry/${crypto.randomUUID()}/note`, {
      note: 'Call back on Monday',
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain(copy.notSaved);
  });
});

describe('the desk when Firestore cannot be reached (no network) and D1 can', () => {
  it.each(ROUTES)('%s answers 503 with the plain page or renders, never 500', async (path) => {
    allowConsoleErrors();
    const res = await callWorker(await firestoreDown(), path);
    expect(res.status, path).not.toBe(500);
    if (res.status === 503) await expectStoreDownPage(res, path);
    else expect(res.status, path).toBe(200);
  });

  it('the inbox, the calls and a lead answer 503: their own records are in Firestore', async () => {
    allowConsoleErrors();
    // An id without a 5: the page's "Try again" link carries it, and the page must not say "500" (a random id once did).
    const id = crypto.randomUUID().replaceAll('5', 'a');
    for (const path of ['/desk', '/desk/bookings', '/desk/export.csv', `/desk/leads/enquiry/${id}`])
      await expectStoreDownPage(await callWorker(await firestoreDown(), path), path);
  });

  it('Numbers shows the counts (D1) and says the calls and clients (Firestore) could not be read', async () => {
    allowConsoleErrors();
    const res = await callWorker(await firestoreDown(), '/desk/numbers');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(copy.part(copy.parts.callsAndClients));
    expect(html).toContain('Leads per day, last 30 days');
    expect(html).not.toContain('Calls booked');
  });
});

describe('a part read from D1 failing alone, Firestore answering', () => {
  it('the inbox lists the leads and says the warnings could not be read', async () => {
    const { env: fsEnv } = await firestoreEnv('credentials');
    const lead = enquiryLead({ name: `Zara ${crypto.randomUUID().slice(0, 6)}` });
    await getLeadStore(fsEnv).save(lead);
    const broken = { ...fsEnv, DB: brokenD1() };
    const res = await callWorker(broken, '/desk');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(lead.name);
    expect(html).toContain(copy.part(copy.parts.warnings));
    // A lead's page shows the lead and says its messages (D1) could not be read.
    const page = await callWorker(broken, `/desk/leads/enquiry/${lead.id}`);
    expect(page.status).toBe(200);
    const leadHtml = await page.text();
    expect(leadHtml).toContain(lead.name);
    expect(leadHtml).toContain(copy.part(copy.parts.messages));
  });
});
