/**
 * The reminders of a booked call, from the business number, with a clock the test moves: the 24-hour one then the
 * 1-hour one, each once through the ledger whatever the cron or the webhook repeats; none for a call booked too
 * late, cancelled or moved away; the new time of a moved call gets its own; an opt-out is recorded as skipped; a lead
 * Turnstile did not vouch for gets nothing; inside the 24-hour window a text, outside it the template. On D1 and on
 * Firestore.
 */
import { env } from 'cloudflare:test';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../src/env';
import { reminderPrefix } from '../../../src/notify/reminders/reminder-keys';
import { callTime } from '../../../src/notify/reminders/reminder-message';
import { getBookingStore } from '../../../src/store/bookings/open';
import { recordOptOut } from '../../../src/store/conversations/opt-outs';
import { inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { allowConsoleErrors } from '../../setup';
import { loggedEvents } from '../../support/logs';
import { bench, clearBookings, HOUR, reminderRows } from './support';

afterEach(() => vi.unstubAllGlobals());
afterAll(clearBookings);

/** Now, on the minute: the clock the test moves starts here. */
const now = () => Math.floor(Date.now() / 60_000) * 60_000;

describe.each(['D1', 'Firestore'] as const)('call reminders on %s', (store) => {
  it('gives a call 25 hours ahead exactly the 24-hour reminder, then the 1-hour one, each once', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const t0 = now();
    const start = t0 + 25 * HOUR;
    const uid = await b.book(lead, start);
    const reminder = ['call_reminder', ['Asha', callTime(new Date(start).toISOString()), '1:1 Consultations']];

    expect((await b.cron(t0)).queued).toBe(0);
    // Two runs at once (a slow cron overlapping the next), then the booking tool's event delivered again.
    const both = await Promise.all([b.cron(start - 24 * HOUR), b.cron(start - 24 * HOUR)]);
    expect(both.map((c) => c.queued).sort()).toEqual([0, 1]);
    await b.book(lead, start, { uid });
    expect((await b.cron(start - 23.75 * HOUR)).already).toBe(1);
    expect(b.toPerson(lead.phone)).toEqual([reminder]);

    expect((await b.cron(start - HOUR)).queued).toBe(1);
    await b.cron(start - 0.75 * HOUR);
    await b.cron(start - 0.25 * HOUR);
    expect(b.toPerson(lead.phone)).toEqual([reminder, reminder]);
    expect(await reminderRows('calcom', uid)).toEqual([
      ['24h', 'call_reminder', 'sent', null],
      ['1h', 'call_reminder', 'sent', null],
    ]);
    // The call has begun: nothing more.
    expect(await b.cron(start + 60_000)).toMatchObject({ queued: 0, already: 0 });
  });

  it('gives a call booked 30 minutes ahead no reminder, and one booked 5 hours ahead only the 1-hour one', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const t0 = now();
    const soon = await b.book(lead, t0 + HOUR / 2);
    for (const at of [t0, t0 + 15 * 60_000]) await b.cron(at);
    expect(await reminderRows('calcom', soon)).toEqual([]);
    const later = await b.book(lead, t0 + 5 * HOUR);
    for (const h of [4, 1]) await b.cron(t0 + 5 * HOUR - h * HOUR);
    expect(await reminderRows('calcom', later)).toEqual([['1h', 'call_reminder', 'sent', null]]);
  });

  it('sends nothing for a cancelled call, and past a missed 24-hour reminder sends only the 1-hour one', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const start = now() + 30 * HOUR;
    const cancelled = await b.book(lead, start);
    await b.book(lead, start, { uid: cancelled, event: 'BOOKING_CANCELLED' });
    expect((await b.booking(cancelled))?.status).toBe('cancelled');
    const kept = await b.book(lead, start + HOUR);
    // The cron was down from T-24h to T-1h: the stale 24-hour reminder is passed over.
    for (const h of [24, 1]) await b.cron(start + HOUR - h * HOUR + (h === 24 ? -HOUR : 0));
    expect(await reminderRows('calcom', cancelled)).toEqual([]);
    expect(await reminderRows('calcom', kept)).toEqual([['1h', 'call_reminder', 'sent', null]]);
  });

  it('moves the reminders with a moved call: nothing for the old time, both for the new one', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const t0 = now();
    const old = await b.book(lead, t0 + 30 * HOUR);
    const moved = await b.book(lead, t0 + 50 * HOUR, { event: 'BOOKING_RESCHEDULED', rescheduleUid: old });
    expect((await b.booking(old))?.status).toBe('moved');
    expect((await b.booking(moved))?.lead?.id).toBe(lead.id);
    for (const at of [t0 + 6 * HOUR, t0 + 29 * HOUR, t0 + 26 * HOUR, t0 + 49 * HOUR]) await b.cron(at);
    expect(await reminderRows('calcom', old)).toEqual([]);
    expect((await reminderRows('calcom', moved)).map((r) => r[0])).toEqual(['24h', '1h']);

    // Moved on the same booking id (a tool that keeps it): the new time has keys of its own, so it is reminded again.
    const same = await b.book(lead, t0 + 60 * HOUR);
    await b.cron(t0 + 59 * HOUR);
    const record = (await b.booking(same))!;
    const startAt = new Date(t0 + 70 * HOUR).toISOString();
    const step = {
      event: 'rescheduled' as const,
      at: new Date(t0 + 59.5 * HOUR).toISOString(),
      startAt,
      endAt: startAt,
    };
    await getBookingStore(b.workerEnv).put({ ...record, startAt, endAt: startAt, history: [...record.history, step] });
    await b.cron(t0 + 69 * HOUR);
    const keys = (await reminderRows('calcom', same)).map((r) => r[0]);
    expect(keys).toEqual(['1h', '1h']);
    expect(new Set((await reminderRowsIds(same)).map((id) => id.split(':')[2])).size).toBe(2);
  });

  it('records a reminder to a number that opted out as skipped, and sends it nothing', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const at = new Date().toISOString();
    await recordOptOut(env.DB, readConfig(b.workerEnv).privacy.erasureKey, lead.phone, { at, how: 'message' });
    const start = now() + 30 * HOUR;
    const uid = await b.book(lead, start);
    expect((await b.cron(start - 24 * HOUR)).skipped).toBe(1);
    expect(b.toPerson(lead.phone)).toEqual([]);
    expect(await reminderRows('calcom', uid)).toEqual([['24h', 'call_reminder', 'skipped', 'opted_out']]);
  });

  it('holds the reminders to the visitor budgets: past the number’s daily count, recorded as skipped', async () => {
    const b = await bench(store, { VISITOR_MESSAGES_PER_DAY: '1' });
    const lead = await b.lead();
    const start = now() + 25 * HOUR;
    const uid = await b.book(lead, start);
    for (const h of [24, 1]) await b.cron(start - h * HOUR);
    expect(b.toPerson(lead.phone)).toHaveLength(1);
    expect((await reminderRows('calcom', uid)).map((r) => r.slice(0, 3))).toEqual([
      ['24h', 'call_reminder', 'sent'],
      ['1h', 'call_reminder', 'skipped'],
    ]);
  });

  it('logs a booking that fails and goes on with the others; the log names no one', async () => {
    allowConsoleErrors();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const b = await bench(store);
    const [first, second] = [await b.lead(), await b.lead()];
    const start = now() + 30 * HOUR;
    const failing = await b.book(first, start);
    await b.book(second, start + 60_000);
    // The ledger cannot be read for the first booking (the sooner call, looked at first).
    const prepare = b.workerEnv.DB.prepare.bind(b.workerEnv.DB);
    let failed = false;
    vi.spyOn(b.workerEnv.DB, 'prepare').mockImplementation((sql: string) => {
      if (!failed && sql.startsWith('SELECT 1 FROM deliveries WHERE submission_id')) {
        failed = true;
        throw new Error('D1_ERROR: database is locked');
      }
      return prepare(sql);
    });
    expect(await b.cron(start - 24 * HOUR + 60_000)).toMatchObject({ failed: 1, queued: 1 });
    const logged = JSON.stringify(loggedEvents(errors));
    vi.restoreAllMocks();
    expect(b.toPerson(second.phone)).toHaveLength(1);
    expect(logged).toContain(await reminderPrefix({ provider: 'calcom', id: failing }));
    for (const secret of [first.phone, first.email, failing]) expect(logged).not.toContain(secret);
  });

  it('sends nothing at all for a lead Turnstile did not vouch for', async () => {
    const b = await bench(store);
    const lead = await b.lead({ verified: false });
    const start = now() + 30 * HOUR;
    const uid = await b.book(lead, start);
    expect((await b.cron(start - 24 * HOUR)).none).toBe(1);
    expect(b.toPerson(lead.phone)).toEqual([]);
    expect(await reminderRows('calcom', uid)).toEqual([]);
  });

  it('sends the reminder as a text while the person’s 24-hour window is open', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const seconds = Math.floor(Date.now() / 1000) - 3600;
    const hello = inbound(lead.phone, seconds, 'text', { body: 'hello' });
    expect((await postWebhook(b.workerEnv, webhookBody({ messages: [hello] }))).status).toBe(200);
    // The call is 30 hours ahead: its 24-hour reminder is due 6 hours from now, inside the window.
    const start = now() + 30 * HOUR;
    const uid = await b.book(lead, start);
    await b.cron(start - 24 * HOUR);
    const when = callTime(new Date(start).toISOString());
    expect(b.toPerson(lead.phone)).toEqual([
      [
        'text',
        `Hello Asha, a reminder of your call on ${when} (India time).\nProgram: 1:1 Consultations\nTo move it, reply here.`,
      ],
    ]);
    expect(await reminderRows('calcom', uid)).toEqual([['24h', 'desk_reply', 'sent', null]]);
  });
});

async function reminderRowsIds(id: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT submission_id FROM deliveries WHERE submission_id LIKE ?`)
    .bind(`${await reminderPrefix({ provider: 'calcom', id })}%`)
    .all<{ submission_id: string }>();
  return results.map((r) => r.submission_id);
}
