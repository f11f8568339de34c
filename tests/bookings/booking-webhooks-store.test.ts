/**
 * The booking webhooks end to end inside the Worker, on D1 and on Firestore: a signed delivery of either tool is
 * stored and linked to its lead, a repeat changes nothing, a reschedule and a cancellation arrive in either order,
 * a wrong signature changes nothing, and a store that fails answers 503 so the tool sends it again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { getBookingStore } from '../../src/store/bookings/open';
import type { Lead } from '../../src/store/leads/lead';
import { getLeadStore } from '../../src/store/leads/open';
import { calcomBody, calendlyBody, calendlyInvitee, postCalcom, postCalendly } from '../support/bookings';
import { D1_AND_FIRESTORE, firestoreEnv } from '../support/firestore';
import { captureQueue, takeJobs } from '../support/queue';
import { randomHex, uniqueMobile } from '../support/shared';

const adapters = D1_AND_FIRESTORE;

afterEach(() => vi.restoreAllMocks());

const hex = randomHex;

async function quizLead(workerEnv: Env, email: string): Promise<Lead> {
  const lead = {
    kind: 'quiz',
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    answers: { focus: 'Leadership' },
    contact: { first: 'Asha', last: 'Verma', email, phone: uniqueMobile() },
    source: 'quiz',
    recommended: ['Retreats & Workshops'],
    consent: { version: 'test', at: new Date().toISOString() },
    bookingRef: hex(12),
    verified: true,
  } as Lead;
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe.each(adapters)('the booking webhooks on %s', (_, makeEnv) => {
  it('Cal.com: stored once, linked by the reference, the lead booked; a wrong signature changes nothing', async () => {
    const workerEnv = await makeEnv();
    const queued = captureQueue(workerEnv);
    const lead = await quizLead(workerEnv, `cal-${hex(4)}@example.com`);
    const body = calcomBody({ ref: lead.bookingRef!, program: 'retreats-workshops', createdAt: minutesAgo(3) });
    const uid = body.payload.uid;

    expect((await postCalcom(body, { env: workerEnv, header: '0'.repeat(64) })).status).toBe(401);
    expect(await getBookingStore(workerEnv).get('calcom', uid)).toBeNull();

    expect((await postCalcom(body, { env: workerEnv })).status).toBe(200);
    const booking = await getBookingStore(workerEnv).get('calcom', uid);
    expect(booking).toMatchObject({ status: 'booked', lead: { kind: 'quiz', id: lead.id, by: 'ref' } });
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('booked');
    // A repeated delivery: the same answer, nothing changed, no second alert.
    expect((await postCalcom(body, { env: workerEnv })).status).toBe(200);
    expect(await getBookingStore(workerEnv).get('calcom', uid)).toEqual(booking);
    expect(takeJobs(queued, 'booking-alert')).toHaveLength(1);

    const cancelled = calcomBody({ ...bodyFields(body), event: 'BOOKING_CANCELLED', createdAt: minutesAgo(1) });
    expect((await postCalcom(cancelled, { env: workerEnv })).status).toBe(200);
    expect((await getBookingStore(workerEnv).get('calcom', uid))?.status).toBe('cancelled');
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('new');
  });

  it('Calendly: a reschedule (cancel and create) moves the call, in either order, and keeps its lead', async () => {
    const workerEnv = await makeEnv();
    const email = `cy-${hex(4)}@example.com`;
    const lead = await quizLead(workerEnv, email);
    const first = calendlyInvitee();
    const second = calendlyInvitee();
    const booked = calendlyBody({ uri: first, email, ref: lead.bookingRef!, createdAt: minutesAgo(4) });
    await postCalendly(booked, { env: workerEnv });
    expect((await getBookingStore(workerEnv).get('calendly', first))?.lead).toMatchObject({ id: lead.id, by: 'ref' });
    // The new time's invitee carries no reference: it takes the lead of the booking it replaces.

    const at = minutesAgo(2);
    const created = calendlyBody({ uri: second, email, old_invitee: first, createdAt: at });
    const canceled = calendlyBody({
      event: 'invitee.canceled',
      uri: first,
      email,
      rescheduled: true,
      new_invitee: second,
      createdAt: at,
    });
    for (const body of [created, canceled]) expect((await postCalendly(body, { env: workerEnv })).status).toBe(200);
    expect(await getBookingStore(workerEnv).get('calendly', first)).toMatchObject({ status: 'moved', movedTo: second });
    expect(await getBookingStore(workerEnv).get('calendly', second)).toMatchObject({
      status: 'booked',
      lead: { id: lead.id },
    });
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('booked');
  });
});

describe('a store that fails', () => {
  it('answers 503 with Retry-After, so the tool sends it again', async () => {
    const { standin, env: workerEnv } = await firestoreEnv('credentials');
    standin.failFirestore = 503;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = calcomBody();
    const response = await postCalcom(body, { env: workerEnv });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    // Once the store is back, the same delivery is taken.
    standin.failFirestore = null;
    expect((await postCalcom(body, { env: workerEnv })).status).toBe(200);
    expect(await getBookingStore(workerEnv).get('calcom', body.payload.uid)).not.toBeNull();
  });
});

/** The fields of an earlier Cal.com body a later event of the same booking repeats. */
function bodyFields(body: ReturnType<typeof calcomBody>) {
  const p = body.payload;
  return { uid: p.uid, start: p.startTime, end: p.endTime, name: p.attendees[0]!.name, email: p.attendees[0]!.email };
}
