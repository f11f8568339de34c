/**
 * The storage port's contract for the inbox's "Whose" filter, run against every adapter (lead-store-harness.ts):
 * leads taken by one owner, by any of several, or by nobody, newest first and paged with the cursor, alone and with
 * the other filters; a newsletter subscription is never listed by owner.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadStore } from '../../../src/store/leads/port';
import type { Lead } from '../../../src/store/leads/lead';
import type { LeadQuery, LeadRecord } from '../../../src/store/leads/listing';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { adapters } from './lead-store-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRIYA = 'priya@example.com';
const ARJUN = 'arjun@example.com';

async function allPages(store: LeadStore, query: Omit<LeadQuery, 'cursor'>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ ...query, cursor });
    pages.push(page.leads.map((l) => `${l.kind}:${l.id}`));
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return pages;
}

const at = (minute: number) => new Date(Date.UTC(2032, 0, 1, 0, minute)).toISOString();
const ref = (lead: Lead) => `${lead.kind}:${lead.id}`;

describe.each(adapters)('LeadStore contract, whose lead: %s', (_name, harness) => {
  let window = 0;
  const setup = async (leads: Lead[]) => {
    const h = await harness();
    const base = (window += 100_000) * 60;
    for (const [i, lead] of leads.entries()) await h.seed(lead, at(base + i + 1));
    return { ...h, range: { from: at(base), to: at(base + 10_000) } };
  };

  it('lists the leads one owner took, the other took, either took or nobody took, newest first, paged', async () => {
    const [q1, e1, n1, q2, e2, q3, e3] = [
      quizLead(),
      enquiryLead({ name: 'Meera Iyer', email: 'meera@example.com' }),
      newsletterLead(),
      quizLead(),
      enquiryLead(),
      quizLead(),
      enquiryLead(),
    ];
    const { store, range } = await setup([q1, e1, n1, q2, e2, q3, e3]);
    const by = { by: PRIYA, at: '2032-02-01T10:00:00.000Z' };
    await store.update('quiz', q1.id, { owner: PRIYA, ...by });
    await store.update('enquiry', e1.id, { owner: ARJUN, ...by });
    await store.update('quiz', q2.id, { owner: PRIYA, ...by });
    await store.update('enquiry', e2.id, { owner: PRIYA, ...by });
    // Taken, then given back to nobody: nobody's again.
    await store.update('quiz', q3.id, { owner: ARJUN, ...by });
    await store.update('quiz', q3.id, { owner: '', ...by });
    const listed = (owner: LeadQuery['owner'], limit = 10, more: Partial<LeadQuery> = {}) =>
      allPages(store, { ...range, owner, limit, ...more });

    expect(await listed({ takenBy: [PRIYA] }, 2)).toEqual([[ref(e2), ref(q2)], [ref(q1)]]);
    expect(await listed({ takenBy: [ARJUN] })).toEqual([[ref(e1)]]);
    expect(await listed({ takenBy: [PRIYA, ARJUN] })).toEqual([[ref(e2), ref(q2), ref(e1), ref(q1)]]);
    expect(await listed({ takenBy: [] })).toEqual([[]]);
    // The newsletter subscription n1 is nobody's lead to take: not listed.
    expect(await listed('nobody', 1)).toEqual([[ref(e3)], [ref(q3)]]);
    // With the other filters: a kind, a status, a search.
    expect(await listed({ takenBy: [PRIYA] }, 10, { kind: 'quiz' })).toEqual([[ref(q2), ref(q1)]]);
    await store.update('quiz', q2.id, { status: 'contacted', ...by });
    await store.update('quiz', q3.id, { status: 'contacted', ...by });
    expect(await listed({ takenBy: [PRIYA] }, 10, { status: 'contacted' })).toEqual([[ref(q2)]]);
    expect(await listed('nobody', 10, { status: 'contacted' })).toEqual([[ref(q3)]]);
    expect(await listed({ takenBy: [PRIYA] }, 10, { status: 'new' })).toEqual([[ref(e2), ref(q1)]]);
    expect(await listed({ takenBy: [ARJUN] }, 10, { q: e1.email })).toEqual([[ref(e1)]]);
    expect(await listed({ takenBy: [PRIYA] }, 10, { q: e1.email })).toEqual([[]]);
    expect(await listed({ takenBy: [PRIYA] }, 10, { kind: 'newsletter' })).toEqual([[]]);
    const page = await store.list({ ...range, owner: { takenBy: [ARJUN] }, limit: 5 });
    expect((page.leads[0] as LeadRecord).desk).toMatchObject({ owner: ARJUN, ownerBy: PRIYA });
  });
});
