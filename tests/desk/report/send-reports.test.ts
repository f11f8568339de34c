/**
 * The Monday report's sending: on Monday from 08:00 (owners' time), once per week and owner through the ledger
 * however often the cron runs; never on another day (a Monday the cron missed is not made up), none with
 * WEEKLY_REPORT off; and its subject, text and HTML hold counts and first names, never an address, a number or a
 * last name.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendWeeklyReports } from '../../../src/desk/report/send-reports';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { uniqueMobile } from '../../support/shared';
import { at, call, ownerEnv, reportRows, tag } from './support';

// Weeks of their own far ahead (2031-01-06 is a Monday), so no other file's ledger rows meet these.
describe('the Monday report is sent', () => {
  it('once per owner on Monday from 08:00 however often the cron runs, and again the next Monday', async () => {
    const env = ownerEnv();
    expect(await sendWeeklyReports(env, at('2031-01-06', 7, 59))).toBe(0);
    expect(await reportRows('2031-01-06')).toEqual([]);

    expect(await sendWeeklyReports(env, at('2031-01-06', 8, 0))).toBe(2);
    expect(await sendWeeklyReports(env, at('2031-01-06', 8, 15))).toBe(0);
    expect(await sendWeeklyReports(env, at('2031-01-06', 23, 45))).toBe(0);
    const sent = await reportRows('2031-01-06');
    expect(sent.map((r) => [r.submission_id, r.recipient, r.status])).toEqual([
      ['report:2031-01-06:Admin2', 'arjun@example.com', 'sent'],
      ['report:2031-01-06:Admin1', 'priya@example.com', 'sent'],
    ]);
    // Each greets its own owner, over the same week.
    expect(sent[0]!.text).toContain('Good morning, Arjun.');
    expect(sent[1]!.text).toContain('Good morning, Priya.');
    expect(sent[1]!.subject).toMatch(/^Your week: \d+ leads?, \d+ calls? \(30 Dec – 5 Jan\)$/);

    // The Sunday before the next Monday: nothing; that Monday: one more each.
    expect(await sendWeeklyReports(env, at('2031-01-12', 23, 59))).toBe(0);
    expect(await sendWeeklyReports(env, at('2031-01-13', 8, 30))).toBe(2);
    expect((await reportRows('2031-01-13')).map((r) => r.recipient)).toEqual([
      'arjun@example.com',
      'priya@example.com',
    ]);
  });

  it('not on the Tuesday after a Monday the cron missed', async () => {
    const env = ownerEnv();
    expect(await sendWeeklyReports(env, at('2031-01-21', 8, 0))).toBe(0);
    expect(await sendWeeklyReports(env, at('2031-01-21', 0, 5))).toBe(0);
    expect(await reportRows('2031-01-20')).toEqual([]);
  });

  it('to no one with WEEKLY_REPORT off, and only to owners with an address', async () => {
    expect(await sendWeeklyReports(ownerEnv(undefined, { WEEKLY_REPORT: 'off' }), at('2031-01-27', 9))).toBe(0);
    expect(await reportRows('2031-01-27')).toEqual([]);
    const one = ownerEnv(undefined, { OWNER_EMAILS: 'priya@example.com' });
    expect(await sendWeeklyReports(one, at('2031-02-03', 9))).toBe(1);
    expect((await reportRows('2031-02-03')).map((r) => r.recipient)).toEqual(['priya@example.com']);
  });
});

describe('the Monday report holds counts and first names only', () => {
  it('names the week’s callers by first name, never an address, a number or a last name', async () => {
    const env = ownerEnv();
    const store = getLeadStore(env);
    const last = tag();
    const people = [
      quizLead({
        createdAt: at('2031-02-11', 10).toISOString(),
        contact: { first: 'Meera', last: `Zol${last}`, email: `meera-${last}@example.com`, phone: uniqueMobile() },
      }),
      enquiryLead({
        createdAt: at('2031-02-12', 11).toISOString(),
        name: `Kavya Que${last}`,
        email: `kavya-${last}@example.com`,
        phone: uniqueMobile(),
      }),
    ];
    for (const lead of people) await store.save(lead);
    const [meera, kavya] = people as [ReturnType<typeof quizLead>, ReturnType<typeof enquiryLead>];
    const bookings = getBookingStore(env);
    // Their calls fall in the week the report goes (from Monday 2031-02-17), booked under their full names.
    await bookings.put(
      call(
        { kind: 'quiz', id: meera.id },
        {
          name: `Meera Zol${last}`,
          email: meera.contact.email,
          receivedAt: at('2031-02-11', 12).toISOString(),
          startAt: at('2031-02-18', 10, 30).toISOString(),
        },
      ),
    );
    await bookings.put(
      call(
        { kind: 'enquiry', id: kavya.id },
        {
          name: `Kavya Que${last}`,
          email: kavya.email,
          receivedAt: at('2031-02-12', 12).toISOString(),
          startAt: at('2031-02-19', 16).toISOString(),
        },
      ),
    );

    expect(await sendWeeklyReports(env, at('2031-02-17', 8, 5))).toBe(2);
    const rows = await reportRows('2031-02-17');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const all = [row.subject, row.text, row.html ?? ''].join('\n');
      expect(row.html).toContain('<table');
      // The calls of the week, by first name and the owners' time.
      expect(row.text).toContain('Tue, 18 Feb, 10:30 — Meera');
      expect(row.text).toContain('Wed, 19 Feb, 16:00 — Kavya');
      expect(row.html).toContain('Tue, 18 Feb, 10:30 — Meera');
      for (const secret of [
        last,
        meera.contact.email,
        meera.contact.phone,
        meera.contact.phone.slice(3),
        kavya.email,
        kavya.phone!,
        kavya.phone!.slice(3),
      ])
        expect(all, secret).not.toContain(secret);
      expect(all).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    }
  });
});

describe('/__dev/report', () => {
  it('shows the HTML an owner would get for the week before `at`, as a mail app does: no script, nothing fetched', async () => {
    const res = await SELF.fetch(`http://127.0.0.1/__dev/report?at=${at('2031-03-03', 9).toISOString()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const html = await res.text();
    expect(html).toContain('Your week, 24 Feb – 2 Mar');
    expect(html).not.toMatch(/<script|<img|<link/);
  });

  it('refuses a time it cannot read, and runs the cron step at one it can', async () => {
    expect((await SELF.fetch('http://127.0.0.1/__dev/report?at=monday')).status).toBe(400);
    const run = await SELF.fetch(`http://127.0.0.1/__dev/report?at=${at('2031-03-10', 7).toISOString()}`, {
      method: 'POST',
    });
    expect(await run.json()).toEqual({ ok: true, finished: 0 });
  });
});
