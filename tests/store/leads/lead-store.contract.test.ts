/**
 * The storage port's contract, run against every adapter (lead-store-harness.ts): whatever the adapter, a lead is
 * stored with the fields its kind stores (and no others), a repeated submission leaves one record, and an
 * unsubscribe keeps its first time. Listing, search and follow-up: lead-store-listing.contract.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1LeadStore } from '../../../src/store/leads/leads-d1';
import { FirestoreLeadStore } from '../../../src/store/leads/firestore/leads-firestore';
import type { Lead } from '../../../src/store/leads/lead';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { adapters } from './lead-store-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

const recent = () => expect.toSatisfy((d: unknown) => d instanceof Date && Math.abs(d.getTime() - Date.now()) < 10_000);

describe.each(adapters)('LeadStore contract: %s', (_name, harness) => {
  it('chooses the adapter configuration asks for', async () => {
    const { store } = await harness();
    expect(store).toBeInstanceOf(_name === 'D1' ? D1LeadStore : FirestoreLeadStore);
  });

  it('stores a quiz response with its answers, contact, source, recommendation and consent, and nothing else', async () => {
    const { store, read } = await harness();
    const lead = quizLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('quiz_responses', lead.id)).toStrictEqual({
      createdAt: recent(),
      status: 'submitted',
      answers: { '0': 'Leadership', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Ravi', last: 'Kumar', email: 'ravi@example.com', phone: '' },
      source: 'site-quiz',
      recommended: ['Talks & Keynotes'],
      consent: { version: 'quiz-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores the newsletter opt-in with a quiz response only when it was ticked, and reads it back', async () => {
    const { store, read } = await harness();
    const at = new Date().toISOString();
    const ticked = quizLead({ newsletterConsent: { version: 'quiz-newsletter-2026-11-25', at } });
    const unticked = quizLead();
    await store.save(ticked);
    await store.save(unticked);
    expect(await read('quiz_responses', ticked.id)).toMatchObject({
      newsletterConsent: { version: 'quiz-newsletter-2026-11-25', at: new Date(at) },
      consent: { version: 'quiz-2026-11-22', at: new Date(ticked.consent.at) },
    });
    expect(await read('quiz_responses', unticked.id)).not.toHaveProperty('newsletterConsent');
    const back = await store.get('quiz', ticked.id);
    expect(back?.kind === 'quiz' && back.newsletterConsent).toEqual({ version: 'quiz-newsletter-2026-11-25', at });
    const none = await store.get('quiz', unticked.id);
    expect(none).not.toBeNull();
    expect(none).not.toHaveProperty('newsletterConsent');
    // The opt-in is the visitor's own: a correction of their contact keeps it.
    await store.update('quiz', ticked.id, { correction: { first: 'Ravindra' }, by: 'owner@localhost', at });
    const correctedLead = await store.get('quiz', ticked.id);
    expect(correctedLead?.kind === 'quiz' && correctedLead.newsletterConsent?.version).toBe(
      'quiz-newsletter-2026-11-25',
    );
  });

  it('stores the attribution of every kind of lead, only the keys present', async () => {
    const { store, read } = await harness();
    const attribution = {
      utm_source: 'instagram',
      utm_campaign: 'talk',
      referrer_host: 'l.instagram.com',
      landing_path: '/',
    };
    const leads = [
      ['quiz_responses', { ...quizLead(), attribution }],
      ['news_letter', { ...newsletterLead(), attribution }],
      ['enquiries', { ...enquiryLead(), attribution }],
    ] as const;
    for (const [collection, lead] of leads) {
      await store.save(lead);
      expect(await read(collection, lead.id), collection).toMatchObject({
        attribution,
        consent: { version: lead.consent.version, at: new Date(lead.consent.at) },
      });
    }
  });

  it("stores Turnstile's verdict with every kind of lead and reads it back; a lead without one has none", async () => {
    const { store, read } = await harness();
    const verdicts = [
      [{ verified: true }, 'verified'],
      [{ verified: false }, 'refused'],
      [{ verified: false, unchecked: true }, 'unchecked'],
      [{}, undefined],
    ] as const;
    for (const [marks, verdict] of verdicts) {
      const email = `verdict-${crypto.randomUUID()}@example.com`;
      const contact = { first: 'Ravi', last: 'Kumar', email, phone: '' };
      const leads = [
        ['quiz_responses', quizLead({ ...marks, contact })],
        ['news_letter', newsletterLead({ ...marks, email })],
        ['enquiries', enquiryLead({ ...marks, email })],
      ] as const;
      for (const [collection, lead] of leads) {
        const what = `${collection} ${verdict ?? 'without a verdict'}`;
        await store.save(lead);
        const stored = await read(collection, lead.id);
        if (verdict) expect(stored, what).toMatchObject({ verdict });
        else expect(stored, what).not.toHaveProperty('verdict');
        // Read back as the lead carried it, by one lead and in a listing; a lead without one gets no marks.
        const back = await store.get(lead.kind, lead.id);
        const listed = (await store.list({ kind: lead.kind, q: email, limit: 10 })).leads;
        for (const record of [back, listed.find((l) => l.id === lead.id)]) {
          expect(record, what).toBeDefined();
          expect({ verified: record?.verified, unchecked: record?.unchecked }, what).toStrictEqual({
            verified: 'verified' in marks ? marks.verified : undefined,
            unchecked: 'unchecked' in marks ? marks.unchecked : undefined,
          });
          if (!verdict) expect(record, what).not.toHaveProperty('verified');
        }
      }
    }
    // A repeated submission keeps the first write's verdict: a refused form is not made verified by a retry.
    const refused = enquiryLead({ verified: false });
    await store.save(refused);
    await expect(store.save({ ...refused, verified: true })).resolves.toEqual({ created: false });
    expect(await store.get('enquiry', refused.id)).toMatchObject({ verified: false });
    expect(await store.get('enquiry', refused.id)).not.toHaveProperty('unchecked');
  });

  it('stores a quiz response with no answers and no phone', async () => {
    const { store, read } = await harness();
    const lead: Lead = { ...quizLead(), answers: {}, contact: { first: 'A', last: 'B', email: 'a@b.co', phone: '' } };
    await store.save(lead);
    expect(await read('quiz_responses', lead.id)).toMatchObject({
      answers: {},
      contact: { first: 'A', last: 'B', email: 'a@b.co', phone: '' },
    });
  });

  it('stores a newsletter subscriber as email and subscribedAt', async () => {
    const { store, read } = await harness();
    const lead = newsletterLead();
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('news_letter', lead.id)).toStrictEqual({
      email: 'asha@example.com',
      subscribedAt: recent(),
      consent: { version: 'newsletter-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores a subscription made with the quiz with its quiz response and tags, and reads them back', async () => {
    const { store, read } = await harness();
    const quiz = crypto.randomUUID();
    const lead = newsletterLead({ quizId: quiz, tags: ['quiz-consultations', 'quiz-talks-keynotes'] });
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('news_letter', lead.id)).toMatchObject({
      quizId: quiz,
      tags: ['quiz-consultations', 'quiz-talks-keynotes'],
    });
    expect(await store.get('newsletter', lead.id)).toMatchObject({
      quizId: quiz,
      tags: ['quiz-consultations', 'quiz-talks-keynotes'],
    });
  });

  it('stores an enquiry with name, phone, email, description and createdAt', async () => {
    const { store, read } = await harness();
    const lead = enquiryLead({
      description: 'A workshop for 40 people in March — ünïcode and "quotes" survive.\nOr April?',
    });
    await expect(store.save(lead)).resolves.toEqual({ created: true });
    expect(await read('enquiries', lead.id)).toStrictEqual({
      name: 'Asha Verma',
      phone: '+919812345678',
      email: 'asha@example.com',
      description: lead.description,
      createdAt: recent(),
      consent: { version: 'enquiry-2026-11-22', at: new Date(lead.consent.at) },
    });
  });

  it('stores the booking reference of a quiz response and an enquiry and finds the lead by it, never a subscription', async () => {
    const { store, read } = await harness();
    const ref = () =>
      [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const quiz = quizLead({ bookingRef: ref() });
    const enquiry = enquiryLead({ bookingRef: ref() });
    const subscription = newsletterLead({ bookingRef: ref() });
    const without = enquiryLead();
    for (const lead of [quiz, enquiry, subscription, without]) await store.save(lead);
    expect(await read('quiz_responses', quiz.id)).toMatchObject({ bookingRef: quiz.bookingRef });
    expect(await read('enquiries', enquiry.id)).toMatchObject({ bookingRef: enquiry.bookingRef });
    expect(await read('news_letter', subscription.id)).not.toHaveProperty('bookingRef');
    expect(await read('enquiries', without.id)).not.toHaveProperty('bookingRef');
    expect(await store.get('quiz', quiz.id)).toMatchObject({ bookingRef: quiz.bookingRef });
    expect(await store.get('enquiry', without.id)).not.toHaveProperty('bookingRef');
    expect(await store.findByBookingRef(quiz.bookingRef!)).toMatchObject({
      kind: 'quiz',
      id: quiz.id,
      contact: quiz.contact,
      desk: { status: 'new' },
    });
    expect(await store.findByBookingRef(enquiry.bookingRef!)).toMatchObject({ kind: 'enquiry', id: enquiry.id });
    expect(await store.findByBookingRef(subscription.bookingRef!)).toBeNull();
    expect(await store.findByBookingRef(ref())).toBeNull();
  });

  it('keeps the first write when the same submission is saved again, and refuses another body under its id', async () => {
    const { store, read } = await harness();
    const first = newsletterLead();
    await store.save(first);
    const stored = await read('news_letter', first.id);
    const retry = { ...first, createdAt: new Date(Date.now() + 5000).toISOString(), attribution: { utm_source: 'x' } };
    await expect(store.save(retry)).resolves.toStrictEqual({ created: false });
    await expect(store.save({ ...first, email: 'retry@example.com' })).resolves.toStrictEqual({
      created: false,
      conflict: true,
    });
    expect(await read('news_letter', first.id)).toStrictEqual(stored);
  });

  it('keeps each kind in its own collection, keyed by the submission id', async () => {
    const { store, read } = await harness();
    const id = crypto.randomUUID();
    await store.save(quizLead({ id }));
    await store.save(enquiryLead({ id }));
    expect(await read('quiz_responses', id)).toBeDefined();
    expect(await read('enquiries', id)).toBeDefined();
    expect(await read('news_letter', id)).toBeUndefined();
  });
});

describe.each(adapters)('LeadStore contract, unsubscribes: %s', (_name, harness) => {
  it('marks a subscription unsubscribed with its time, shown wherever the desk reads it', async () => {
    const { store, read } = await harness();
    const lead = newsletterLead({ email: `unsub-${crypto.randomUUID()}@example.com` });
    await store.save(lead);
    expect((await store.get('newsletter', lead.id))?.unsubscribedAt).toBeUndefined();
    const at = '2026-11-25T10:00:00.000Z';
    const marked = await store.markUnsubscribed(lead.id, at);
    expect(marked).toMatchObject({ kind: 'newsletter', id: lead.id, email: lead.email, unsubscribedAt: at });
    expect(await read('news_letter', lead.id)).toMatchObject({ email: lead.email, unsubscribedAt: new Date(at) });
    expect((await store.get('newsletter', lead.id))?.unsubscribedAt).toBe(at);
    const page = await store.list({ kind: 'newsletter', q: lead.email, limit: 10 });
    expect(page.leads.map((l) => [l.id, l.unsubscribedAt])).toEqual([[lead.id, at]]);
  });

  it('keeps the first unsubscribe time when the subscriber unsubscribes again', async () => {
    const { store } = await harness();
    const lead = newsletterLead();
    await store.save(lead);
    await store.markUnsubscribed(lead.id, '2026-11-25T10:00:00.000Z');
    const again = await store.markUnsubscribed(lead.id, '2026-11-26T10:00:00.000Z');
    expect(again?.unsubscribedAt).toBe('2026-11-25T10:00:00.000Z');
  });

  it('creates nothing for a subscription that is not stored, and leaves other kinds alone', async () => {
    const { store, read } = await harness();
    const missing = crypto.randomUUID();
    await expect(store.markUnsubscribed(missing, '2026-11-25T10:00:00.000Z')).resolves.toBeNull();
    expect(await read('news_letter', missing)).toBeUndefined();
    const enquiry = enquiryLead();
    await store.save(enquiry);
    await expect(store.markUnsubscribed(enquiry.id, '2026-11-25T10:00:00.000Z')).resolves.toBeNull();
    expect(await read('enquiries', enquiry.id)).not.toHaveProperty('unsubscribedAt');
  });
});
