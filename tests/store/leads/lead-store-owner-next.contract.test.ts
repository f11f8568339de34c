/**
 * The storage port's contract for whose lead it is and when to come back to it (issue 56), run against every
 * adapter (lead-store-harness.ts): the owner and the next date are set and cleared with who and when, without
 * touching the rest of the follow-up; `dated` lists the leads with a next date soonest first; both count as the
 * lead's last contact and go with the lead when it is erased.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastContactOf } from '../../../src/store/leads/listing';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { adapters } from './lead-store-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRIYA = 'priya@example.com';
const ARJUN = 'arjun@example.com';

describe.each(adapters)('LeadStore contract, owner and next date: %s', (_name, harness) => {
  it('takes a lead for one owner, hands it to the other, and gives it back to nobody', async () => {
    const { store, seed } = await harness();
    const lead = enquiryLead();
    await seed(lead, '2031-03-01T09:00:00.000Z');
    await store.update('enquiry', lead.id, { note: 'Prefers evenings', by: ARJUN, at: '2031-03-01T09:30:00.000Z' });

    const taken = await store.update('enquiry', lead.id, { owner: PRIYA, by: PRIYA, at: '2031-03-01T10:00:00.000Z' });
    expect(taken?.desk).toEqual({
      status: 'new',
      note: 'Prefers evenings',
      noteBy: ARJUN,
      noteAt: '2031-03-01T09:30:00.000Z',
      owner: PRIYA,
      ownerBy: PRIYA,
      ownerAt: '2031-03-01T10:00:00.000Z',
    });
    const handed = await store.update('enquiry', lead.id, { owner: ARJUN, by: PRIYA, at: '2031-03-01T11:00:00.000Z' });
    expect(handed?.desk).toMatchObject({ owner: ARJUN, ownerBy: PRIYA, ownerAt: '2031-03-01T11:00:00.000Z' });

    const nobodys = await store.update('enquiry', lead.id, { owner: '', by: ARJUN, at: '2031-03-01T12:00:00.000Z' });
    expect(nobodys?.desk.owner).toBeUndefined();
    expect(nobodys?.desk).toMatchObject({
      ownerBy: ARJUN,
      ownerAt: '2031-03-01T12:00:00.000Z',
      note: 'Prefers evenings',
    });
    expect(lastContactOf(nobodys!)).toBe('2031-03-01T12:00:00.000Z');
  });

  it('sets a next date with its note, moves it, clears it, and keeps an empty note as empty', async () => {
    const { store, seed } = await harness();
    const lead = quizLead();
    await seed(lead, '2031-03-01T09:00:00.000Z');
    const set = await store.update('quiz', lead.id, {
      next: { at: '2031-03-05T04:30:00.000Z', note: 'Call on Thursday about the retreat' },
      by: PRIYA,
      at: '2031-03-01T10:00:00.000Z',
    });
    expect(set?.desk).toEqual({
      status: 'new',
      nextAt: '2031-03-05T04:30:00.000Z',
      nextNote: 'Call on Thursday about the retreat',
      nextBy: PRIYA,
      nextSetAt: '2031-03-01T10:00:00.000Z',
    });
    const moved = await store.update('quiz', lead.id, {
      next: { at: '2031-03-06T04:30:00.000Z', note: '' },
      by: ARJUN,
      at: '2031-03-02T10:00:00.000Z',
    });
    expect(moved?.desk).toMatchObject({ nextAt: '2031-03-06T04:30:00.000Z', nextNote: '', nextBy: ARJUN });
    expect(lastContactOf(moved!)).toBe('2031-03-02T10:00:00.000Z');

    const cleared = await store.update('quiz', lead.id, { next: null, by: PRIYA, at: '2031-03-03T10:00:00.000Z' });
    expect(cleared?.desk.nextAt).toBeUndefined();
    expect(cleared?.desk.nextNote).toBeUndefined();
    expect(cleared?.desk).toMatchObject({ status: 'new', nextBy: PRIYA, nextSetAt: '2031-03-03T10:00:00.000Z' });
    expect((await store.dated(50)).filter((l) => l.id === lead.id)).toEqual([]);
  });

  it('lists the quiz responses and enquiries with a next date, soonest first, past ones included, up to the limit', async () => {
    const { store, seed } = await harness();
    const [q1, q2, e1, e2, plain] = [quizLead(), quizLead(), enquiryLead(), enquiryLead(), enquiryLead()];
    for (const lead of [q1, q2, e1, e2, plain]) await seed(lead, '2031-03-01T09:00:00.000Z');
    await seed(newsletterLead(), '2031-03-01T09:00:00.000Z');
    const next = (at: string) => ({ next: { at, note: '' }, by: PRIYA, at: '2031-03-01T10:00:00.000Z' });
    await store.update('quiz', q1.id, next('2001-03-09T00:00:00.000Z'));
    await store.update('enquiry', e1.id, next('2001-02-01T00:00:00.000Z'));
    await store.update('quiz', q2.id, next('2001-03-04T00:00:00.000Z'));
    await store.update('enquiry', e2.id, next('2001-03-07T00:00:00.000Z'));
    await store.update('enquiry', plain.id, { owner: PRIYA, by: PRIYA, at: '2031-03-01T10:00:00.000Z' });

    // Dated in 2001: on D1 (one database for the file) no other test's lead comes before these.
    const listed = (await store.dated(4)).map((l) => `${l.kind}:${l.id}:${l.desk.nextAt}`);
    expect(listed).toEqual([
      `enquiry:${e1.id}:2001-02-01T00:00:00.000Z`,
      `quiz:${q2.id}:2001-03-04T00:00:00.000Z`,
      `enquiry:${e2.id}:2001-03-07T00:00:00.000Z`,
      `quiz:${q1.id}:2001-03-09T00:00:00.000Z`,
    ]);
    expect((await store.dated(2)).map((l) => l.id)).toEqual([e1.id, q2.id]);
    // From a time on (inclusive): the cron's look-back, so dates nobody cleared never crowd out those due now.
    expect((await store.dated(2, '2001-03-04T00:00:00.000Z')).map((l) => l.id)).toEqual([q2.id, e2.id]);
  });

  it('erases the owner and the next date with the lead, and changes nothing for a lead that is not stored', async () => {
    const { store, seed } = await harness();
    const lead = enquiryLead();
    await seed(lead, '2031-03-01T09:00:00.000Z');
    await store.update('enquiry', lead.id, { owner: PRIYA, by: PRIYA, at: '2031-03-01T10:00:00.000Z' });
    await store.update('enquiry', lead.id, {
      next: { at: '2031-03-04T00:00:00.000Z', note: 'Ask about the dates' },
      by: PRIYA,
      at: '2031-03-01T10:00:00.000Z',
    });
    expect(await store.erase('enquiry', lead.id)).toBe(true);
    expect((await store.dated(50)).filter((l) => l.id === lead.id)).toEqual([]);
    await seed(lead, '2031-03-02T09:00:00.000Z');
    expect((await store.get('enquiry', lead.id))?.desk).toEqual({ status: 'new' });

    const missing = crypto.randomUUID();
    expect(await store.update('quiz', missing, { owner: PRIYA, by: PRIYA, at: '2031-03-01T10:00:00.000Z' })).toBeNull();
    expect(await store.update('quiz', missing, { next: null, by: PRIYA, at: '2031-03-01T10:00:00.000Z' })).toBeNull();
    expect(await store.get('quiz', missing)).toBeNull();
  });
});
