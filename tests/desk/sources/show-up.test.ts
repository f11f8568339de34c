/**
 * Show-up on Sources and Numbers: the calls of a period (by their start) marked attended or a no-show, under the
 * source and campaign of the lead who booked, on D1 and on Firestore; the rate as a whole percent, "—" with nothing
 * marked; and the 30 days' counts on /desk/numbers.
 */
import { env as d1Env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { sourceReport } from '../../../src/desk/sources/sources';
import { sourceRows } from '../../../src/desk/sources/source-rows';
import { ERASED_SOURCE } from '../../../src/desk/sources/money/revenue';
import { showUpRate, showUpTotals, type PeriodShowUp } from '../../../src/desk/sources/show-up/show-up';
import type { BookingRecord, CallOutcomeValue } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { callWorker } from '../../support/api';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { D1_AND_FIRESTORE } from '../../support/firestore';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;

type LeadRef = { kind: 'quiz' | 'enquiry'; id: string };

/** A call starting `hoursAgo` hours ago (an hour long), linked to `lead`, marked `outcome` when given. */
async function call(
  env: Env,
  lead: LeadRef | null,
  hoursAgo: number,
  outcome?: CallOutcomeValue,
  over: Partial<BookingRecord> = {},
): Promise<BookingRecord> {
  const now = Date.now();
  const startAt = new Date(now - hoursAgo * HOUR).toISOString();
  const endAt = new Date(now - (hoursAgo - 1) * HOUR).toISOString();
  const received = new Date(now - (hoursAgo + 48) * HOUR).toISOString();
  const booking: BookingRecord = {
    provider: 'calcom',
    id: `uid-${tag()}`,
    status: 'booked',
    startAt,
    endAt,
    name: 'Attendee',
    email: `${tag()}@example.com`,
    eventAt: received,
    receivedAt: received,
    ...(lead && { lead: { ...lead, by: 'ref', at: received } }),
    history: [{ event: 'created', at: received, startAt, endAt }],
    ...over,
  };
  const store = getBookingStore(env);
  await store.put(booking);
  if (outcome) {
    const marked = await store.setOutcome(booking.provider, booking.id, {
      value: outcome,
      by: 'owner@example.com',
      at: new Date(now).toISOString(),
    });
    expect(marked).toBe(true);
  }
  return booking;
}

describe.each(D1_AND_FIRESTORE)('calls attended and no-shows per source, leads on %s', (_, makeEnv) => {
  it('counts the period’s marked calls still on under their lead’s source and campaign, whenever the lead arrived', async () => {
    const env: Env = await makeEnv();
    const source = tag();
    const leads = getLeadStore(env);
    const quiz = quizLead({ attribution: { utm_source: source, utm_campaign: 'spring' } });
    // Arrived long before the period (Firestore stamps a lead's arrival itself, so only D1 keeps the old date).
    const old = enquiryLead({
      attribution: { utm_source: source },
      createdAt: new Date(Date.now() - 90 * DAY).toISOString(),
    });
    for (const lead of [quiz, old]) await leads.save(lead);
    const q = { kind: 'quiz', id: quiz.id } as const;
    const e = { kind: 'enquiry', id: old.id } as const;

    await call(env, q, 3, 'attended');
    await call(env, q, 5 * 24, 'no_show');
    await call(env, e, 10 * 24, 'no_show');
    // Not counted: a call nobody marked, a marked call since cancelled or moved, one before the period.
    await call(env, e, 2 * 24);
    await call(env, e, 4, 'attended', { status: 'cancelled' });
    await call(env, q, 6, 'no_show', { status: 'moved', movedTo: 'uid-later' });
    await call(env, q, 40 * 24, 'attended');

    const report = await sourceReport(env, 30);
    const mine = report.rows.filter((r) => r.source === source);
    expect(mine.map((r) => [r.campaign, r.attended, r.noShows])).toEqual([
      [null, 1, 2],
      ['spring', 1, 1],
    ]);
    expect(showUpRate(mine[0]!)).toBe(33);
    expect(report.total.attended).toBeGreaterThanOrEqual(1);
    expect(report.total.noShows).toBeGreaterThanOrEqual(2);
    // Seven days hold the calls of three hours and five days ago, not the one of ten days ago.
    const week = (await sourceReport(env, 7)).rows.filter((r) => r.source === source && r.campaign === null);
    expect(week.map((r) => [r.attended, r.noShows])).toEqual([[1, 1]]);
  });

  it('a marked call whose lead is gone counts under the erased row; one linked to no lead is not counted', async () => {
    const env: Env = await makeEnv();
    const erased = async () => {
      const { rows, total } = await sourceReport(env, 30);
      const row = rows.find((r) => r.source === ERASED_SOURCE && r.campaign === null);
      return { erased: row?.noShows ?? 0, total: total.noShows };
    };
    const before = await erased();
    await call(env, { kind: 'enquiry', id: `gone-${tag()}` }, 2, 'no_show');
    await call(env, null, 2, 'no_show');
    expect(await erased()).toEqual({ erased: before.erased + 1, total: before.total + 1 });
  });
});

describe('the show-up rate and the rows', () => {
  it('is attended out of the calls marked, a whole percent; none marked has no rate', () => {
    expect(showUpRate({ attended: 0, noShows: 0 })).toBeNull();
    expect(showUpRate({ attended: 0, noShows: 3 })).toBe(0);
    expect(showUpRate({ attended: 2, noShows: 1 })).toBe(67);
    expect(showUpRate({ attended: 1, noShows: 2 })).toBe(33);
    expect(showUpRate({ attended: 4, noShows: 0 })).toBe(100);
  });

  it('adds each marked call to its source, its campaign and the total', () => {
    const marks: PeriodShowUp[] = [
      { source: 'instagram', campaign: 'reel', value: 'attended' },
      { source: 'instagram', campaign: '', value: 'no_show' },
      { source: 'search', campaign: '', value: 'attended' },
    ];
    const { rows, total } = sourceRows([], [], [], marks);
    expect(rows.map((r) => [r.source, r.campaign, r.attended, r.noShows])).toEqual([
      ['instagram', null, 1, 1],
      ['instagram', 'reel', 1, 0],
      ['search', null, 1, 0],
    ]);
    expect(total).toMatchObject({ attended: 2, noShows: 1 });
    expect(showUpTotals(marks)).toEqual({ attended: 2, noShows: 1 });
  });
});

describe('GET /desk/numbers', () => {
  const counts = async () => {
    const html = await (await callWorker(d1Env as Env, '/desk/numbers')).text();
    const value = (label: string) => new RegExp(`<dt>${label}</dt><dd[^>]*>([^<]+)</dd>`).exec(html)?.[1];
    return {
      attended: Number(value('Calls attended')),
      noShows: Number(value('No-shows')),
      rate: value('Show-up rate'),
    };
  };

  it('shows the 30 days’ calls attended, no-shows and the show-up rate', async () => {
    const env = d1Env as Env;
    const before = await counts();
    expect(before.rate).toBe(before.attended + before.noShows ? `${showUpRate(before)}\u00a0%` : '—');
    const lead = enquiryLead();
    await getLeadStore(env).save(lead);
    const ref = { kind: 'enquiry', id: lead.id } as const;
    await call(env, ref, 26, 'attended');
    await call(env, ref, 50, 'no_show');
    await call(env, ref, 40 * 24, 'no_show');
    const after = await counts();
    expect(after).toMatchObject({ attended: before.attended + 1, noShows: before.noShows + 1 });
    expect(after.rate).toBe(`${showUpRate(after)}\u00a0%`);
  });
});
