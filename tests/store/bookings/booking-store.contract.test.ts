/**
 * The bookings' store contract, run against every adapter like the lead store's (tests/store/leads/lead-store.contract.test.ts):
 * D1 for real inside workerd, and Firestore over REST against the stand-in (with service-account credentials, and
 * through FIRESTORE_EMULATOR_HOST). Both must give the same answers: an event is seen once, a booking reads back
 * as written, and each listing holds the same bookings in the same order.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { type BookingEvent, type BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { D1BookingStore } from '../../../src/store/bookings/bookings-d1';
import { FirestoreBookingStore } from '../../../src/store/bookings/bookings-firestore';
import { firestoreEnv } from '../../support/firestore';

const adapters: Array<[string, () => Promise<Env>]> = [
  [
    'D1',
    async () => {
      // The D1 database lives as long as the file: each test starts without bookings.
      await env.DB.batch([env.DB.prepare('DELETE FROM bookings'), env.DB.prepare('DELETE FROM booking_events')]);
      return env;
    },
  ],
  ['Firestore (service account)', async () => (await firestoreEnv('credentials')).env],
  ['Firestore (emulator host)', async () => (await firestoreEnv('emulator')).env],
];

afterEach(() => vi.unstubAllGlobals());

/** A time `h` hours after a fixed start, as the booking tools' events are normalised (toISOString). */
const at = (h: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, 0) + h * 3_600_000).toISOString();

/** A Calendly-like id: a URI, with the `/` a document id cannot hold. */
const newId = () => `https://api.calendly.com/scheduled_events/EV/invitees/${crypto.randomUUID()}`;

/** A booked call starting at hour `h` (an hour long), first heard of at hour `received`. */
function booking(h: number, over: Partial<BookingRecord> = {}): BookingRecord {
  return {
    provider: 'calendly',
    id: newId(),
    status: 'booked',
    startAt: at(h),
    endAt: at(h + 1),
    name: 'Asha Verma',
    email: 'asha@example.com',
    eventAt: at(h - 48),
    receivedAt: at(h - 48),
    history: [{ event: 'created', at: at(h - 48), startAt: at(h), endAt: at(h + 1) }],
    ...over,
  };
}

function event(b: BookingRecord, over: Partial<BookingEvent> = {}): BookingEvent {
  return {
    provider: b.provider,
    bookingId: b.id,
    event: 'created',
    at: b.eventAt,
    startAt: b.startAt,
    endAt: b.endAt,
    name: b.name,
    email: b.email,
    ...over,
  };
}

const ids = (bookings: BookingRecord[]) => bookings.map((b) => b.id);

