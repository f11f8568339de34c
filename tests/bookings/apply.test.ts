/**
 * What a booking event does, on D1 and on Firestore: stored once per booking and event, an older event never over a
 * newer one, linked to its lead by the link's reference only (never by the address typed on the tool's page), the
 * lead's status booked and put back on a cancellation, a reschedule moving the one call, the owners' alert queued
 * once, an owner's link by hand, and nothing kept of a person erased after the event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { applyBookingEvent, linkBooking } from '../../src/bookings/apply';
import { candidatesFor } from '../../src/desk/bookings/bookings';
import { type BookingEvent } from '../../src/store/bookings/bookings';
import { getBookingStore } from '../../src/store/bookings/open';
import type { Lead } from '../../src/store/leads/lead';
import { getLeadStore } from '../../src/store/leads/open';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { captureQueue, takeJobs } from '../support/queue';
import { randomHex, uniqueMobile } from '../support/shared';

const adapters = D1_AND_FIRESTORE;

afterEach(() => vi.restoreAllMocks());

const hex = randomHex;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();
const NOW = new Date(Date.UTC(2026, 10, 20, 10, 0));

function enquiry(email: string, over: Partial<Lead> = {}): Lead {
  return {
    kind: 'enquiry',
    id: crypto.randomUUID(),
    createdAt: at(0),
    name: 'Asha Rao',
    phone: uniqueMobile(),
    email,
    description: 'A retreat for twelve',
    consent: { version: 'test', at: at(0) },
    bookingRef: hex(12),
    verified: true,
    ...over,
  } as Lead;
}

function event(over: Partial<BookingEvent> = {}): BookingEvent {
  return {
    provider: 'calcom',
    bookingId: `uid-${hex(8)}`,
    event: 'created',
    at: at(10),
    startAt: '2026-11-24T05:00:00.000Z',
    endAt: '2026-11-24T05:30:00.000Z',
    name: 'Asha Rao',
    email: `asha-${hex(4)}@example.com`,
    ...over,
  };
}

describe.each(adapters)('a booking event on %s', (_, makeEnv) => {
  let workerEnv: Env;
  let queued: ReturnType<typeof captureQueue>;
  beforeEach(async () => {
    workerEnv = await makeEnv();
    queued = captureQueue(workerEnv);
  });

  const lead = async (l: Lead) => {
    await getLeadStore(workerEnv).save(l);
    return l;
  };
  const statusOf = async (l: Lead) => (await getLeadStore(workerEnv).get(l.kind, l.id))!.desk.status;
  const stored = (e: BookingEvent) => getBookingStore(workerEnv).get(e.provider, e.bookingId);
  const alerts = () => takeJobs(queued, 'booking-alert').map((j) => (j as { event: string }).event);

  it('links by the reference, marks the lead booked, alerts once, and a repeat changes nothing', async () => {
    const l = await lead(enquiry(`someone-${hex(4)}@example.com`));
    // The email differs from the lead's: the reference alone links them.
    const e = event({ ref: l.bookingRef!, program: 'retreats-workshops' });
    expect(await applyBookingEvent(workerEnv, e, NOW)).toBe('applied');
    const booking = await stored(e);
    expect(booking).toMatchObject({
      status: 'booked',
      startAt: e.startAt,
      endAt: e.endAt,
      name: 'Asha Rao',
      email: e.email,
      program: 'retreats-workshops',
      lead: { kind: 'enquiry', id: l.id, by: 'ref', statusBefore: 'new' },
    });
    expect(await statusOf(l)).toBe('booked');
    expect(alerts()).toEqual(['created']);

    expect(await applyBookingEvent(workerEnv, e, new Date(NOW.getTime() + 60_000))).toBe('repeat');
    expect(await stored(e)).toEqual(booking);
    expect(alerts()).toEqual([]);
  });

  it("links no lead by the address alone: the victim's lead keeps its status, its clock and its alerts", async () => {
    const email = `victim-${hex(4)}@example.com`;
    const victim = await lead(enquiry(email, { createdAt: at(1), name: 'Veena Rao' }));
    const before = await getLeadStore(workerEnv).get(victim.kind, victim.id);
    // Anyone can type a victim's address on the tool's public page: a signed booking for "Mallory" without the link.
    const e = event({ email, name: 'Mallory' });
    expect(await applyBookingEvent(workerEnv, e, NOW)).toBe('applied');
    expect((await stored(e))?.lead).toBeUndefined();
    const after = await getLeadStore(workerEnv).get(victim.kind, victim.id);
    expect(after?.desk).toEqual(before?.desk);
    expect(await statusOf(victim)).toBe('new');
    expect((await getBookingStore(workerEnv).unlinked(50)).map((b) => b.id)).toContain(e.bookingId);
    // On the desk her lead is a candidate for the owner to choose, marked as holding the address: none is chosen.
    const candidates = await candidatesFor(workerEnv, (await stored(e))!);
    expect(candidates.find((c) => c.lead.id === victim.id)).toMatchObject({ sameAddress: true });
    // Listed with no lead behind it: the consumer folds its alert into the hour's digest (tests/booking-alerts).
    expect(alerts()).toEqual(['created']);
    expect(await getBookingStore(workerEnv).forLead(victim.kind, victim.id)).toEqual([]);
  });

  it("never lets a lead planted with someone's address capture their booking", async () => {
    const email = `own-${hex(4)}@example.com`;
    const real = await lead(enquiry(email, { createdAt: at(1) }));
    // The attacker's enquiry: the victim's address, the attacker's phone, newer and verified by Turnstile.
    const planted = await lead(enquiry(email, { createdAt: at(5), name: 'Veena Rao', phone: uniqueMobile() }));
    const booked = event({ email, name: 'Veena Rao' });
    await applyBookingEvent(workerEnv, booked, NOW);
    expect((await stored(booked))?.lead).toBeUndefined();
    expect(await statusOf(planted)).toBe('new');
    // Through her own lead's link the victim's booking reaches her lead, whatever else holds her address.
    const viaLink = event({ email, name: 'Veena Rao', ref: real.bookingRef! });
    await applyBookingEvent(workerEnv, viaLink, NOW);
    expect((await stored(viaLink))?.lead).toMatchObject({ id: real.id, by: 'ref' });
    expect(await statusOf(planted)).toBe('new');
  });

  it('keeps a booking no lead matches, unlinked, for an owner to link by hand', async () => {
    const e = event();
    await applyBookingEvent(workerEnv, e, NOW);
    const booking = await stored(e);
    expect(booking?.lead).toBeUndefined();
    const unlinked = await getBookingStore(workerEnv).unlinked(50);
    expect(unlinked.map((b) => b.id)).toContain(e.bookingId);
    expect(alerts()).toEqual(['created']);

    const l = await lead(enquiry(`other-${hex(4)}@example.com`, { createdAt: at(2) }));
    const by = 'owner@example.com';
    const ref = { provider: e.provider, id: e.bookingId };
    expect(await linkBooking(workerEnv, ref, { kind: l.kind, id: l.id }, by, NOW)).toBe('linked');
    expect((await stored(e))?.lead).toMatchObject({ kind: 'enquiry', id: l.id, by, statusBefore: 'new' });
    expect(await statusOf(l)).toBe('booked');
    expect(await linkBooking(workerEnv, ref, { kind: l.kind, id: l.id }, by, NOW)).toBe('already_linked');
    expect(await linkBooking(workerEnv, { provider: 'calcom', id: 'no-such' }, l, by, NOW)).toBe('no_booking');
    const other = event();
    await applyBookingEvent(workerEnv, other, NOW);
    const otherRef = { provider: other.provider, id: other.bookingId };
    expect(await linkBooking(workerEnv, otherRef, { kind: 'quiz', id: 'no-such' }, by, NOW)).toBe('no_lead');
  });

  it('puts the lead back where it was when the call is cancelled, and alerts the cancellation', async () => {
    const l = await lead(enquiry(`c-${hex(4)}@example.com`));
    await getLeadStore(workerEnv).update(l.kind, l.id, { status: 'contacted', by: 'owner@example.com', at: at(2) });
    const e = event({ ref: l.bookingRef! });
    await applyBookingEvent(workerEnv, e, NOW);
    expect(await statusOf(l)).toBe('booked');
    expect(await applyBookingEvent(workerEnv, { ...e, event: 'cancelled', at: at(20) }, NOW)).toBe('applied');
    const booking = await stored(e);
    expect(booking?.status).toBe('cancelled');
    expect(booking?.history.map((s) => s.event)).toEqual(['created', 'cancelled']);
    const record = await getLeadStore(workerEnv).get(l.kind, l.id);
    expect(record?.desk).toMatchObject({ status: 'contacted', statusBy: 'Cal.com' });
    expect(alerts()).toEqual(['created', 'cancelled']);
  });

  it('never lets an older event overwrite a newer one', async () => {
    const l = await lead(enquiry(`o-${hex(4)}@example.com`));
    const created = event({ ref: l.bookingRef! });
    const cancelled = { ...created, event: 'cancelled' as const, at: at(30) };
    expect(await applyBookingEvent(workerEnv, cancelled, NOW)).toBe('applied');
    expect(await applyBookingEvent(workerEnv, created, NOW)).toBe('stale');
    const booking = await stored(created);
    expect(booking?.status).toBe('cancelled');
    expect(booking?.history.map((s) => s.event)).toEqual(['created', 'cancelled']);
    expect(await statusOf(l)).toBe('new');
    expect(alerts()).toEqual(['cancelled']);
  });

  it("moves the lead's one call on a Cal.com reschedule", async () => {
    const l = await lead(enquiry(`r-${hex(4)}@example.com`));
    const first = event({ ref: l.bookingRef! });
    await applyBookingEvent(workerEnv, first, NOW);
    const moved = event({
      event: 'rescheduled',
      bookingId: `uid-${hex(8)}`,
      replaces: first.bookingId,
      at: at(40),
      startAt: '2026-11-25T06:00:00.000Z',
      endAt: '2026-11-25T06:30:00.000Z',
      email: first.email,
    });
    expect(await applyBookingEvent(workerEnv, moved, NOW)).toBe('applied');
    expect(await stored(first)).toMatchObject({ status: 'moved', movedTo: moved.bookingId });
    expect(await stored(moved)).toMatchObject({
      status: 'booked',
      replaces: first.bookingId,
      startAt: '2026-11-25T06:00:00.000Z',
      lead: { id: l.id, statusBefore: 'new' },
    });
    expect(await statusOf(l)).toBe('booked');
    const calls = await getBookingStore(workerEnv).forLead(l.kind, l.id);
    expect(calls.map((b) => b.status)).toEqual(['booked', 'moved']);
  });

  it.each([
    ['cancel first', true],
    ['create first', false],
  ])("takes Calendly's reschedule pair in either order (%s)", async (_, cancelFirst) => {
    const l = await lead(enquiry(`k-${hex(4)}@example.com`));
    const base = { provider: 'calendly' as const, email: `k-${hex(4)}@example.com` };
    const old = event({ ...base, bookingId: `https://api.calendly.com/scheduled_events/E1/invitees/${hex(6)}` });
    await applyBookingEvent(workerEnv, { ...old, ref: l.bookingRef! }, NOW);
    const newId = `https://api.calendly.com/scheduled_events/E2/invitees/${hex(6)}`;
    const cancel: BookingEvent = { ...old, event: 'cancelled', at: at(50), movedTo: newId };
    const create: BookingEvent = {
      ...old,
      bookingId: newId,
      event: 'rescheduled',
      at: at(50),
      replaces: old.bookingId,
      startAt: '2026-11-26T07:00:00.000Z',
      endAt: '2026-11-26T07:30:00.000Z',
    };
    for (const e of cancelFirst ? [cancel, create] : [create, cancel]) await applyBookingEvent(workerEnv, e, NOW);
    expect(await stored(old)).toMatchObject({ status: 'moved', movedTo: newId });
    expect(await stored(create)).toMatchObject({ status: 'booked', lead: { id: l.id } });
    expect(await statusOf(l)).toBe('booked');
    // The move is told as the call at its new time, never as a cancellation.
    expect(alerts()).toEqual(['created', 'created']);
  });

  it('leaves a client a client, booked or cancelled', async () => {
    const l = await lead(enquiry(`cl-${hex(4)}@example.com`));
    await getLeadStore(workerEnv).update(l.kind, l.id, { status: 'client', by: 'owner@example.com', at: at(2) });
    const e = event({ ref: l.bookingRef! });
    await applyBookingEvent(workerEnv, e, NOW);
    expect((await stored(e))?.lead?.statusBefore).toBeUndefined();
    await applyBookingEvent(workerEnv, { ...e, event: 'cancelled', at: at(20) }, NOW);
    expect(await statusOf(l)).toBe('client');
  });
});
