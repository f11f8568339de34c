/**
 * A reminder is a message of the lead's conversation: the lead's page shows it as the person read it, and their
 * WhatsApp answer to it beside it, as any message. The dev-only route runs the reminders at a given time for the
 * journeys, only for a local request. On D1 and on Firestore.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { callTime } from '../../../src/notify/reminders/reminder-message';
import { callWorker } from '../../support/api';
import { inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { bench, clearBookings, HOUR } from './support';

afterEach(() => vi.unstubAllGlobals());
afterAll(clearBookings);

describe.each(['D1', 'Firestore'] as const)('a reminder on the lead’s page, on %s', (store) => {
  it('shows the reminder and the person’s answer to it in the conversation', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const t0 = Math.floor(Date.now() / 60_000) * 60_000;
    const start = t0 + 24 * HOUR + 60_000;
    await b.book(lead, start);
    expect((await b.cron(start - 24 * HOUR)).queued).toBe(1);
    const when = callTime(new Date(start).toISOString());
    const answer = inbound(lead.phone, Math.floor(Date.now() / 1000) + 120, 'text', {
      body: 'Can we move it to Monday?',
    });
    expect((await postWebhook(b.workerEnv, webhookBody({ messages: [answer] }))).status).toBe(200);
    const html = await (await callWorker(b.workerEnv, `/desk/leads/enquiry/${lead.id}`)).text();
    const reminder = html.indexOf(`Hello Asha, a reminder of your call on ${when} (India time).`);
    const reply = html.indexOf('Can we move it to Monday?');
    expect(reminder).toBeGreaterThan(-1);
    expect(reply).toBeGreaterThan(-1);
  });

  it('runs the reminders at a given time through POST /__dev/reminders, answering counts only', async () => {
    const b = await bench(store);
    const lead = await b.lead();
    const start = Date.now() + 30 * HOUR;
    await b.book(lead, start);
    const at = new Date(start - 24 * HOUR).toISOString();
    const res = await callWorker(b.workerEnv, `/__dev/reminders?at=${encodeURIComponent(at)}`, { method: 'POST' });
    expect(await res.json()).toEqual({
      ok: true,
      reminders: { queued: 1, emailed: 0, skipped: 0, already: 0, none: 0, failed: 0 },
    });
    const bad = await callWorker(b.workerEnv, '/__dev/reminders?at=tomorrow', { method: 'POST' });
    expect(bad.status).toBe(400);
  });
});
