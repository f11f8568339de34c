/**
 * The rebook message to a no-show: offered on the lead's page once "No-show" is marked; the approved template
 * `call_rebook` (or its words as a text inside the 24-hour window) to the lead's number through the ledger, with
 * the booking link carrying the lead's same reference; once per booking whatever is posted; refused (nothing sent)
 * under the follow-up rules, with no booking page, or already sent. A rebook counts with a follow-up in the 7-day
 * rule, both ways. On D1 and on Firestore; message times come from the test's own clock.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { when } from '../../../src/desk/format';
import { rebookId } from '../../../src/notify/reminders/rebook';
import type { Job } from '../../../src/queue/jobs';
import { getBookingStore } from '../../../src/store/bookings/open';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { postForm } from '../../support/api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { OWNER_VARS, action, call, page, storeCall } from './call-fixtures';

afterEach(() => vi.unstubAllGlobals());

const STORES: Store[] = ['D1', 'Firestore'];
const BOOKING_URL = 'https://cal.com/priya/call';
/** A lead's booking reference of its own (each is unique), and the link that carries it. */
const newRef = () => crypto.randomUUID().replace(/-/g, '').slice(0, 24);
const linkFor = (ref: string) =>
  `${BOOKING_URL}?program=consultations&metadata[ref]=${ref}&metadata[program]=consultations`;

