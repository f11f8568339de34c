/** The Sources page's report: the funnel per source and campaign, weeks and the quiz, on D1 and on Firestore. */
import { env as d1Env } from 'cloudflare:test';
import { describe, expect, it, vi, afterEach } from 'vitest';
import type { Env } from '../../../src/env';
import { QUIZ_STEPS } from '../../../src/words/site';
import { sourceReport } from '../../../src/desk/sources/sources';
import {
  mondayOf,
  quizInsight,
  sourceRows,
  weeklyPoints,
  type PeriodLead,
} from '../../../src/desk/sources/source-rows';
import { type BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { countVisit, type VisitDay } from '../../../src/store/sources/visits';
import { dayOf } from '../../../src/store/sources/counters';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { D1_AND_FIRESTORE } from '../../support/firestore';

const DAY = 86_400_000;
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

function booking(lead: { kind: 'quiz' | 'enquiry'; id: string }, over: Partial<BookingRecord> = {}): BookingRecord {
  const now = new Date().toISOString();
  return {
    provider: 'calcom',
    id: `uid-${tag()}`,
    status: 'booked',
    startAt: now,
    endAt: now,
    name: 'Attendee',
    email: `${tag()}@example.com`,
    eventAt: now,
    receivedAt: now,
    lead: { ...lead, by: 'ref', at: now },
    history: [{ event: 'created', at: now, startAt: now, endAt: now }],
    ...over,
  };
}

describe.each(D1_AND_FIRESTORE)('the funnel per source, leads on %s', (database, makeEnv) => {
  it('visits → quiz opened → finished → leads by kind → calls → clients, per source and campaign', async () => {
    const env: Env = await makeEnv();
    const source = tag();
    const now = Date.now();
    const visit = (client: string, step: number, campaign = '') =>
      countVisit(d1Env as Env, {
        client,
        userAgent: `Browser-${source}`,
        from: { source, medium: 'social', campaign },
        step,
      });
    await visit('v4:192.0.2.10', 0);
    await visit('v4:192.0.2.11', 1);
    await visit('v4:192.0.2.12', 4, 'spring');

    const store = getLeadStore(env);
    const quiz = quizLead({ attribution: { utm_source: source, utm_campaign: 'Spring' }, recommended: ['Retreats'] });
    const enquiry = enquiryLead({ attribution: { utm_source: source.toUpperCase() } });
    const old = enquiryLead({ attribution: { utm_source: source }, createdAt: new Date(now - 40 * DAY).toISOString() });
    const direct = newsletterLead();
    // A lead (and its call) from before the period; Firestore stamps a lead's arrival itself, so only on D1.
    const before = database === 'D1' ? [old] : [];
    for (const lead of [quiz, enquiry, direct, ...before]) await store.save(lead);
    await store.update('enquiry', enquiry.id, {
      status: 'client',
      by: 'owner@example.com',
      at: new Date().toISOString(),
    });
    const bookings = getBookingStore(env);
    const first = booking({ kind: 'quiz', id: quiz.id }, { status: 'moved' });
    await bookings.put(first);
    await bookings.put(booking({ kind: 'quiz', id: quiz.id }, { replaces: first.id }));
    for (const lead of before) await bookings.put(booking({ kind: 'enquiry', id: lead.id }));

    const report = await sourceReport(env, 30, undefined, now);
    expect(report).toMatchObject({ days: 30, to: dayOf(now), from: dayOf(now - 29 * DAY), quizSource: null });
    const mine = report.rows.filter((r) => r.source === source);
    expect(mine).toEqual([
      {
        source,
        campaign: null,
        visits: 3,
        quizOpened: 2,
        quizFinished: 1,
        leads: { quiz: 1, newsletter: 0, enquiry: 1 },
        calls: 1,
        clients: 1,
        attended: 0,
        noShows: 0,
        revenuePaise: 0,
      },
      {
        source,
        campaign: 'spring',
        visits: 1,
        quizOpened: 1,
        quizFinished: 1,
        leads: { quiz: 1, newsletter: 0, enquiry: 0 },
        calls: 1,
        clients: 0,
        attended: 0,
        noShows: 0,
        revenuePaise: 0,
      },
    ]);
    // A lead without attribution is direct.
    expect(report.rows.find((r) => r.source === 'direct' && r.campaign === null)?.leads.newsletter).toBeGreaterThan(0);
    expect(report.total.leads.quiz).toBeGreaterThanOrEqual(1);

    const one = await sourceReport(env, 30, source, now);
    expect(one.quizSource).toBe(source);
    // The chart of one source is that source's alone.
    expect(one.weekly.map((w) => w.source)).toEqual([source]);
    expect(one.quiz.steps).toEqual([
      { step: 1, reached: 2 },
      { step: 2, reached: 1 },
      { step: 3, reached: 1 },
      { step: 4, reached: 1 },
    ]);
    expect(one.quiz.programs).toEqual([{ program: 'Retreats', count: 1 }]);
    expect(one.quiz.questions[0]!.question).toBe(QUIZ_STEPS[0].title);
    expect(one.quiz.questions[0]!.answers.find((a) => a.answer === 'Leadership')?.count).toBe(1);
  });
});

const visitDay = (day: string, source: string, visits: number, campaign = '', reached = [0, 0, 0, 0]): VisitDay => ({
  day,
  source,
  campaign,
  visits,
  reached,
});
const lead = (over: Partial<PeriodLead>): PeriodLead => ({
  kind: 'quiz',
  source: 'direct',
  campaign: '',
  day: '2026-11-20',
  calls: 0,
  client: false,
  ...over,
});

describe('the report’s rows, weeks and quiz', () => {
  it('sources by leads then visits, each followed by its campaigns; campaign rows only where one exists; the total', () => {
    const visits = [
      visitDay('2026-11-20', 'instagram', 50, 'reel'),
      visitDay('2026-11-20', 'instagram', 10),
      visitDay('2026-11-21', 'search', 90),
      visitDay('2026-11-21', 'linkedin', 5, '', [3, 2, 2, 1]),
    ];
    const leads = [
      lead({ source: 'linkedin', calls: 1, client: true }),
      lead({ source: 'instagram', campaign: 'reel' }),
    ];
    const { rows, total } = sourceRows(visits, leads);
    expect(rows.map((r) => [r.source, r.campaign])).toEqual([
      ['instagram', null],
      ['instagram', 'reel'],
      ['linkedin', null],
      ['search', null],
    ]);
    expect(rows[2]).toMatchObject({ visits: 5, quizOpened: 3, quizFinished: 1, calls: 1, clients: 1 });
    expect(total).toMatchObject({ source: 'all', campaign: null, visits: 155, calls: 1, clients: 1 });
    expect(total.leads.quiz).toBe(2);
  });

  it('weeks start on Monday and cover the period; the top sources only', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    const visits = ['a', 'b', 'c', 'd', 'e', 'f'].map((s, i) => visitDay('2026-11-24', s, 10 - i));
    const leads = [lead({ source: 'f', day: '2026-11-17' })];
    const { rows } = sourceRows(visits, leads);
    const weekly = weeklyPoints(rows, visits, leads, '2026-11-15', '2026-11-27');
    expect(weekly.map((w) => w.source)).toEqual(['f', 'a', 'b', 'c', 'd']);
    expect(weekly[0]!.points).toEqual([
      { week: '2026-11-09', visits: 0, leads: 0 },
      { week: '2026-11-16', visits: 0, leads: 1 },
      { week: '2026-11-23', visits: 5, leads: 0 },
    ]);
    // A day outside the period's weeks (a count dated after it) adds to no week and breaks nothing.
    const later = [...visits, visitDay('2026-12-08', 'f', 7)];
    expect(weeklyPoints(rows, later, leads, '2026-11-15', '2026-11-27')[0]!.points).toEqual(weekly[0]!.points);
  });

  it('the quiz: answers per question, where people stop, programs most first', () => {
    const quiz = quizInsight(
      [visitDay('2026-11-20', 'x', 9, '', [6, 4, 3, 2])],
      [
        lead({ answers: { '0': 'Health', '1': '26-39' }, recommended: ['B', 'A'] }),
        lead({ answers: { '0': 'Health', '2': 'Not an option' }, recommended: ['A'] }),
        lead({ kind: 'enquiry' }),
      ],
    );
    expect(quiz.steps.map((s) => s.reached)).toEqual([6, 4, 3, 2]);
    expect(quiz.questions[0]!.answers.find((a) => a.answer === 'Health')?.count).toBe(2);
    expect(quiz.questions[2]!.answers.every((a) => a.count === 0)).toBe(true);
    expect(quiz.programs).toEqual([
      { program: 'A', count: 2 },
      { program: 'B', count: 1 },
    ]);
  });
});