describe.each(adapters)('BookingStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getBookingStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1BookingStore : FirestoreBookingStore);
  });

  it('marks an event seen once per booking, event and time; a repeat answers false', async () => {
    const store = getBookingStore(await makeEnv());
    const b = booking(100);
    await expect(store.markSeen(event(b), at(0))).resolves.toBe(true);
    await expect(store.markSeen(event(b), at(1))).resolves.toBe(false);
    await expect(store.markSeen(event(b, { event: 'cancelled' }), at(1))).resolves.toBe(true);
    await expect(store.markSeen(event(b, { at: at(2) }), at(2))).resolves.toBe(true);
    await expect(store.markSeen(event(b, { provider: 'calcom' }), at(2))).resolves.toBe(true);
    await expect(store.markSeen(event(b, { bookingId: newId() }), at(2))).resolves.toBe(true);
    await expect(store.markSeen(event(b, { event: 'cancelled' }), at(3))).resolves.toBe(false);
  });

  it('reads a booking back with every field, its lead link and its history; a put replaces it whole', async () => {
    const store = getBookingStore(await makeEnv());
    const full = booking(200, {
      provider: 'calcom',
      id: 'uid-1/with/slashes',
      status: 'moved',
      program: 'leadership-coaching',
      ref: '0123456789abcdef01234567',
      replaces: 'uid-0',
      movedTo: 'uid-2',
      lead: { kind: 'quiz', id: 'lead-1', by: 'ref', at: at(150), statusBefore: 'contacted' },
      history: [
        { event: 'created', at: at(150), startAt: at(190), endAt: at(191) },
        { event: 'rescheduled', at: at(152), startAt: at(200), endAt: at(201) },
      ],
    });
    await store.put(full);
    expect(await store.get('calcom', full.id)).toStrictEqual(full);
    expect(await store.get('calendly', full.id)).toBeNull();
    expect(await store.get('calcom', 'uid-none')).toBeNull();

    const bare = booking(300, { provider: 'calcom', id: full.id });
    await store.put(bare);
    expect(await store.get('calcom', full.id)).toStrictEqual(bare);
    const linked = { ...bare, lead: { kind: 'enquiry' as const, id: 'lead-2', by: 'priya@example.com', at: at(301) } };
    await store.put(linked);
    expect(await store.get('calcom', full.id)).toStrictEqual(linked);
  });

  it("records an owner's mark of a call, changeable; a put keeps it, whatever record it is given", async () => {
    const store = getBookingStore(await makeEnv());
    const b = booking(400, { lead: { kind: 'quiz', id: 'lead-3', by: 'ref', at: at(350) } });
    await expect(
      store.setOutcome(b.provider, b.id, { value: 'attended', by: 'priya@example.com', at: at(402) }),
    ).resolves.toBe(false);
    await store.put(b);
    const noShow = { value: 'no_show' as const, by: 'priya@example.com', at: at(402) };
    await expect(store.setOutcome(b.provider, b.id, noShow)).resolves.toBe(true);
    expect(await store.get(b.provider, b.id)).toStrictEqual({ ...b, outcome: noShow });
    // A booking tool's event applied meanwhile writes the booking from an older read (no outcome): the mark stays.
    const later = {
      ...b,
      eventAt: at(403),
      history: [...b.history, { event: 'created' as const, at: at(403), startAt: b.startAt, endAt: b.endAt }],
    };
    await store.put(later);
    expect(await store.get(b.provider, b.id)).toStrictEqual({ ...later, outcome: noShow });
    const attended = { value: 'attended' as const, by: 'meera@example.com', at: at(404) };
    await store.put({ ...later, outcome: noShow });
    await expect(store.setOutcome(b.provider, b.id, attended)).resolves.toBe(true);
    expect((await store.get(b.provider, b.id))?.outcome).toStrictEqual(attended);
    expect((await store.starting(at(399), at(401), 'asc', 5)).map((x) => x.outcome)).toStrictEqual([attended]);
    await store.erase(b.provider, b.id);
    await store.put(b);
    expect((await store.get(b.provider, b.id))?.outcome).toBeUndefined();
  });

  it("lists a lead's bookings newest call first, and the unlinked ones newest first up to the limit", async () => {
    const store = getBookingStore(await makeEnv());
    const link = (kind: 'quiz' | 'enquiry', id: string) => ({ kind, id, by: 'email', at: at(1) });
    const [early, late, other] = [
      booking(10, { lead: link('quiz', 'q-1') }),
      booking(30, { lead: link('quiz', 'q-1') }),
      booking(20, { lead: link('enquiry', 'q-1') }),
    ];
    const unlinked = [booking(40, { receivedAt: at(5) }), booking(50, { receivedAt: at(7) }), booking(60)];
    for (const b of [early, late, other, ...unlinked]) await store.put(b);
    expect(ids(await store.forLead('quiz', 'q-1'))).toEqual(ids([late, early]));
    expect(ids(await store.forLead('enquiry', 'q-1'))).toEqual(ids([other]));
    expect(await store.forLead('quiz', 'q-2')).toEqual([]);
    // receivedAt: hour 12 (booking(60)), 7, 5.
    expect(ids(await store.unlinked(10))).toEqual(ids([unlinked[2]!, unlinked[1]!, unlinked[0]!]));
    expect(ids(await store.unlinked(2))).toEqual(ids([unlinked[2]!, unlinked[1]!]));
  });

  it('lists upcoming calls still on in [from, to), soonest first, up to the limit', async () => {
    const store = getBookingStore(await makeEnv());
    const [before, first, cancelled, moved, second, third, after] = [
      booking(99),
      booking(101),
      booking(102, { status: 'cancelled' }),
      booking(103, { status: 'moved' }),
      booking(104, { lead: { kind: 'quiz', id: 'q', by: 'ref', at: at(1) } }),
      booking(105),
      booking(110),
    ];
    for (const b of [third, after, before, second, cancelled, first, moved]) await store.put(b);
    expect(ids(await store.upcoming(at(100), at(110), 10))).toEqual(ids([first, second, third]));
    expect(ids(await store.upcoming(at(101), at(105), 10))).toEqual(ids([first, second]));
    expect(ids(await store.upcoming(at(100), at(111), 2))).toEqual(ids([first, second]));
  });

  it('lists the calls of every status starting in [from, to), soonest or latest first, up to the limit', async () => {
    const store = getBookingStore(await makeEnv());
    const [before, first, cancelled, moved, linked, after] = [
      booking(99),
      booking(101),
      booking(102, { status: 'cancelled' }),
      booking(103, { status: 'moved', movedTo: 'uid-9' }),
      booking(104, { lead: { kind: 'quiz', id: 'q', by: 'ref', at: at(1) } }),
      booking(110),
    ];
    for (const b of [after, linked, before, cancelled, first, moved]) await store.put(b);
    expect(ids(await store.starting(at(100), at(110), 'asc', 10))).toEqual(ids([first, cancelled, moved, linked]));
    expect(ids(await store.starting(at(100), at(110), 'desc', 10))).toEqual(ids([linked, moved, cancelled, first]));
    expect(ids(await store.starting(at(100), at(111), 'desc', 2))).toEqual(ids([after, linked]));
    expect(ids(await store.starting(at(99), at(102), 'asc', 1))).toEqual(ids([before]));
    expect(await store.starting(at(200), at(300), 'asc', 10)).toEqual([]);
  });

  it('finds bookings by address, and those first heard of in [from, to) oldest first', async () => {
    const store = getBookingStore(await makeEnv());
    const mine = [booking(10, { email: 'ravi@example.com' }), booking(20, { email: 'ravi@example.com' })];
    const [early, middle, late] = [
      booking(30, { receivedAt: at(5) }),
      booking(40, { receivedAt: at(6) }),
      booking(50, { receivedAt: at(7) }),
    ];
    for (const b of [...mine, late, early, middle]) await store.put(b);
    expect(ids(await store.withEmail('ravi@example.com'))).toEqual(ids([mine[1]!, mine[0]!]));
    expect(await store.withEmail('nobody@example.com')).toEqual([]);
    expect(ids(await store.receivedBetween(at(5), at(7), 10))).toEqual(ids([early, middle]));
    expect(ids(await store.receivedBetween(at(-100), at(100), 2))).toEqual(ids([mine[0]!, mine[1]!]));
  });

  it('erases a booking with its seen events (seen again afterwards); erasing again finds nothing', async () => {
    const store = getBookingStore(await makeEnv());
    const [gone, kept] = [booking(10), booking(20)];
    for (const b of [gone, kept]) {
      await store.put(b);
      await store.markSeen(event(b), at(0));
    }
    await store.markSeen(event(gone, { event: 'cancelled', at: at(1) }), at(1));
    await expect(store.erase('calendly', gone.id)).resolves.toBe(true);
    await expect(store.erase('calendly', gone.id)).resolves.toBe(false);
    expect(await store.get('calendly', gone.id)).toBeNull();
    await expect(store.markSeen(event(gone), at(2))).resolves.toBe(true);
    await expect(store.markSeen(event(gone, { event: 'cancelled', at: at(1) }), at(2))).resolves.toBe(true);
    expect(await store.get('calendly', kept.id)).toStrictEqual(kept);
    await expect(store.markSeen(event(kept), at(2))).resolves.toBe(false);
  });

  it('finds unlinked bookings whose call ended before the cutoff, oldest first, up to the limit', async () => {
    const store = getBookingStore(await makeEnv());
    const lead = { kind: 'quiz' as const, id: 'q', by: 'ref', at: at(1) };
    const [oldest, old, linked, ended, future] = [
      booking(10),
      booking(20, { status: 'cancelled' }),
      booking(5, { lead }),
      booking(29), // ends at hour 30: not before it
      booking(40),
    ];
    for (const b of [future, ended, linked, old, oldest]) await store.put(b);
    expect(ids(await store.expiredUnlinked(at(30), 10))).toEqual(ids([oldest, old]));
    expect(ids(await store.expiredUnlinked(at(30), 1))).toEqual(ids([oldest]));
    expect(await store.expiredUnlinked(at(0), 10)).toEqual([]);
  });
});
