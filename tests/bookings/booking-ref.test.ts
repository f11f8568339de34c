/**
 * The "Book a call" link carries a reference, never a person: a quiz response and an enquiry get an opaque booking
 * reference when accepted (a subscriber none), the API answers with it and the queued lead carries the same one;
 * the link puts it in the field the booking tool passes back (Cal.com metadata[ref], Calendly utm_content), in the
 * result email too; without BOOKING_PROVIDER, or without a lead, no link carries one.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { newBookingRef } from '../../src/leads/booking-ref';
import { emailParts } from '../../src/notify/email/email';
import { resultEmailFor } from '../../src/notify/email/result-email';
import { BOOKING_REF_PATTERN, bookingLink } from '../../src/shared/booking';
import type { Lead } from '../../src/store/leads/lead';
import { quizLead } from '../fixtures/leads';
import { postWithEnv } from '../support/api';
import { captureQueue, takeJobs } from '../support/queue';

const BOOKING = 'https://cal.standin.test/priya/intro';
const REF = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const SITE = 'https://site.test';

const quizBody = () => ({
  submissionId: crypto.randomUUID(),
  answers: { '0': 'Relationships', '2': 'Just starting out' },
  contact: { first: 'Meera', last: 'Iyer', email: 'meera.iyer@example.com', phone: '098123 45678' },
});
const enquiryBody = () => ({
  submissionId: crypto.randomUUID(),
  name: 'Ravi Kumar',
  phone: '+91 98123-45678',
  email: 'ravi@example.com',
  description: 'A retreat for our team.',
});

/** Nothing of the visitors above, in any form a link could carry it. */
const PERSONAL = /meera|iyer|ravi|kumar|example|%40|@|98123|45678/i;

describe('bookingLink', () => {
  it('Cal.com: the reference and the program as booking metadata, after the parameters and before the fragment', () => {
    expect(bookingLink(`${BOOKING}?month=next#top`, 'consultations', { provider: 'calcom', ref: REF })).toBe(
      `${BOOKING}?month=next&program=consultations&metadata[ref]=${REF}&metadata[program]=consultations#top`,
    );
    const url = new URL(bookingLink(BOOKING, 'talks-keynotes', { provider: 'calcom', ref: REF }));
    expect(url.searchParams.get('metadata[ref]')).toBe(REF);
    expect(url.searchParams.get('metadata[program]')).toBe('talks-keynotes');
  });

  it('Calendly: the reference as utm_content and the program as utm_term', () => {
    const url = new URL(
      bookingLink('https://calendly.com/priya/30min?', 'consultations', { provider: 'calendly', ref: REF }),
    );
    expect(url.search).toBe(`?program=consultations&utm_content=${REF}&utm_term=consultations`);
  });

  it('encodes the program, and leaves out a reference of any other shape', () => {
    expect(bookingLink(BOOKING, 'a&b c', { provider: 'calcom', ref: REF })).toContain(
      'program=a%26b%20c&metadata[ref]',
    );
    for (const ref of ['meera@example.com', REF.toUpperCase(), `${REF}0`, '']) {
      expect(bookingLink(BOOKING, 'consultations', { provider: 'calendly', ref })).toBe(
        `${BOOKING}?program=consultations`,
      );
    }
  });

  it('without a lead: the program only', () => {
    expect(bookingLink(BOOKING, 'consultations')).toBe(`${BOOKING}?program=consultations`);
  });

  it('after an enquiry (no program): the reference alone, or the page as it is', () => {
    expect(bookingLink(`${BOOKING}#top`, undefined, { provider: 'calcom', ref: REF })).toBe(
      `${BOOKING}?metadata[ref]=${REF}#top`,
    );
    expect(bookingLink(BOOKING, undefined, { provider: 'calendly', ref: REF })).toBe(`${BOOKING}?utm_content=${REF}`);
    expect(bookingLink(`${BOOKING}?month=next`, undefined)).toBe(`${BOOKING}?month=next`);
  });

  it('a new reference is 24 lower-case hex characters, a fresh one each time', () => {
    const refs = new Set(Array.from({ length: 50 }, newBookingRef));
    expect(refs.size).toBe(50);
    for (const ref of refs) expect(ref).toMatch(BOOKING_REF_PATTERN);
  });
});

