/** Which reminder is due for a booking: pure, at a time the test gives. */
import { describe, expect, it } from 'vitest';
import { dueReminder, knownSince } from '../../../src/notify/reminders/plan';
import type { BookingRecord, BookingStep } from '../../../src/store/bookings/bookings';

const H = 3_600_000;
const T = Date.UTC(2030, 0, 10, 13, 30);
const iso = (ms: number) => new Date(ms).toISOString();

/** A call at T, first heard of `ahead` hours before it, linked to a lead. */
function call(ahead: number, over: Partial<BookingRecord> = {}): BookingRecord {
  const at = iso(T - ahead * H);
  return {
    provider: 'calcom',
    id: 'uid-1',
    status: 'booked',
    startAt: iso(T),
    endAt: iso(T + H / 2),
    name: 'Asha',
    email: 'asha@example.com',
    eventAt: at,
    receivedAt: at,
    lead: { kind: 'enquiry', id: 'lead-1', by: 'ref', at },
    history: [{ event: 'created', at, startAt: iso(T), endAt: iso(T + H / 2) }],
    ...over,
  };
}

const due = (b: BookingRecord, hoursBefore: number, offsets = [24, 1]) =>
  dueReminder(b, offsets, new Date(T - hoursBefore * H));

describe('dueReminder', () => {
  it('is due from the offset’s moment on, the smallest of several, never once the call began', () => {
    const b = call(48);
    expect([25, 24, 23, 1.01, 1, 0.5, 0.01, 0, -1].map((h) => due(b, h))).toEqual([
      null,
      24,
      24,
      24,
      1,
      1,
      1,
      null,
      null,
    ]);
  });

  it('skips an offset whose moment had passed when the call was booked', () => {
    expect([due(call(25), 24), due(call(23), 24), due(call(23), 1)]).toEqual([24, null, 1]);
    expect([due(call(0.5), 0.4), due(call(0.5), 0.1)]).toEqual([null, null]);
  });

  it('gives nothing to a cancelled, moved or unlinked booking, nor with no offsets', () => {
    const { lead: _lead, ...unlinked } = call(48);
    expect([
      due(call(48, { status: 'cancelled' }), 1),
      due(call(48, { status: 'moved' }), 1),
      due(unlinked, 1),
      due(call(48), 1, []),
    ]).toEqual([null, null, null, null]);
  });

  it('counts a same-id move from when the new time arrived', () => {
    const old = T - 100 * H;
    const movedAt = iso(T - 5 * H);
    const b = call(200, {
      history: [
        { event: 'created', at: iso(T - 200 * H), startAt: iso(old), endAt: iso(old) },
        { event: 'rescheduled', at: movedAt, startAt: iso(T), endAt: iso(T) },
      ],
    });
    expect(knownSince(b)).toBe(movedAt);
    expect([due(b, 4), due(b, 1)]).toEqual([null, 1]);
    // Moved away and back: the time is known from the step that set it again.
    const back = iso(T - 2 * H);
    const step = (at: string, start: number): BookingStep => ({
      event: 'rescheduled',
      at,
      startAt: iso(start),
      endAt: iso(start),
    });
    const again = call(200, { history: [...b.history, step(iso(T - 3 * H), old), step(back, T)] });
    expect(knownSince(again)).toBe(back);
  });
});
