/**
 * Booked calls are part of a person's data: their copy holds them (the attendee's name and address only when the
 * owner confirmed the address as theirs), erasing the person erases them, and retention deletes them with their
 * lead, or a year after the call when no lead was ever linked. On D1 and on Firestore.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { erasePerson, findPerson } from '../../src/desk/people/people';
import { personCopy } from '../../src/desk/people/person-copy';
import { UNLINKED_BOOKING_DAYS, pruneExpiredLeads, retentionCutoff } from '../../src/store/people/retention';
import { type BookingRecord } from '../../src/store/bookings/bookings';
import { getBookingStore } from '../../src/store/bookings/open';
import type { Lead } from '../../src/store/leads/lead';
import { enquiryLead } from '../fixtures/leads';
import { getLeadStore } from '../../src/store/leads/open';
import { DATED_LEAD_STORES } from '../support/firestore';
import { randomHex, uniqueMobile } from '../support/shared';

afterEach(() => vi.restoreAllMocks());

const hex = randomHex;

/** Meera's enquiry with this address (a number of its own), arrived at `createdAt`. */
const enquiry = (email: string, createdAt = new Date().toISOString()): Lead =>
  enquiryLead({
    createdAt,
    name: 'Meera Iyer',
    phone: uniqueMobile(),
    email,
    description: 'Coaching',
    bookingRef: hex(12),
    verified: true,
  });

function booking(email: string, over: Partial<BookingRecord> = {}): BookingRecord {
  const start = over.startAt ?? '2026-11-30T05:00:00.000Z';
  return {
    provider: 'calcom',
    id: `uid-${hex(8)}`,
    status: 'booked',
    startAt: start,
    endAt: over.endAt ?? start,
    name: 'Meera Iyer',
    email,
    eventAt: '2026-11-20T09:00:00.000Z',
    receivedAt: '2026-11-20T09:00:01.000Z',
    history: [{ event: 'created', at: '2026-11-20T09:00:00.000Z', startAt: start, endAt: start }],
    ...over,
  };
}

describe.each(DATED_LEAD_STORES)('booked calls as personal data on %s', (_, makeEnv) => {
  it("are in a person's copy and go with their erasure", async () => {
    const { env: workerEnv } = await makeEnv();
    const email = `meera-${hex(4)}@example.com`;
    const lead = enquiry(email);
    await getLeadStore(workerEnv).save(lead);
    const bookings = getBookingStore(workerEnv);
    const own = booking(email, { lead: { kind: 'enquiry', id: lead.id, by: 'ref', at: lead.createdAt } });
    // Booked through their lead's link with an address the owner has not confirmed as theirs.
    const otherAt = '2026-11-21T07:07:07.000Z';
    const other = booking(`typed-${hex(4)}@example.com`, {
      name: 'Somebody Else',
      ref: lead.bookingRef!,
      eventAt: otherAt,
      history: [
        { event: 'created', at: otherAt, startAt: '2026-11-30T05:00:00.000Z', endAt: '2026-11-30T05:00:00.000Z' },
      ],
      lead: { kind: 'enquiry', id: lead.id, by: 'ref', at: lead.createdAt },
    });
    // With their address, never linked to a lead.
    const loose = booking(email, { startAt: '2026-12-02T05:00:00.000Z' });
    const stranger = booking(`stranger-${hex(4)}@example.com`);
    for (const b of [own, other, loose, stranger]) await bookings.put(b);

    const records = await findPerson(workerEnv, { email });
    expect(records.bookings.map((b) => b.id).sort()).toEqual([own.id, other.id, loose.id].sort());
    const copy = JSON.stringify(personCopy(records, new Date().toISOString()));
    expect(copy).toContain(own.id);
    expect(copy).toContain(own.history[0]!.at);
    expect(copy).not.toContain(other.email);
    expect(copy).not.toContain('Somebody Else');
    // The tool's id opens the booking's cancel and reschedule pages; the history and reference are the booking's too.
    expect(copy).not.toContain(other.id);
    expect(copy).not.toContain(otherAt);
    const calls = personCopy(records, new Date().toISOString()).bookedCalls;
    expect(calls.find((c) => 'attendee' in c)).toEqual({
      provider: 'calcom',
      status: 'booked',
      startAt: other.startAt,
      endAt: other.endAt,
      attendee: 'someone else’s address (not included)',
      lead: { kind: 'enquiry', id: lead.id, linkedBy: 'ref', linkedAt: lead.createdAt },
    });
    expect(copy).not.toContain(stranger.email);

    const { counts } = await erasePerson(workerEnv, { email }, [], 'owner@example.com');
    expect(counts.bookings).toBe(3);
    for (const b of [own, other, loose]) expect(await bookings.get(b.provider, b.id)).toBeNull();
    expect(await bookings.get(stranger.provider, stranger.id)).not.toBeNull();
  });

  it('are deleted with their lead by retention, and a year after the call when never linked', async () => {
    const { env: workerEnv, saveAt } = await makeEnv();
    const now = Date.now();
    const old = new Date(Date.parse(retentionCutoff(now)) - 86_400_000).toISOString();
    const lead = enquiry(`old-${hex(4)}@example.com`, old);
    await saveAt(lead, old);
    const bookings = getBookingStore(workerEnv);
    const linked = booking(`old-${hex(4)}@example.com`, { lead: { kind: 'enquiry', id: lead.id, by: 'ref', at: old } });
    const yearAgo = new Date(now - (UNLINKED_BOOKING_DAYS + 1) * 86_400_000).toISOString();
    const stale = booking(`gone-${hex(4)}@example.com`, { startAt: yearAgo, endAt: yearAgo });
    const recent = new Date(now - (UNLINKED_BOOKING_DAYS - 1) * 86_400_000).toISOString();
    const kept = booking(`kept-${hex(4)}@example.com`, { startAt: recent, endAt: recent });
    for (const b of [linked, stale, kept]) await bookings.put(b);

    const counts = await pruneExpiredLeads(workerEnv, now);
    expect(counts.enquiry).toBeGreaterThanOrEqual(1);
    expect(counts.bookings).toBeGreaterThanOrEqual(2);
    expect(await getLeadStore(workerEnv).get('enquiry', lead.id)).toBeNull();
    expect(await bookings.get(linked.provider, linked.id)).toBeNull();
    expect(await bookings.get(stale.provider, stale.id)).toBeNull();
    expect(await bookings.get(kept.provider, kept.id)).not.toBeNull();
  });
});
