/**
 * The call reminders' test bench: a Worker env on D1 or Firestore with WhatsApp at the Graph stand-in and the queue
 * captured, a verified lead with a booking reference, its calls booked through the Cal.com webhook, and the cron
 * step run at a time the test chooses (the queued WhatsApp jobs then delivered by the consumer).
 */
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Env } from '../../../src/env';
import { sendCallReminders } from '../../../src/notify/reminders/call-reminders';
import { reminderPrefix } from '../../../src/notify/reminders/reminder-keys';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, type EnquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { calcomBody, postCalcom, type CalcomOver } from '../../support/bookings';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS } from '../../support/whatsapp-webhook';

export const HOUR = 3_600_000;

/** A reference as the site makes them (24 hex digits). */
export const newRef = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

type Delivered = {
  to: string;
  type: string;
  text?: { body: string };
  template?: { name: string; components: { type: string; parameters: { text: string }[] }[] };
};

/** Deletes every booking of the D1 store: before each test, and after each file so the next finds none of these. */
export async function clearBookings() {
  await env.DB.batch([env.DB.prepare('DELETE FROM bookings'), env.DB.prepare('DELETE FROM booking_events')]);
}

export async function bench(store: Store, extra: Partial<Env> = {}) {
  // Each test starts without bookings (Firestore's stand-in is new per test; D1 lives as long as the runtime), so the
  // cron's counts are this test's own.
  if (store === 'D1') await clearBookings();
  const { vars, firestore } = await leadStoreVars(store);
  const graph = new GraphStandin();
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv = graphEnv({ ...WEBHOOK_SECRETS, ...vars, ...extra });
  const queued = captureQueue(workerEnv);

  /** A lead of this test's own, stored (verified, with a number, unless `over` says otherwise). */
  async function lead(over: Partial<EnquiryLead> = {}): Promise<EnquiryLead> {
    const saved = enquiryLead({
      phone: uniqueMobile(),
      name: 'Asha Verma',
      verified: true,
      bookingRef: newRef(),
      ...over,
    });
    await getLeadStore(workerEnv).save(saved);
    return saved;
  }

  /** Posts a Cal.com event for the lead's reference (a call at `start`, 30 minutes long); answers its uid. */
  async function book(l: { bookingRef?: string | undefined }, start: number, over: CalcomOver = {}): Promise<string> {
    const uid = over.uid ?? `uid-${crypto.randomUUID()}`;
    const end = new Date(start + HOUR / 2).toISOString();
    const body = calcomBody({
      ref: l.bookingRef!,
      program: 'consultations',
      start: new Date(start).toISOString(),
      end,
      ...over,
      uid,
    });
    expect((await postCalcom(body, { env: workerEnv })).status).toBe(200);
    return uid;
  }

  /** Runs the cron's step as if it were `at`, then delivers the WhatsApp messages it queued. */
  async function cron(at: number) {
    const counts = await sendCallReminders(workerEnv, new Date(at));
    await consume(workerEnv, takeJobs(queued, 'desk-reply'));
    return counts;
  }

  /** What reached the person's number through the Graph stand-in, as [type, template or text, body parameters]. */
  function toPerson(phone: string) {
    return (graph.delivered as Delivered[])
      .filter((b) => b.to === phone || b.to === phone.slice(1))
      .map((b) =>
        b.type === 'text'
          ? ['text', b.text!.body]
          : [b.template!.name, b.template!.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text)],
      );
  }

  const booking = (id: string): Promise<BookingRecord | null> => getBookingStore(workerEnv).get('calcom', id);

  return { workerEnv, graph, queued, lead, book, cron, toPerson, booking };
}

/** The ledger's rows of a booking's reminders, oldest first: [key's last part, template, status, skip reason]. */
export async function reminderRows(provider: 'calcom' | 'calendly', id: string) {
  const prefix = await reminderPrefix({ provider, id });
  const { results } = await env.DB.prepare(
    `SELECT submission_id, template, status, skip_reason FROM deliveries WHERE submission_id LIKE ? ORDER BY created_at`,
  )
    .bind(`${prefix}%`)
    .all<{ submission_id: string; template: string; status: string; skip_reason: string | null }>();
  return results.map((r) => [r.submission_id.split(':').at(-1), r.template, r.status, r.skip_reason]);
}
