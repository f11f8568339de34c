import { type Lead, COLLECTIONS } from '../../../src/store/leads/lead';
import { SEARCH_VERSION } from '../../../src/store/leads/search-tokens';
/**
 * The cron's rewrite of stored leads' search words: leads stored by an older version (found only by whole
 * words) become findable by the start of a word, a page at a time, each kind marked done once, on D1 and on
 * Firestore. Fresh storage: it reads every lead in the store and the one search_backfill row per kind.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { backfillSearchWords } from '../../../src/store/leads/search-backfill';
import { getLeadStore } from '../../../src/store/leads/open';
import { firestoreEnv } from '../../support/firestore';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';

afterEach(() => vi.unstubAllGlobals());

/** Five leads named Nila… whose stored words are what the first version wrote: whole words only. */
function leads(): Lead[] {
  return [
    { ...quizLead(), contact: { first: 'Nila', last: 'One', email: 'nila1@example.org', phone: '+919800000001' } },
    { ...quizLead(), contact: { first: 'Nila', last: 'Two', email: 'nila2@example.org', phone: '+919800000002' } },
    { ...quizLead(), contact: { first: 'Nila', last: 'Three', email: 'nila3@example.org', phone: '+919800000003' } },
    { ...enquiryLead(), name: 'Nila Four', email: 'nila4@example.org' },
    { ...newsletterLead(), email: 'nila5@example.org' },
  ];
}

async function state(): Promise<Record<string, { version: number; cursor: string | null }>> {
  const { results } = await env.DB.prepare('SELECT kind, version, cursor FROM search_backfill').all<{
    kind: string;
    version: number;
    cursor: string | null;
  }>();
  return Object.fromEntries(results.map(({ kind, ...rest }) => [kind, rest]));
}

async function rewriteAll(workerEnv: Env): Promise<number> {
  let runs = 0;
  for (; runs < 10; runs++) {
    const now = await state();
    if (['quiz', 'newsletter', 'enquiry'].every((k) => now[k]?.version === SEARCH_VERSION)) break;
    await backfillSearchWords(workerEnv, 2);
  }
  return runs;
}

describe('the search words backfill', () => {
  it('D1: rewrites every lead a page per run, marks each kind done, and then does nothing', async () => {
    await env.DB.exec('DELETE FROM search_backfill');
    const stored = leads();
    const store = getLeadStore(env);
    for (const lead of stored) {
      await store.save(lead);
      await env.DB.prepare('DELETE FROM lead_search WHERE id = ?').bind(lead.id).run();
      await env.DB.prepare(`INSERT INTO lead_search (token, kind, created_at, id) VALUES ('nila', ?, ?, ?)`)
        .bind(lead.kind, lead.createdAt, lead.id)
        .run();
    }
    const find = async (q: string) => (await store.list({ q, limit: 50 })).leads.length;
    expect(await find('nila')).toBe(5);
    expect(await find('nil')).toBe(0);

    await backfillSearchWords(env, 2);
    // Three quiz leads at two a run: the quiz is under way, the others done in one page.
    const first = await state();
    expect(first.quiz).toMatchObject({ version: 1, cursor: expect.any(String) });
    expect(first.newsletter).toEqual({ version: SEARCH_VERSION, cursor: null });
    expect(first.enquiry).toEqual({ version: SEARCH_VERSION, cursor: null });
    expect(await find('nil')).toBe(4);

    expect(await rewriteAll(env)).toBe(1);
    expect(await find('nil')).toBe(5);
    expect(await find('nila4@ex')).toBe(1);
    expect(await find('00003')).toBe(1);

    // Done: a later run reads nothing and changes nothing.
    await env.DB.prepare('DELETE FROM lead_search WHERE id = ?').bind(stored[0]!.id).run();
    await backfillSearchWords(env, 2);
    expect(await find('nil')).toBe(4);
  });

  it('Firestore: the same rewrite through the REST adapter', async () => {
    await env.DB.exec('DELETE FROM search_backfill');
    const { standin, env: fsEnv } = await firestoreEnv('emulator');
    const store = getLeadStore(fsEnv);
    for (const lead of leads()) {
      await store.save(lead);
      standin.document(COLLECTIONS[lead.kind], lead.id)!.fields.searchTokens = {
        arrayValue: { values: [{ stringValue: 'nila' }] },
      };
    }
    const find = async (q: string) => (await store.list({ q, limit: 50 })).leads.length;
    expect(await find('nil')).toBe(0);
    expect(await rewriteAll(fsEnv)).toBe(2);
    expect(await find('nil')).toBe(5);
    expect(await find('nila4@ex')).toBe(1);
  });
});
