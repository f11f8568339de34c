/**
 * `/desk/clients`: the active clients (valid today or later, with sessions left or a call ahead), each linking to
 * their lead page with the program, sessions left of the package, the next call and the last valid day; those with
 * a call booked first (the soonest call first), then the soonest to expire. The desk menu links to it.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getLeadStore } from '../../../src/store/leads/open';
import { getBookingStore } from '../../../src/store/bookings/open';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { startEngagement } from '../../../src/clients/start';
import { indiaDay } from '../../../src/clients/validity';
import { day as shownDay } from '../../../src/desk/format';
import { deskClients } from '../../../src/words/clients/desk-clients';
import { enquiryLead } from '../../fixtures/leads';
import { graphEnv } from '../../standins/whatsapp/graph-api';
import { callWorker } from '../../support/api';
import { uniqueMobile } from '../../support/shared';

const HOUR = 3_600_000;
const day = (days: number) => indiaDay(new Date(Date.now() + days * 86_400_000));

/** A client lead named `name` with an engagement of `sessions` valid through `validUntil`. */
async function client(name: string, sessions: number, validUntil: string) {
  const lead = enquiryLead({ phone: uniqueMobile(), name, email: `${crypto.randomUUID().slice(0, 8)}@example.com` });
  await getLeadStore(env).save(lead);
  const start = { lead: { kind: 'enquiry' as const, id: lead.id }, program: 'coaching', programTitle: 'Coaching' };
  const engagement = await startEngagement(env, { ...start, sessions, validUntil }, 'o@example.com', new Date());
  return { lead, engagement };
}

/** A call of the lead booked through the engagement's reference, starting `fromNow` ms from now. */
async function call(c: Awaited<ReturnType<typeof client>>, fromNow: number) {
  const startAt = new Date(Date.now() + fromNow).toISOString();
  const booking: BookingRecord = {
    provider: 'calcom',
    id: `bk-${crypto.randomUUID()}`,
    status: 'booked',
    startAt,
    endAt: new Date(Date.parse(startAt) + HOUR).toISOString(),
    name: c.lead.name,
    email: c.lead.email!,
    ref: c.engagement.reference,
    eventAt: startAt,
    receivedAt: startAt,
    lead: { kind: 'enquiry', id: c.lead.id, by: 'ref', at: startAt },
    history: [],
  };
  await getBookingStore(env).put(booking);
}

describe('/desk/clients', () => {
  it('lists the active clients, a call booked first, then the soonest to expire; not the expired or used up', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    await client(`Later ${tag}`, 6, day(40));
    await client(`Sooner ${tag}`, 6, day(10));
    const booked = await client(`Booked ${tag}`, 6, day(90));
    await call(booked, 48 * HOUR);
    await call(booked, -48 * HOUR); // one already used
    const usedUp = await client(`UsedUp ${tag}`, 1, day(30));
    await call(usedUp, -24 * HOUR);
    await client(`Expired ${tag}`, 6, day(-1));

    const res = await callWorker(graphEnv(), '/desk/clients');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/desk/clients" aria-current="page"');
    const at = (name: string) => html.indexOf(`${name} ${tag}</a>`);
    expect(at('Booked')).toBeGreaterThan(0);
    expect(at('Booked')).toBeLessThan(at('Sooner'));
    expect(at('Sooner')).toBeLessThan(at('Later'));
    expect(at('UsedUp')).toBe(-1);
    expect(at('Expired')).toBe(-1);
    expect(html).toContain(`href="/desk/leads/enquiry/${booked.lead.id}"`);
    const row = html.slice(at('Booked'), at('Sooner'));
    expect(row).toContain(`<dd>${deskClients.list.leftOf(5, 6)}</dd>`);
    expect(row).toContain(`<dd>${shownDay(day(90))}</dd>`);
    expect(row).not.toContain(deskClients.card.noNext);
  });

  it('is linked from the desk menu on every desk page', async () => {
    const html = await (await callWorker(graphEnv(), '/desk')).text();
    expect(html).toContain(`href="/desk/clients">${deskClients.nav}</a>`);
  });
});
