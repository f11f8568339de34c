/**
 * A lead without a number is reminded of its call once, by email, at the address the call was booked with (never
 * on a number the booking tool carried), from the result email's sender; nothing without that sender. A person's
 * copy holds the reminders of the calls they booked; their erasure forgets those of every call of their leads.
 * On D1 and on Firestore.
 */
import { env } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { erasePerson, findPerson } from '../../../src/desk/people/people';
import { personCopy } from '../../../src/desk/people/person-copy';
import { reminderPrefix } from '../../../src/notify/reminders/reminder-keys';
import { callTime } from '../../../src/notify/reminders/reminder-message';
import { getLeadStore } from '../../../src/store/leads/open';
import { quizLead } from '../../fixtures/leads';
import { EmailStandin } from '../../standins/email';
import { consume, takeJobs } from '../../support/queue';
import { bench, clearBookings, HOUR, newRef, reminderRows } from './support';

afterEach(() => vi.unstubAllGlobals());
afterAll(clearBookings);

const FROM = 'priya@coach.example';
const now = () => Math.floor(Date.now() / 60_000) * 60_000;

describe.each(['D1', 'Firestore'] as const)('the reminder email on %s', (store) => {
  async function setup(withSender = true) {
    const email = new EmailStandin([FROM]);
    const b = await bench(store, withSender ? ({ RESULT_EMAIL_FROM: FROM, EMAIL: email.binding } as Partial<Env>) : {});
    const address = `lead-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const lead = quizLead({ verified: true, bookingRef: newRef() });
    lead.contact = { ...lead.contact, first: 'Ravi', email: address, phone: '' };
    await getLeadStore(b.workerEnv).save(lead);
    const emailJobs = () => takeJobs(b.queued, 'call-reminder-email');
    return { ...b, email, address, lead, emailJobs };
  }

  it('emails a lead without a number once, to the booking’s address, however often the cron and the job run', async () => {
    const { email, lead, book, cron, emailJobs, workerEnv, graph } = await setup();
    const booked = `booked-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const start = now() + 30 * HOUR;
    const uid = await book(lead, start, { email: booked });
    expect((await cron(start - 24 * HOUR)).emailed).toBe(1);
    await cron(start - 23 * HOUR);
    await cron(start - HOUR);
    const jobs = emailJobs();
    expect(jobs).toHaveLength(1);
    // A redelivered job still sends one email: the ledger holds it once.
    await consume(workerEnv, [...jobs, ...jobs]);
    expect(email.sent.map((m) => m.to)).toEqual([[booked]]);
    const [sent] = email.sent;
    const when = callTime(new Date(start).toISOString());
    expect(sent!.from.email).toBe(FROM);
    expect(sent!.subject).toBe(`Reminder: your call on ${when}`);
    expect(sent!.text).toContain(
      `Hello Ravi,\n\nA reminder of your call on ${when} (India time).\nProgram: 1:1 Consultations`,
    );
    expect(sent!.text).toContain('use the link in the confirmation email of your booking');
    expect(await reminderRows('calcom', uid)).toEqual([['email', 'call_reminder_email', 'sent', null]]);
    expect(graph.delivered).toEqual([]);
  });

  it('sends no email for a call cancelled before its job ran, nor without the result email’s sender', async () => {
    const a = await setup();
    const start = now() + 30 * HOUR;
    const uid = await a.book(a.lead, start);
    await a.cron(start - 24 * HOUR);
    await a.book(a.lead, start, { uid, event: 'BOOKING_CANCELLED' });
    await consume(a.workerEnv, a.emailJobs());
    expect(a.email.sent).toEqual([]);

    const b = await setup(false);
    const other = await b.book(b.lead, start);
    expect((await b.cron(start - 24 * HOUR)).none).toBe(1);
    expect(b.emailJobs()).toEqual([]);
    expect(await reminderRows('calcom', other)).toEqual([]);
  });

  it('puts the reminders in the copy of the person who booked, and erasing the lead’s person forgets them', async () => {
    const { lead, book, cron, emailJobs, workerEnv, address } = await setup();
    const start = now() + 30 * HOUR;
    const uid = await book(lead, start, { email: address, name: 'Ravi Kumar' });
    await cron(start - 24 * HOUR);
    await consume(workerEnv, emailJobs());
    const copy = personCopy(await findPerson(workerEnv, { email: address }), new Date().toISOString());
    expect(copy.messages.map((m) => m.template)).toContain('call_reminder_email');
    const prefix = await reminderPrefix({ provider: 'calcom', id: uid });
    const rows = async () =>
      JSON.stringify(
        (await env.DB.prepare(`SELECT * FROM deliveries WHERE submission_id LIKE ?`).bind(`${prefix}%`).all()).results,
      );
    expect(await rows()).toContain('Hello Ravi');
    await erasePerson(workerEnv, { email: address }, [], 'owner@example.com');
    expect(await rows()).not.toContain('Ravi');
    expect(await rows()).not.toContain(address);
  });
});
