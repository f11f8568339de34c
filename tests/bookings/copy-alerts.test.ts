/**
 * A person's copy shows only its person: when someone else books through a person's link with another address, the
 * owners' alerts of that call (which name the attendee) are in the attendee's copy once the owner confirms their
 * address, never in the person's; erasing the person still takes those alerts with the booking. On D1 (the ledger).
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { erasePerson, findPerson } from '../../src/desk/people/people';
import { personCopy } from '../../src/desk/people/person-copy';
import { bookingAlertIds } from '../../src/notify/bookings/booking-templates';
import { type BookingRecord } from '../../src/store/bookings/bookings';
import { getBookingStore } from '../../src/store/bookings/open';
import { getLeadStore } from '../../src/store/leads/open';
import { enquiryLead } from '../fixtures/leads';
import { GraphStandin, graphEnv } from '../standins/whatsapp/graph-api';
import { consume } from '../support/queue';
import { randomHex, uniqueMobile } from '../support/shared';

afterEach(() => vi.unstubAllGlobals());

const hex = randomHex;

describe("the owners' alerts of a call booked with another address", () => {
  it("are in the attendee's copy, never in the person's; erasing the person takes them", async () => {
    const owners = [uniqueMobile('+9196'), uniqueMobile('+9196')];
    const workerEnv = graphEnv({ OWNER_PHONES: owners.join(','), OWNER_NAMES: 'Priya,Arjun' });
    const graph = new GraphStandin().install();
    const email = `meera-${hex(4)}@example.com`;
    const lead = enquiryLead({ id: crypto.randomUUID(), email, phone: uniqueMobile(), verified: true });
    await getLeadStore(workerEnv).save(lead);
    const at = new Date().toISOString();
    const start = '2026-12-01T05:00:00.000Z';
    const mallory = `mallory-${hex(4)}@example.com`;
    const booking: BookingRecord = {
      provider: 'calcom',
      id: `uid-${hex(8)}`,
      status: 'booked',
      startAt: start,
      endAt: start,
      name: 'Mallory Other',
      email: mallory,
      eventAt: at,
      receivedAt: at,
      lead: { kind: 'enquiry', id: lead.id, by: 'ref', at },
      history: [{ event: 'created', at, startAt: start, endAt: start }],
    };
    await getBookingStore(workerEnv).put(booking);
    await consume(workerEnv, [
      { type: 'booking-alert', provider: 'calcom', bookingId: booking.id, event: 'created', at },
    ]);
    // Both owners were told, naming the attendee as typed.
    expect(JSON.stringify(graph.delivered)).toContain('Mallory Other');
    const [alertId] = await bookingAlertIds(booking);
    const rows = async () =>
      (await env.DB.prepare(`SELECT * FROM deliveries WHERE submission_id = ?`).bind(alertId).all()).results;
    expect(await rows()).toHaveLength(2);

    const theirs = personCopy(await findPerson(workerEnv, { email }), at);
    expect(JSON.stringify(theirs)).not.toContain('Mallory');
    expect(JSON.stringify(theirs)).not.toContain(booking.id);
    expect(theirs.bookedCalls).toHaveLength(1);
    expect(theirs.messages.map((m) => m.template)).not.toContain('call_booked');

    // The attendee's own copy (their address confirmed) holds the booking and the alerts naming them.
    const attendees = personCopy(await findPerson(workerEnv, { email: mallory }), at);
    expect(attendees.bookedCalls).toMatchObject([{ id: booking.id, name: 'Mallory Other', email: mallory }]);
    expect(attendees.messages.filter((m) => m.template === 'call_booked')).toHaveLength(2);

    // The booking goes with the person's lead, and its alerts with it: no row is left naming the attendee.
    await erasePerson(workerEnv, { email }, [], 'owner@example.com');
    expect(await getBookingStore(workerEnv).get('calcom', booking.id)).toBeNull();
    expect(JSON.stringify(await rows())).not.toContain('Mallory');
  });
});
