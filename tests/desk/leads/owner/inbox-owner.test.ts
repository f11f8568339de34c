/**
 * The inbox's "Whose" filter over HTTP, on D1 and on Firestore, signed in as Priya: Mine, Theirs and Nobody's list
 * the leads she took, the ones Arjun took and the ones nobody took, each taken row tagged with its owner's name;
 * the CSV export keeps the filter and has the owner's columns. A filter that is not one of them is refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLeadStore } from '../../../../src/store/leads/open';
import { callWorker } from '../../../support/api';
import { D1_AND_FIRESTORE } from '../../../support/firestore';
import { enquiryLead, quizLead } from '../../../fixtures/leads';
import { ARJUN, PRIYA, signedIn } from './signed-in';

afterEach(() => vi.unstubAllGlobals());

describe.each(D1_AND_FIRESTORE)('the inbox by whose lead: %s', (_name, makeEnv) => {
  it('lists Mine, Theirs and Nobody’s, tags taken rows, and exports what it lists', async () => {
    const { env, headers } = await signedIn(await makeEnv());
    // One address on all three, so a search finds just them among other tests' leads.
    const email = `whose-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const mine = enquiryLead({ name: 'Meera Iyer', email });
    const theirs = quizLead({ contact: { first: 'Kabir', last: 'Rao', email, phone: '' } });
    const nobodys = enquiryLead({ name: 'Tara Sen', email });
    const store = getLeadStore(env);
    for (const lead of [mine, theirs, nobodys]) await store.save(lead);
    const at = new Date().toISOString();
    await store.update('enquiry', mine.id, { owner: PRIYA, by: PRIYA, at });
    await store.update('quiz', theirs.id, { owner: ARJUN, by: PRIYA, at });
    const inbox = async (owner: string) => {
      const res = await callWorker(env, `/desk?q=${encodeURIComponent(email)}&owner=${owner}`, { headers });
      expect(res.status).toBe(200);
      return res.text();
    };

    const everyone = await inbox('');
    for (const lead of [mine, theirs, nobodys]) expect(everyone).toContain(lead.id);
    expect(everyone).toContain('<span class="desk-owner-tag">Priya’s</span>');
    expect(everyone).toContain('<span class="desk-owner-tag">Arjun’s</span>');

    const own = await inbox('mine');
    expect(own).toContain(mine.id);
    expect(own).not.toContain(theirs.id);
    expect(own).not.toContain(nobodys.id);
    expect(own).toContain('<option value="mine" selected="">Mine</option>');

    const other = await inbox('theirs');
    expect(other).toContain(theirs.id);
    expect(other).not.toContain(mine.id);
    expect(other).not.toContain(nobodys.id);

    const none = await inbox('nobody');
    expect(none).toContain(nobodys.id);
    expect(none).not.toContain(mine.id);
    expect(none).not.toContain(theirs.id);
    expect(none).not.toContain('desk-owner-tag');

    const csv = await (
      await callWorker(env, `/desk/export.csv?q=${encodeURIComponent(email)}&owner=mine`, { headers })
    ).text();
    const [head, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(head!.split(',')).toEqual(expect.arrayContaining(['owner', 'ownerBy', 'ownerAt']));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(mine.id);
    expect(rows[0]).toContain(`${PRIYA},${PRIYA},${at}`);
  });

  it('refuses a filter that is not Mine, Theirs or Nobody’s, by the field', async () => {
    const { env, headers } = await signedIn(await makeEnv());
    const res = await callWorker(env, '/desk?owner=everyone', { headers });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose mine, theirs or nobody.');
  });
});
