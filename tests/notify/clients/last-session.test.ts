/**
 * The last-session alert, with a clock the test moves, on D1 and on Firestore: when an engagement's sessions come
 * down to one left (a call ended, or an owner answered "count this session?"), both owners get `client_last_session`
 * once, however often the cron runs; never before, and never for a package of one session.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEngagement } from '../../../src/clients/start';
import { indiaDay } from '../../../src/clients/validity';
import { sendLastSessionAlerts } from '../../../src/notify/clients/last-session';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getClientStore } from '../../../src/store/clients/open';
import { enquiryLead } from '../../fixtures/leads';
import { bench, deskLink, HOUR } from '../nudges/support';

afterEach(() => vi.unstubAllGlobals());

const iso = (t: number) => new Date(t).toISOString();

describe.each(['D1', 'Firestore'] as const)('the last-session alert on %s', (store) => {
  async function client(sessions: number) {
    const b = await bench(store);
    const lead = await b.saveAt(enquiryLead({ verified: true, name: 'Asha Verma' }), b.t0 - 48 * HOUR);
    const engagement = await startEngagement(
      b.workerEnv,
      {
        lead: { kind: lead.kind, id: lead.id },
        program: 'consultations',
        programTitle: 'Aliveness Coaching',
        sessions,
        validUntil: indiaDay(new Date(b.t0 + 60 * 24 * HOUR)),
      },
      'priya@example.com',
      new Date(b.t0 - 47 * HOUR),
    );
    /** A call through the engagement, an hour long, starting `hours` after t0. */
    const call = async (hours: number): Promise<BookingRecord> => {
      const [start, heard] = [b.t0 + hours * HOUR, iso(b.t0 - 24 * HOUR)];
      const booking: BookingRecord = {
        provider: 'calcom',
        id: `uid-${crypto.randomUUID()}`,
        status: 'booked',
        startAt: iso(start),
        endAt: iso(start + HOUR),
        name: 'Asha Verma',
        email: 'asha@example.com',
        ref: engagement.reference,
        eventAt: heard,
        receivedAt: heard,
        lead: { kind: lead.kind, id: lead.id, by: 'ref', at: heard },
        history: [{ event: 'created', at: heard, startAt: iso(start), endAt: iso(start + HOUR) }],
      };
      await getBookingStore(b.workerEnv).put(booking);
      return booking;
    };
    const alerts = () => b.graph.delivered.filter((d) => (d as { template?: { name: string } }).template);
    const bodies = () =>
      (alerts() as { to: string; template: { name: string; components: { parameters: { text: string }[] }[] } }[])
        .filter((d) => d.template.name === 'client_last_session')
        .map((d) => d.template.components[0]!.parameters.map((p) => p.text).slice(1));
    const run = (hours: number) => sendLastSessionAlerts(b.workerEnv, new Date(b.t0 + hours * HOUR));
    return { b, lead, engagement, call, bodies, run };
  }

  it('tells both owners once when one session is left, however often the cron runs', async () => {
    const { b, lead, call, bodies, run } = await client(3);
    await call(1);
    await call(5);
    await call(30);
    await run(3);
    expect(bodies()).toEqual([]);
    // The second call ended: one left. Two runs at once, then the next: one alert to each owner.
    await Promise.all([run(6.5), run(6.5)]);
    await run(7);
    const said = ['Asha Verma', 'Aliveness Coaching', deskLink(b.workerEnv, lead)];
    expect(bodies()).toEqual([said, said]);
    // The last call ends: none left, and nothing more is said.
    await run(32);
    expect(bodies()).toHaveLength(2);
  });

  it('tells them when an answer brings it to one, and never for a package of one', async () => {
    const { b, engagement, call, bodies, run } = await client(2);
    const missed = await call(1);
    await getBookingStore(b.workerEnv).setOutcome('calcom', missed.id, {
      value: 'no_show',
      by: 'priya@example.com',
      at: iso(b.t0 + 3 * HOUR),
    });
    const answered = { ...engagement, answered: [missed.id], uncounted: [missed.id] };
    await getClientStore(b.workerEnv).putEngagement(answered);
    await run(4);
    expect(bodies()).toEqual([]);
    await getClientStore(b.workerEnv).putEngagement({ ...answered, uncounted: [] });
    await run(5);
    expect(bodies()).toHaveLength(2);

    const single = await client(1);
    await single.run(2);
    expect(single.bodies()).toEqual([]);
  });
});
