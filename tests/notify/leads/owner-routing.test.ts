/**
 * Alerts about a lead one owner took go to that owner; the other owner's is folded into their hourly digest, which
 * counts it. For each kind of alert about a lead — a visitor's reply, a booked call, a payment — and for a lead
 * nobody took (or taken by an address no longer in OWNER_EMAILS), both owners are alerted as before. On D1.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { deliveryStore } from '../../../src/notify/ledger/ledger-store';
import type { JobOf, Job } from '../../../src/queue/jobs';
import { getBookingStore } from '../../../src/store/bookings/open';
import type { Lead } from '../../../src/store/leads/lead';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import {
  newRazorpay,
  paidEvent,
  payingLead,
  paymentsEnv,
  postRazorpay,
  requestPayment,
} from '../../payments/webhook-support';

afterEach(() => vi.unstubAllGlobals());

const PRIYA = 'priya@example.com';
const ARJUN = 'arjun@example.com';

/** The Worker with WhatsApp at the stand-in and payments on, with two owners of this test's own. */
function setup() {
  const owners = [uniqueMobile('+9195'), uniqueMobile('+9195')] as [string, string];
  const workerEnv = paymentsEnv(
    graphEnv({
      ...WEBHOOK_SECRETS,
      OWNER_EMAILS: `${PRIYA},${ARJUN}`,
      OWNER_PHONES: owners.join(','),
      OWNER_NAMES: 'Priya,Arjun',
    } as Partial<Env>),
  );
  const graph = new GraphStandin().install();
  const queued = captureQueue(workerEnv);
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  /** Who got a template, by number. */
  const sentTo = (template: string) =>
    graph.delivered
      .filter((b: { template?: { name: string } }) => b.template?.name === template)
      .map((b: { to: string }) => b.to)
      .sort();
  /** The hour's digest jobs queued, by number, and how many alerts each owner's digest of that hour counts. */
  const digests = async () => {
    const jobs = queued.flatMap((j) => (j.type === 'digest' ? [j] : []));
    const store = deliveryStore(env);
    return Promise.all(jobs.map(async (j) => [j.recipient, await store.foldedInto(j.hourStart, j.recipient)]));
  };
  const take = (lead: Lead, owner: string) =>
    getLeadStore(workerEnv).update(lead.kind, lead.id, { owner, by: PRIYA, at: new Date().toISOString() });
  return { workerEnv, owners, run, sentTo, digests, take, queued };
}

/** A booked call of `lead`, stored, and its alert job. */
async function booked(workerEnv: Env, lead: Lead): Promise<JobOf<'booking-alert'>> {
  const at = new Date().toISOString();
  const start = '2026-11-21T13:30:00.000Z';
  const id = `uid-${crypto.randomUUID()}`;
  await getBookingStore(workerEnv).put({
    provider: 'calcom',
    id,
    status: 'booked',
    startAt: start,
    endAt: start,
    name: 'Asha Verma',
    email: 'asha@example.com',
    eventAt: at,
    receivedAt: at,
    history: [{ event: 'created', at, startAt: start, endAt: start }],
    lead: { kind: lead.kind, id: lead.id, by: 'ref', at },
  });
  return { type: 'booking-alert', provider: 'calcom', bookingId: id, event: 'created', at };
}

async function savedEnquiry(workerEnv: Env) {
  const lead = enquiryLead({ phone: uniqueMobile(), verified: true });
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

describe('alerts about a taken lead go to its owner; the other owner’s digest counts them', () => {
  it('a booked call: Priya’s lead alerts Priya, Arjun’s row is folded into his digest', async () => {
    const { workerEnv, owners, sentTo, digests, take } = setup();
    const lead = await savedEnquiry(workerEnv);
    await take(lead, PRIYA);
    await consume(workerEnv, [await booked(workerEnv, lead)]);
    expect(sentTo('call_booked')).toEqual([owners[0]]);
    expect(await digests()).toEqual([[owners[1], 1]]);
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, skip_reason FROM deliveries WHERE template = 'call_booked' AND recipient IN (?, ?)`,
    )
      .bind(...owners)
      .all<{ recipient: string; status: string; skip_reason: string | null }>();
    expect(results.map((r) => [r.recipient, r.status, r.skip_reason]).sort()).toEqual(
      [
        [owners[0], 'sent', null],
        [owners[1], 'skipped', 'hourly_cap'],
      ].sort(),
    );
  });

  it('a booked call of a lead nobody took, or taken by an address no longer an owner’s, alerts both', async () => {
    const { workerEnv, owners, sentTo, digests, take } = setup();
    const nobodys = await savedEnquiry(workerEnv);
    await consume(workerEnv, [await booked(workerEnv, nobodys)]);
    const former = await savedEnquiry(workerEnv);
    await take(former, 'former-owner@example.com');
    await consume(workerEnv, [await booked(workerEnv, former)]);
    expect(sentTo('call_booked')).toEqual([...owners, ...owners].sort());
    expect(await digests()).toEqual([]);
  });

  it('a visitor’s reply: Arjun’s lead alerts Arjun, Priya’s row is folded into her digest', async () => {
    const { workerEnv, owners, run, sentTo, digests, take } = setup();
    const lead = await savedEnquiry(workerEnv);
    await take(lead, ARJUN);
    const t = Math.floor(Date.now() / 1000);
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(lead.phone, t, 'text', { body: 'Tuesday?' })] }));
    await run('visitor-reply');
    expect(sentTo('visitor_reply')).toEqual([owners[1]]);
    expect(await digests()).toEqual([[owners[0], 1]]);
  });

  it('a visitor’s reply about a lead nobody took alerts both', async () => {
    const { workerEnv, owners, run, sentTo, digests } = setup();
    const lead = await savedEnquiry(workerEnv);
    const t = Math.floor(Date.now() / 1000);
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(lead.phone, t, 'text', { body: 'Tuesday?' })] }));
    await run('visitor-reply');
    expect(sentTo('visitor_reply')).toEqual([...owners].sort());
    expect(await digests()).toEqual([]);
  });

  it('a payment: Priya’s lead alerts Priya, Arjun’s row is folded into his digest; nobody’s alerts both', async () => {
    const { workerEnv, owners, run, sentTo, digests, take } = setup();
    const razorpay = newRazorpay();
    const pay = async (owner?: string) => {
      const lead = await payingLead(workerEnv);
      if (owner) await take(lead, owner);
      const request = await requestPayment(workerEnv, razorpay, lead);
      expect((await postRazorpay(workerEnv, paidEvent(razorpay, request.linkId!).body)).status).toBe(200);
      await run('payment-alert');
    };
    await pay(PRIYA);
    expect(sentTo('payment_received')).toEqual([owners[0]]);
    expect(await digests()).toEqual([[owners[1], 1]]);
    await pay();
    expect(sentTo('payment_received')).toEqual([owners[0], owners[0], owners[1]].sort());
  });
});
