/**
 * The Monday report's figures are the Sources page's for the same days: last week (Monday to Sunday, owners' time)
 * and the week before, computed both ways and compared, with leads on D1 and on Firestore.
 */
import { env as d1Env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { sourceReport } from '../../../src/desk/sources/sources';
import { weeklyReport } from '../../../src/desk/report/report-data';
import { reportEmail } from '../../../src/desk/report/send-reports';
import { addDays, reportWeek } from '../../../src/desk/report/week';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { countVisit } from '../../../src/store/sources/visits';
import { enquiryLead } from '../../fixtures/leads';
import { DATED_LEAD_STORES } from '../../support/firestore';
import { uniqueMobile } from '../../support/shared';
import { DAY, HOUR, at, call, ownerEnv, tag } from './support';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(DATED_LEAD_STORES)('the Monday report’s figures, leads on %s', (_database, make) => {
  it('equal the Sources report of last week and of the week before, per source and in total', async () => {
    const store = await make();
    const env: Env = ownerEnv(store.env);
    // The Monday after today (08:30): last week is this one, and Firestore's leads arrive now.
    const monday = reportWeek(new Date(Date.now() + 7 * DAY)).monday;
    const now = at(monday, 8, 30);
    const week = reportWeek(now);
    const source = tag();
    const lead = (arrived: number) => {
      const saved = enquiryLead({
        createdAt: new Date(arrived).toISOString(),
        attribution: { utm_source: source },
        name: `Meera ${tag()}`,
        email: `${tag()}@example.com`,
        phone: uniqueMobile(),
      });
      return store.saveAt(saved, saved.createdAt).then(() => saved);
    };
    // Two leads last week (one became a client and booked a call), one the week before, one before both.
    const [first] = [await lead(week.start + HOUR), await lead(week.start + 2 * DAY)];
    await lead(week.start - 3 * DAY);
    await lead(week.start - 10 * DAY);
    await getLeadStore(env).update('enquiry', first.id, {
      status: 'client',
      by: 'priya@example.com',
      at: now.toISOString(),
    });
    await getBookingStore(env).put(
      call(
        { kind: 'enquiry', id: first.id },
        {
          name: first.name,
          receivedAt: new Date(week.start + 2 * HOUR).toISOString(),
          startAt: new Date(week.end + 26 * HOUR).toISOString(),
        },
      ),
    );
    const visit = (client: string, when: number, step = 0) =>
      countVisit(
        d1Env as Env,
        { client, userAgent: `Browser-${source}`, from: { source, medium: 'social', campaign: '' }, step },
        when,
      );
    await visit('v4:192.0.2.20', week.start + HOUR, 1);
    await visit('v4:192.0.2.21', week.start + 3 * DAY);
    await visit('v4:192.0.2.22', week.start - 2 * DAY);

    const report = await weeklyReport(env, now);
    const [last, prior] = await Promise.all([
      sourceReport(env, 7, undefined, week.end - 1),
      sourceReport(env, 7, undefined, week.start - 1),
    ]);
    expect([last.from, last.to, prior.from, prior.to]).toEqual([
      week.from,
      week.to,
      week.before,
      addDays(week.from, -1),
    ]);
    expect(report.last.total).toEqual(last.total);
    expect(report.prior.total).toEqual(prior.total);
    // This source's row, by what the test stored.
    const own = (r: typeof last) => r.rows.find((row) => row.source === source && row.campaign === null);
    expect(own(report.last)).toMatchObject({ visits: 2, quizOpened: 1, leads: { enquiry: 2 }, calls: 1, clients: 1 });
    expect(own(report.prior)).toMatchObject({ visits: 1, quizOpened: 0, leads: { enquiry: 1 }, calls: 0, clients: 0 });

    // The email says the Sources figures, week against week.
    const { text, subject } = reportEmail(report, 'Priya', 'https://example.org');
    const leads = (r: typeof last) => r.total.leads.quiz + r.total.leads.newsletter + r.total.leads.enquiry;
    expect(subject).toContain(`${leads(last)} lead`);
    for (const [label, of] of [
      ['Visits', (r: typeof last) => r.total.visits],
      ['Quiz started', (r: typeof last) => r.total.quizOpened],
      ['Enquiries', (r: typeof last) => r.total.leads.enquiry],
      ['Calls booked', (r: typeof last) => r.total.calls],
      ['Clients', (r: typeof last) => r.total.clients],
    ] as const)
      expect(text).toContain(
        `\n${label}: ${of(last).toLocaleString('en-IN')} / ${of(prior).toLocaleString('en-IN')}\n`,
      );
    // The coming week's call, by first name; the link opens Sources on the same seven days.
    expect(report.calls).toContainEqual({ first: 'Meera', at: new Date(week.end + 26 * HOUR).toISOString() });
    expect(text).toContain(`https://example.org/desk/sources?days=7&to=${week.to}`);
  });
});