async function setup(store: Store, over: Partial<Env> = {}) {
  const graph = new GraphStandin();
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch((request) => graph.fetch(request), firestore);
  const workerEnv = graphEnv({
    ...WEBHOOK_SECRETS,
    ...OWNER_VARS,
    BOOKING_URL,
    BOOKING_PROVIDER: 'calcom',
    ...vars,
    ...over,
  } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  /** A no-show of a lead (its number wrote `hoursAgo` before now; none: never), marked by an owner. */
  const noShow = async (hoursAgo?: number, lead = enquiryLead({ phone: uniqueMobile(), bookingRef: newRef() })) => {
    const made = await storeCall(workerEnv, call(3), lead);
    if (hoursAgo !== undefined) await write(made.lead.phone, hoursAgo);
    const at = new Date().toISOString();
    await getBookingStore(workerEnv).setOutcome(made.booking.provider, made.booking.id, {
      value: 'no_show',
      by: 'priya@example.com',
      at,
    });
    return made;
  };
  const write = async (phone: string, hoursAgo: number) => {
    const message = inbound(phone, Math.floor(Date.now() / 1000) - Math.round(hoursAgo * 3600), 'text', {
      body: 'hello',
    });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
  };
  const rebook = (b: BookingRecord, formId = crypto.randomUUID()) =>
    postForm(workerEnv, action(b, 'rebook'), { formId, from: 'lead' });
  const take = (type: Job['type']) => takeJobs(queued, type);
  /** Sends what was queued; answers what the Graph stand-in received for `phone`. */
  const sent = async (phone: string) => {
    await consume(workerEnv, take('desk-reply'));
    return graph.delivered.filter((b: { to?: string }) => b.to === phone);
  };
  return { workerEnv, noShow, write, rebook, take, sent };
}

const rows = async (b: BookingRecord) =>
  (
    await env.DB.prepare(`SELECT template, status, sent_by, created_at FROM deliveries WHERE submission_id = ?`)
      .bind(await rebookId(b.provider, b.id))
      .all<{ template: string; status: string; sent_by: string; created_at: string }>()
  ).results;

const code = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe.each(STORES)('the rebook message (%s)', (store) => {
  it('is offered after No-show, goes once as the template with the same reference, and the page says so', async () => {
    const { workerEnv, noShow, rebook, take, sent } = await setup(store);
    const { lead, booking, path } = await noShow();
    const LINK = linkFor(lead.bookingRef!);
    const html = await page(workerEnv, path);
    expect(html).toContain(`action="${action(booking, 'rebook')}"`);
    const words = `Hello Asha, we missed you on your call about 1:1 Consultations. You can book a new time here: ${LINK} Or reply here.`;
    expect(html).toContain(words.replace(/&/g, '&amp;'));
    const formId = /name="formId" value="([^"]+)"/.exec(html)![1]!;

    const res = await rebook(booking, formId);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?sent=rebook`);
    // Posted again (the same form, then another page's form): nothing more is queued, and the owner is sent back to
    // the page, whose card says it went (a double tap is not an error page).
    for (const again of [await rebook(booking, formId), await rebook(booking)]) {
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(path);
    }
    const bodies = await sent(lead.phone);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ type: 'template', template: { name: 'call_rebook' } });
    expect(bodies[0].template.components[0].parameters.map((p: { text: string }) => p.text)).toEqual([
      'Asha',
      '1:1 Consultations',
      LINK,
    ]);
    const [row] = await rows(booking);
    expect(await rows(booking)).toHaveLength(1);
    expect(row).toMatchObject({ template: 'call_rebook', status: 'sent', sent_by: 'owner@localhost' });

    const after = await page(workerEnv, `${path}?sent=rebook`);
    expect(after).toContain('Rebook message sent.');
    expect(after).toContain(`Rebook message sent by owner@localhost, ${when(row!.created_at)}.`);
    expect(after).not.toContain(`action="${action(booking, 'rebook')}"`);
    expect(take('desk-reply')).toEqual([]);
  });

  it('carries the reference the missed call came with (a client page’s), so the new call counts for that package', async () => {
    const { workerEnv, rebook, sent } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile(), bookingRef: newRef() });
    const engagementRef = newRef();
    const { booking } = await storeCall(workerEnv, { ...call(3), ref: engagementRef }, lead);
    const mark = { value: 'no_show' as const, by: 'priya@example.com', at: new Date().toISOString() };
    await getBookingStore(workerEnv).setOutcome(booking.provider, booking.id, mark);
    expect((await rebook(booking)).status).toBe(303);
    const [body] = await sent(lead.phone);
    expect(body.template.components[0].parameters[2].text).toBe(linkFor(engagementRef));
  });

  it('held back by the day’s budget, it can be sent another day (and then once)', async () => {
    const { noShow, rebook, sent } = await setup(store, { VISITOR_MESSAGES_PER_DAY: '1' });
    const { lead, booking } = await noShow();
    // Another message went to the number today: the day's one is spent.
    const earlier = `test-earlier:${crypto.randomUUID()}`;
    const today = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at,
         updated_at) VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'sent', '[]', ?, ?)`,
    )
      .bind(earlier, lead.phone, today, today)
      .run();
    const held = await rebook(booking);
    expect(held.status).toBe(409);
    expect((await code(held)).code).toBe('budget');
    expect((await rows(booking)).map((r) => r.status)).toEqual(['skipped']);
    expect(await sent(lead.phone)).toEqual([]);
    // The next day (the earlier message no longer counts), the owner sends it: it goes, once.
    await env.DB.prepare(`DELETE FROM deliveries WHERE submission_id = ?`).bind(earlier).run();
    expect((await rebook(booking)).status).toBe(303);
    expect((await rebook(booking)).status).toBe(303);
    expect(await sent(lead.phone)).toHaveLength(1);
    expect((await rows(booking)).map((r) => r.status)).toEqual(['sent']);
  });

  it('goes as a text with the same words inside the 24-hour window', async () => {
    const { noShow, rebook, sent } = await setup(store);
    const { lead, booking } = await noShow(2);
    const LINK = linkFor(lead.bookingRef!);
    expect((await rebook(booking)).status).toBe(303);
    const bodies = await sent(lead.phone);
    expect(bodies).toMatchObject([{ type: 'text' }]);
    expect(bodies[0].text.body).toBe(
      `Hello Asha, we missed you on your call about 1:1 Consultations.\nYou can book a new time here: ${LINK}\nOr reply here.`,
    );
  });

  it('is refused, nothing sent: not a no-show, no number, unverified, opted out, no booking page', async () => {
    const { workerEnv, noShow, rebook, take } = await setup(store);
    const attended = await storeCall(workerEnv, call(3), enquiryLead({ phone: uniqueMobile(), bookingRef: newRef() }));
    expect((await page(workerEnv, attended.path)).includes('Send a rebook message')).toBe(false);
    expect(await code(await rebook(attended.booking))).toMatchObject({ code: 'not_no_show' });

    const cases: Array<[string, Awaited<ReturnType<typeof noShow>>, string]> = [
      ['no_phone', await noShow(undefined, enquiryLead({ phone: '', bookingRef: newRef() })), 'has no phone number'],
      ['unverified', await noShow(undefined, enquiryLead({ phone: uniqueMobile(), verified: false })), 'not verified'],
    ];
    const optedOut = await noShow(30);
    expect((await postForm(workerEnv, `${optedOut.path}/opt-out`, { confirm: 'yes' })).status).toBe(303);
    cases.push(['opted_out', optedOut, 'opted out']);
    for (const [reason, { booking, path }, says] of cases) {
      expect(await page(workerEnv, path)).toContain(says);
      const res = await rebook(booking);
      expect(res.status).toBe(409);
      expect(await code(res)).toMatchObject({ code: reason });
      expect(await rows(booking)).toEqual([]);
    }
    expect(take('desk-reply')).toEqual([]);

    const bare = await setup(store, { BOOKING_URL: '' });
    const { booking, path } = await bare.noShow();
    expect(await page(bare.workerEnv, path)).toContain('no booking page is set (BOOKING_URL)');
    expect(await code(await bare.rebook(booking))).toMatchObject({ code: 'no_booking_page' });
    expect(bare.take('desk-reply')).toEqual([]);
  });

  it('counts with a follow-up in the 7-day rule, both ways, until they answer', async () => {
    const { workerEnv, noShow, rebook, write, sent } = await setup(store);
    // A follow-up first: the rebook message waits.
    const first = await noShow(30);
    expect((await postForm(workerEnv, `${first.path}/follow-up`, { followUpId: crypto.randomUUID() })).status).toBe(
      303,
    );
    expect(await sent(first.lead.phone)).toHaveLength(1);
    const held = await rebook(first.booking);
    expect(await code(held)).toMatchObject({ code: 'recent' });
    expect(await page(workerEnv, first.path)).toContain(
      'a follow-up or rebook message went to this number in the last 7 days',
    );
    // They answer after it (the follow-up made an hour ago): it may go.
    await env.DB.prepare(`UPDATE deliveries SET created_at = ? WHERE recipient = ? AND template = 'follow_up'`)
      .bind(new Date(Date.now() - 3_600_000).toISOString(), first.lead.phone)
      .run();
    await write(first.lead.phone, 0.5);
    expect((await rebook(first.booking)).status).toBe(303);

    // A rebook message first: the follow-up waits.
    const second = await noShow(30);
    expect((await rebook(second.booking)).status).toBe(303);
    expect(await sent(second.lead.phone)).toHaveLength(1);
    const followUp = await postForm(workerEnv, `${second.path}/follow-up`, { followUpId: crypto.randomUUID() });
    expect(await code(followUp)).toMatchObject({ code: 'recent' });
  });

  it('refuses an out-of-date form and an unknown booking, changing nothing', async () => {
    const { workerEnv, noShow, take } = await setup(store);
    const { booking } = await noShow();
    const stale = await postForm(workerEnv, action(booking, 'rebook'), { formId: 'nope' });
    expect(stale.status).toBe(400);
    expect((await code(stale)).message).toContain('This form is out of date');
    const unknown = await postForm(workerEnv, action(call(3), 'rebook'), { formId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(take('desk-reply')).toEqual([]);
    expect(await rows(booking)).toEqual([]);
  });
});
