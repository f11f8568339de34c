/**
 * The storage port's contract for what the desk reads, run against every adapter (lead-store-harness.ts): listing
 * newest first with a cursor, filters, search, follow-up, erasure, last contact and corrections.
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

/** Every page of a listing, following `next` until the last. */
async function allPages(store: LeadStore, query: Omit<LeadQuery, 'cursor'>): Promise<LeadRecord[][]> {
  const pages: LeadRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list({ ...query, cursor });
    pages.push(page.leads);
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return pages;
}

const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString();
const ids = (leads: LeadRecord[]) => leads.map((l) => `${l.kind}:${l.id}`);

describe.each(adapters)('LeadStore contract, listing and follow-up: %s', (_name, harness) => {
  // Each test gets a store of its own: the Firestore stand-in is fresh per harness, and on D1
  // every test uses a unique time window (leads from other tests are outside it).
  let window = 0;
  const setup = async (leads: Array<[Lead, number]>) => {
    const h = await harness();
    const base = (window += 100_000) * 60;
    const range = { from: at(base - 1), to: at(base + 10_000) };
    for (const [lead, minute] of leads) await h.seed(lead, at(base + minute));
    return { ...h, range, at: (minute: number) => at(base + minute) };
  };

  it('lists every kind newest first, and pages through all with the cursor, each lead once', async () => {
    const leads: Array<[Lead, number]> = [
      [quizLead(), 1],
      [newsletterLead(), 2],
      [enquiryLead(), 3],
      [quizLead(), 4],
      [newsletterLead(), 5],
      [enquiryLead(), 6],
      [quizLead(), 7],
    ];
    const { store, range } = await setup(leads);
    const pages = await allPages(store, { ...range, limit: 3 });
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    const expected = [...leads].reverse().map(([l]) => `${l.kind}:${l.id}`);
    expect(pages.flatMap(ids)).toEqual(expected);
  });

  it('keeps leads that share an arrival time (and even an id) apart across a page boundary', async () => {
    const id = crypto.randomUUID();
    const { store, range } = await setup([
      [quizLead({ id }), 5],
      [enquiryLead({ id }), 5],
      [newsletterLead({ id }), 5],
      [newsletterLead(), 5],
    ]);
    const pages = await allPages(store, { ...range, limit: 1 });
    const seen = pages.flatMap(ids);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('filters by kind and by arrival time (from inclusive, to exclusive)', async () => {
    const early = enquiryLead();
    const late = enquiryLead();
    const {
      store,
      range,
      at: time,
    } = await setup([
      [early, 1],
      [quizLead(), 2],
      [late, 3],
    ]);
    expect(ids((await store.list({ ...range, kind: 'enquiry', limit: 10 })).leads)).toEqual(
      ids([late, early] as LeadRecord[]),
    );
    const between = await store.list({ kind: 'enquiry', from: time(1), to: time(3), limit: 10 });
    expect(ids(between.leads)).toEqual([`enquiry:${early.id}`]);
  });

  it('finds a lead by a word of its name, its whole name, its email or its phone, in any case or format', async () => {
    const asha: Lead = {
      ...quizLead(),
      contact: { first: 'Asha', last: 'Devi Rao', email: 'Asha.Rao@Example.com', phone: '+919812345678' },
    };
    const ravi = enquiryLead({ name: 'Ravi Kumar', email: 'ravi@example.com' });
    const { store, range } = await setup([
      [asha, 1],
      [ravi, 2],
      [newsletterLead(), 3],
    ]);
    const find = async (q: string) => ids((await store.list({ ...range, q, limit: 10 })).leads);
    for (const q of ['asha', 'DEVI', 'asha devi rao', 'asha.rao@example.com', '+91 98123 45678', '9812345678']) {
      expect(await find(q), q).toContain(`quiz:${asha.id}`);
    }
    expect(await find('ravi@example.com')).toEqual([`enquiry:${ravi.id}`]);
    expect(await find('nobody@example.com')).toEqual([]);
  });

  it('finds a lead by the start of any word of its name, of its email or its domain, and by its last digits', async () => {
    const nila: Lead = {
      ...quizLead(),
      contact: { first: 'Nila', last: 'Verma', email: 'Nila.V@Verma-Family.in', phone: '+91 98123 45678' },
    };
    const ravi: Lead = {
      ...enquiryLead(),
      name: 'Ravi Nilakantan',
      email: 'ravi@mail.example',
      phone: '+919800011122',
    };
    const { store, range } = await setup([
      [nila, 1],
      [ravi, 2],
      [{ ...newsletterLead(), email: 'nilima@verma-family.in' }, 3],
    ]);
    const find = async (q: string) => (await store.list({ ...range, q, limit: 10 })).leads.map((l) => l.kind).sort();
    // The start of a word of the name, or of the whole name.
    expect(await find('Nil')).toEqual(['enquiry', 'newsletter', 'quiz']);
    expect(await find('verm')).toEqual(['newsletter', 'quiz']); // Verma, and verma-family.in
    expect(await find('nila ve')).toEqual(['quiz']);
    expect(await find('nilak')).toEqual(['enquiry']);
    // The start of the address, and of its domain.
    expect(await find('nila.v@')).toEqual(['quiz']);
    expect(await find('verma-fam')).toEqual(['newsletter', 'quiz']);
    expect(await find('mail.ex')).toEqual(['enquiry']);
    // The last digits, at least three, however they are written.
    expect(await find('678')).toEqual(['quiz']);
    expect(await find('45 678')).toEqual(['quiz']);
    expect(await find('+91 98123 45678')).toEqual(['quiz']);
    // Not the middle of a word, not the start of a number, nothing shorter than three.
    expect(await find('ila')).toEqual([]);
    expect(await find('98123')).toEqual([]);
    expect(await find('78')).toEqual([]);
  });

  it("rewrites a lead's search words from the lead, so one stored by an older version is found by a start too", async () => {
    const nila: Lead = {
      ...quizLead(),
      contact: { first: 'Nila', last: 'Verma', email: 'nila@example.org', phone: '+919812345678' },
    };
    const h = await setup([[nila, 1]]);
    await h.setSearchWords(nila, ['nila verma', 'nila', 'verma', 'nila@example.org']);
    const find = async (q: string) => ids((await h.store.list({ ...h.range, q, limit: 10 })).leads);
    expect(await find('verma')).toEqual([`quiz:${nila.id}`]);
    expect(await find('verm')).toEqual([]);
    const stored = (await h.store.get('quiz', nila.id))!;
    await h.store.refreshSearch(stored);
    await h.store.refreshSearch(stored); // idempotent
    for (const q of ['verm', 'nila', 'nila@ex', '45678']) expect(await find(q), q).toEqual([`quiz:${nila.id}`]);
    expect((await h.store.list({ ...h.range, limit: 10 })).leads).toHaveLength(1);
  });

  it('pages through search results with the cursor', async () => {
    const leads: Array<[Lead, number]> = [1, 2, 3, 4, 5].map((m) => [
      { ...newsletterLead(), email: 'same@example.com' },
      m,
    ]);
    const { store, range } = await setup([...leads, [newsletterLead(), 6]]);
    const pages = await allPages(store, { ...range, q: 'same@example.com', limit: 2 });
    expect(pages.flatMap(ids)).toEqual([...leads].reverse().map(([l]) => `newsletter:${l.id}`));
  });

  it('lists only the leads at a follow-up status (none set reads as new), newest first, paged with the cursor', async () => {
    const [q1, e1, n1, q2, e2, q3, n2] = [
      quizLead(),
      enquiryLead(),
      newsletterLead(),
      quizLead(),
      enquiryLead(),
      quizLead(),
      newsletterLead(),
    ];
    const { store, range } = await setup([
      [q1, 1],
      [e1, 2],
      [n1, 3],
      [q2, 4],
      [e2, 5],
      [q3, 6],
      [n2, 7],
    ]);
    const by = { by: 'priya@example.com', at: '2031-02-03T04:05:06.000Z' };
    await store.update('quiz', q1.id, { status: 'booked', by: 'Calendly', at: by.at });
    await store.update('enquiry', e1.id, { status: 'booked', by: 'Cal.com', at: by.at });
    await store.update('enquiry', e2.id, { status: 'booked', ...by });
    await store.update('quiz', q2.id, { status: 'booked', ...by });
    await store.update('quiz', q2.id, { status: 'client', ...by });
    await store.update('newsletter', n1.id, { status: 'contacted', ...by });
    // A note alone leaves the status new.
    await store.update('newsletter', n2.id, { note: 'Wrote back', ...by });
    const listed = async (query: Omit<LeadQuery, 'cursor' | 'limit'>, limit = 10) =>
      (await allPages(store, { ...range, ...query, limit })).map(ids);
    expect(await listed({ status: 'booked' }, 2)).toEqual([ids([e2, e1] as LeadRecord[]), ids([q1] as LeadRecord[])]);
    expect(await listed({ status: 'client' })).toEqual([ids([q2] as LeadRecord[])]);
    expect(await listed({ status: 'contacted' })).toEqual([ids([n1] as LeadRecord[])]);
    expect(await listed({ status: 'closed' })).toEqual([[]]);
    expect(await listed({ status: 'new' }, 1)).toEqual([ids([n2] as LeadRecord[]), ids([q3] as LeadRecord[])]);
    expect(await listed({ status: 'booked', kind: 'quiz' })).toEqual([ids([q1] as LeadRecord[])]);
    expect(await listed({ status: 'booked', q: e1.email })).toEqual([ids([e2, e1] as LeadRecord[])]);
    expect(await listed({ status: 'new', q: 'ravi' })).toEqual([ids([q3] as LeadRecord[])]);
    const page = await store.list({ ...range, status: 'client', limit: 10 });
    expect(page.leads[0]?.desk).toMatchObject({ status: 'client', statusBy: 'priya@example.com' });
  });

  it('finds a new lead behind more than a batch of leads at another status', { timeout: 60_000 }, async () => {
    const waiting = quizLead();
    const contacted = Array.from({ length: 105 }, () => quizLead());
    const { store, seed, range, at: time } = await setup([[waiting, 1]]);
    await Promise.all(contacted.map((lead, i) => seed(lead, time(i + 2))));
    await Promise.all(
      contacted.map((lead) =>
        store.update('quiz', lead.id, { status: 'contacted', by: 'priya@example.com', at: range.to }),
      ),
    );
    const pages = await allPages(store, { ...range, kind: 'quiz', status: 'new', limit: 1 });
    expect(pages.map(ids)).toEqual([ids([waiting] as LeadRecord[])]);
  });

  it('reads one lead with its follow-up (new until an owner sets it), or null', async () => {
    const lead = enquiryLead();
    const { store } = await setup([[lead, 1]]);
    expect(await store.get('enquiry', lead.id)).toMatchObject({
      kind: 'enquiry',
      id: lead.id,
      name: 'Asha Verma',
      desk: { status: 'new' },
    });
    expect(await store.get('quiz', lead.id)).toBeNull();
    expect(await store.get('enquiry', crypto.randomUUID())).toBeNull();
  });

  it('records the status and the note with who set them and when, each without touching the other', async () => {
    const lead = quizLead();
    const { store } = await setup([[lead, 1]]);
    const when = '2031-02-03T04:05:06.000Z';
    await store.update('quiz', lead.id, { status: 'contacted', by: 'priya@example.com', at: when });
    const noted = await store.update('quiz', lead.id, {
      note: 'Call back after 6 pm',
      by: 'arjun@example.com',
      at: when,
    });
    expect(noted?.desk).toEqual({
      status: 'contacted',
      statusBy: 'priya@example.com',
      statusAt: when,
      note: 'Call back after 6 pm',
      noteBy: 'arjun@example.com',
      noteAt: when,
    });
    expect(noted).toMatchObject({ contact: lead.contact, answers: lead.answers });
    const closed = await store.update('quiz', lead.id, { status: 'closed', by: 'arjun@example.com', at: when });
    expect(closed?.desk).toMatchObject({
      status: 'closed',
      statusBy: 'arjun@example.com',
      note: 'Call back after 6 pm',
    });
    expect(
      (await store.list({ kind: 'quiz', q: lead.contact.email, limit: 50 })).leads.find((l) => l.id === lead.id)?.desk
        .status,
    ).toBe('closed');
  });

  it('updates nothing and creates nothing for an id that is not stored', async () => {
    const { store } = await setup([]);
    const id = crypto.randomUUID();
    expect(await store.update('enquiry', id, { status: 'closed', by: 'x@example.com', at: at(0) })).toBeNull();
    expect(await store.get('enquiry', id)).toBeNull();
  });

  it('erases a lead with its search words and follow-up; erasing again finds nothing; other leads stay', async () => {
    const [gone, kept] = [enquiryLead(), enquiryLead()];
    const { store, range } = await setup([
      [gone, 1],
      [kept, 2],
    ]);
    await store.update('enquiry', gone.id, { note: 'Asked about Pune', by: 'priya@example.com', at: at(3) });
    expect(await store.erase('enquiry', gone.id)).toBe(true);
    expect(await store.get('enquiry', gone.id)).toBeNull();
    expect(ids((await store.list({ ...range, q: gone.email, limit: 10 })).leads)).not.toContain(`enquiry:${gone.id}`);
    expect(ids((await store.list({ ...range, limit: 10 })).leads)).toEqual([`enquiry:${kept.id}`]);
    expect(await store.erase('enquiry', gone.id)).toBe(false);
    // A status set after the erasure does not bring the lead back.
    expect(await store.update('enquiry', gone.id, { status: 'closed', by: 'x@example.com', at: at(4) })).toBeNull();
    expect(await store.get('enquiry', gone.id)).toBeNull();
  });

  it('finds leads whose last contact (arrival, status or note) is before the cutoff, oldest first', async () => {
    const [old, noted, statused, recent] = [quizLead(), quizLead(), enquiryLead(), quizLead()];
    const h = await setup([
      [old, 1],
      [noted, 2],
      [statused, 3],
      [recent, 50],
    ]);
    await h.store.update('quiz', noted.id, { note: 'Wants the March retreat', by: 'priya@example.com', at: h.at(40) });
    await h.store.update('enquiry', statused.id, { status: 'contacted', by: 'arjun@example.com', at: h.at(45) });
    const expired = async (kind: 'quiz' | 'enquiry', minute: number) =>
      (await h.store.expired(kind, h.at(minute), 1000)).filter((id) =>
        [old, noted, statused, recent].some((l) => l.id === id),
      );
    expect(await expired('quiz', 30)).toEqual([old.id]);
    expect(await expired('enquiry', 30)).toEqual([]);
    expect(await expired('quiz', 41)).toEqual([old.id, noted.id]);
    expect(await expired('enquiry', 46)).toEqual([statused.id]);
    // Exactly at the cutoff is not before it.
    expect(await expired('quiz', 40)).toEqual([old.id]);
    expect(await expired('quiz', 51)).toEqual([old.id, noted.id, recent.id]);
  });

  it('finds a lead stored before the last-contact time was kept once its search words are refreshed', async () => {
    const lead = enquiryLead();
    const h = await setup([[lead, 1]]);
    await h.store.update('enquiry', lead.id, { note: 'Old note', by: 'priya@example.com', at: h.at(5) });
    await h.makeOld(lead);
    await h.store.refreshSearch((await h.store.get('enquiry', lead.id))!);
    expect(await h.store.expired('enquiry', h.at(6), 1000)).toContain(lead.id);
    expect(await h.store.expired('enquiry', h.at(5), 1000)).not.toContain(lead.id);
  });

  it('corrects a contact: the new name and number are found, the old are not, and who corrected what is kept', async () => {
    const lead: Lead = { ...enquiryLead(), name: 'Asha Vrema', phone: '+919812300001' };
    const { store, range } = await setup([[lead, 1]]);
    const when = '2031-02-03T04:05:06.000Z';
    const fixed = await store.update('enquiry', lead.id, {
      correction: { name: 'Asha Verma', phone: '+919812300002', email: lead.email },
      by: 'priya@example.com',
      at: when,
    });
    expect(fixed).toMatchObject({ name: 'Asha Verma', phone: '+919812300002', email: lead.email });
    expect(fixed?.desk).toEqual({
      status: 'new',
      corrected: ['name', 'phone'],
      correctedBy: 'priya@example.com',
      correctedAt: when,
    });
    const find = async (q: string) => ids((await store.list({ ...range, q, limit: 10 })).leads);
    expect(await find('verma')).toEqual([`enquiry:${lead.id}`]);
    expect(await find('300002')).toEqual([`enquiry:${lead.id}`]);
    expect(await find('vrema')).toEqual([]);
    expect(await find('300001')).toEqual([]);
    // A correction that changes nothing records nothing.
    const same = await store.update('enquiry', lead.id, {
      correction: { name: 'Asha Verma' },
      by: 'arjun@example.com',
      at: at(9),
    });
    expect(same?.desk.correctedBy).toBe('priya@example.com');
    expect(
      await store.update('quiz', crypto.randomUUID(), { correction: { first: 'X' }, by: 'x', at: when }),
    ).toBeNull();
  });

  it("corrects a quiz response's first and last name and a subscriber's address", async () => {
    const [quiz, sub] = [quizLead(), newsletterLead()];
    const { store } = await setup([
      [quiz, 1],
      [sub, 2],
    ]);
    const by = { by: 'priya@example.com', at: at(3) };
    const q = await store.update('quiz', quiz.id, { correction: { first: 'Meera', last: 'Iyer' }, ...by });
    expect(q).toMatchObject({ contact: { ...quiz.contact, first: 'Meera', last: 'Iyer' } });
    expect(q?.desk.corrected).toEqual(['first', 'last']);
    const n = await store.update('newsletter', sub.id, { correction: { email: 'meera@example.net' }, ...by });
    expect(n).toMatchObject({ email: 'meera@example.net' });
  });
});