describe('the lead API answers with the reference it stores', () => {
  it.each([
    ['quiz', quizBody],
    ['enquiry', enquiryBody],
  ] as const)('%s: the answer and the queued lead carry the same reference', async (path, body) => {
    const workerEnv = { ...env } as Env;
    const queued = captureQueue(workerEnv);
    const res = await postWithEnv(workerEnv, path, body());
    expect(res.status).toBe(201);
    const ref = res.body.bookingRef as string;
    expect(ref).toMatch(BOOKING_REF_PATTERN);
    const [notify] = takeJobs(queued, 'notify');
    expect(notify).toMatchObject({ type: 'notify', lead: { kind: path, bookingRef: ref } });
  });

  it('two submissions get two references', async () => {
    const workerEnv = { ...env } as Env;
    captureQueue(workerEnv);
    const a = await postWithEnv(workerEnv, 'enquiry', enquiryBody());
    const b = await postWithEnv(workerEnv, 'enquiry', enquiryBody());
    expect(a.body.bookingRef).not.toBe(b.body.bookingRef);
  });

  it('newsletter: no reference, in the answer or the queued lead', async () => {
    const workerEnv = { ...env } as Env;
    const queued = captureQueue(workerEnv);
    const res = await postWithEnv(workerEnv, 'newsletter', { submissionId: crypto.randomUUID(), email: 'n@b.co' });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('bookingRef');
    const [notify] = takeJobs(queued, 'notify') as { lead: Lead }[];
    expect(notify!.lead).not.toHaveProperty('bookingRef');
  });
});

describe('the result email', () => {
  const lead = quizLead({
    contact: { first: 'Meera', last: 'Iyer', email: 'meera.iyer@example.com', phone: '+919812345678' },
    recommended: ['1:1 Consultations'],
    bookingRef: REF,
  });
  const bookHref = (provider?: 'calcom' | 'calendly') => {
    const send = resultEmailFor(lead, { siteUrl: SITE, bookingUrl: BOOKING, bookingProvider: provider });
    const { html = '', text } = emailParts(send);
    const href = /href="([^"]+)"[^>]*>Book a call</.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    expect(href).not.toMatch(PERSONAL);
    // The text part offers the same link.
    expect(text).toContain(`Book a call: ${href}`);
    return new URL(href!);
  };

  it("Cal.com: Book a call carries the response's reference as metadata[ref]", () => {
    const url = bookHref('calcom');
    expect(url.searchParams.get('metadata[ref]')).toBe(REF);
    expect(url.searchParams.get('program')).toBe('consultations');
  });

  it("Calendly: Book a call carries the response's reference as utm_content", () => {
    const url = bookHref('calendly');
    expect(url.searchParams.get('utm_content')).toBe(REF);
    expect(url.searchParams.get('utm_term')).toBe('consultations');
  });

  it('without BOOKING_PROVIDER, or for a response stored before references: no reference', () => {
    expect(bookHref().search).toBe('?program=consultations');
    const { bookingRef: _, ...older } = lead;
    const send = resultEmailFor(older, { siteUrl: SITE, bookingUrl: BOOKING, bookingProvider: 'calcom' });
    expect(emailParts(send).text).toContain(`Book a call: ${BOOKING}?program=consultations\n`);
  });
});

describe('the result page', () => {
  async function page(path: string, vars: Partial<Env>) {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${SITE}${path}`), { ...env, ...vars } as Env, ctx);
    await waitOnExecutionContext(ctx);
    return res.text();
  }

  it('renders the link without a reference and tells the island the booking tool; its address carries none', async () => {
    const html = await page('/?recommended=consultations', { BOOKING_URL: BOOKING, BOOKING_PROVIDER: 'calcom' });
    expect(html).toContain(`href="${BOOKING}?program=consultations"`);
    expect(html).toMatch(/&quot;provider&quot;:&quot;calcom&quot;|"provider":"calcom"/);
    expect(html).not.toContain('metadata[ref]');
  });

  it('without BOOKING_PROVIDER the island is told no booking tool', async () => {
    const html = await page('/?recommended=consultations', { BOOKING_URL: BOOKING, BOOKING_PROVIDER: '' });
    expect(html).toContain(`href="${BOOKING}?program=consultations"`);
    expect(html).not.toMatch(/provider/);
  });

  it('the landing page without a lead renders no booking link (the enquiry island is told the page, for its thank-you)', async () => {
    const html = await page('/', { BOOKING_URL: BOOKING, BOOKING_PROVIDER: 'calcom' });
    expect(html).not.toContain(`href="${BOOKING}`);
    expect(html).not.toContain('metadata[ref]');
    expect(html).toContain('cal.standin.test');
  });
});
