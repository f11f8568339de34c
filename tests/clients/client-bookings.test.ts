/**
 * A call a client books from their page carries the engagement's reference: it links to the engagement's lead (as a
 * lead's own reference does), the client stays `client` whether the call is booked or cancelled, the owners' alert
 * still goes, and the sessions count by themselves (an attended call, a no-show counted unless an owner said no).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../../src/env';
import { applyBookingEvent } from '../../src/bookings/apply';
import { countSessions } from '../../src/clients/sessions';
import { startEngagement } from '../../src/clients/start';
import { type BookingEvent } from '../../src/store/bookings/bookings';
import { getBookingStore } from '../../src/store/bookings/open';
import { getClientStore } from '../../src/store/clients/open';
import type { Lead } from '../../src/store/leads/lead';
import { getLeadStore } from '../../src/store/leads/open';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { captureQueue, takeJobs } from '../support/queue';
import { randomHex, uniqueMobile } from '../support/shared';

const at = (day: number, hour = 9) => new Date(Date.UTC(2026, 10, day, hour)).toISOString();
const NOW = new Date(at(20));

function enquiry(): Lead {
  return {
    kind: 'enquiry',
    id: crypto.randomUUID(),
    createdAt: at(1),
    name: 'Asha Rao',
    phone: uniqueMobile(),
    email: `asha-${randomHex(4)}@example.com`,
    description: 'Six sessions',
    consent: { version: 'test', at: at(1) },
    bookingRef: randomHex(12),
    verified: true,
  } as Lead;
}

/** A call on `day` (November 2026), booked the day before. */
function call(ref: string, day: number, over: Partial<BookingEvent> = {}): BookingEvent {
  return {
    provider: 'calcom',
    bookingId: `uid-${randomHex(8)}`,
    event: 'created',
    at: at(day - 1),
    startAt: at(day, 5),
    endAt: at(day, 6),
    name: 'Asha Rao',
    email: `typed-${randomHex(4)}@example.com`,
    ref,
    ...over,
  };
}

describe.each(D1_AND_FIRESTORE)('a client’s booking on %s', (_, makeEnv) => {
  let workerEnv: Env;
  let queued: ReturnType<typeof captureQueue>;
  let lead: Lead;
  beforeEach(async () => {
    workerEnv = await makeEnv();
    queued = captureQueue(workerEnv);
    lead = enquiry();
    await getLeadStore(workerEnv).save(lead);
    await getLeadStore(workerEnv).update(lead.kind, lead.id, { status: 'client', by: 'owner@example.com', at: at(2) });
  });

  const engagement = () =>
    startEngagement(
      workerEnv,
      {
        lead: { kind: lead.kind, id: lead.id },
        program: 'consultations',
        programTitle: 'Consultations',
        sessions: 6,
        validUntil: '2027-03-31',
      },
      'owner@example.com',
      new Date(at(3)),
    );
  const statusOf = async () => (await getLeadStore(workerEnv).get(lead.kind, lead.id))!.desk.status;

  it('links the call to the client by the engagement’s reference, keeps `client`, and alerts the owners', async () => {
    const e = await engagement();
    const booked = call(e.reference, 22);
    expect(await applyBookingEvent(workerEnv, booked, NOW)).toBe('applied');
    const stored = await getBookingStore(workerEnv).get('calcom', booked.bookingId);
    expect(stored).toMatchObject({ ref: e.reference, lead: { kind: lead.kind, id: lead.id, by: 'ref' } });
    expect(stored?.lead?.statusBefore).toBeUndefined();
    expect(await statusOf()).toBe('client');
    expect(takeJobs(queued, 'booking-alert')).toMatchObject([{ bookingId: booked.bookingId, event: 'created' }]);

    await applyBookingEvent(workerEnv, { ...booked, event: 'cancelled', at: at(21, 10) }, NOW);
    expect(await statusOf()).toBe('client');
    expect(takeJobs(queued, 'booking-alert')).toMatchObject([{ bookingId: booked.bookingId, event: 'cancelled' }]);
  });

  it('links no lead for a reference no engagement has', async () => {
    const booked = call(randomHex(12), 22);
    await applyBookingEvent(workerEnv, booked, NOW);
    expect((await getBookingStore(workerEnv).get('calcom', booked.bookingId))?.lead).toBeUndefined();
    expect(await statusOf()).toBe('client');
  });

  it('counts an attended call and a no-show, and not a no-show an owner said not to count', async () => {
    const e = await engagement();
    const [attended, missed, ahead] = [call(e.reference, 10), call(e.reference, 12), call(e.reference, 25)];
    for (const c of [attended, missed, ahead]) await applyBookingEvent(workerEnv, c, new Date(at(9)));
    const bookings = getBookingStore(workerEnv);
    await bookings.setOutcome('calcom', missed.bookingId, { value: 'no_show', by: 'owner@example.com', at: at(12, 8) });
    const theirs = () => bookings.forLead(lead.kind, lead.id);

    const counted = countSessions(e, await theirs(), NOW);
    expect(counted).toMatchObject({ used: 2, left: 4, upcoming: 1, next: { id: ahead.bookingId } });
    expect(counted.toAsk.map((b) => b.id)).toEqual([missed.bookingId]);

    const answeredNo = { ...e, uncounted: [missed.bookingId], answered: [missed.bookingId] };
    await getClientStore(workerEnv).putEngagement(answeredNo);
    const after = countSessions((await getClientStore(workerEnv).getEngagement(e.id))!, await theirs(), NOW);
    expect(after).toMatchObject({ used: 1, left: 5, toAsk: [] });
  });
});
