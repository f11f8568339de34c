/**
 * The owners hear of a booked or cancelled call: call_booked and call_cancelled to both owners through the ledger
 * (once per booking event), the attendee's name through the site's name rule, a booking not linked to a verified
 * lead folded into the hour's digest like an unverified lead's alert, the email when WhatsApp fails, nothing for a
 * booking erased since. On D1.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { bookingAlertIds } from '../../../src/notify/bookings/booking-templates';
import { deliveryStore } from '../../../src/notify/ledger/ledger-store';
import type { JobOf, Job } from '../../../src/queue/jobs';
import { type BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import type { Lead } from '../../../src/store/leads/lead';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { allowConsoleErrors } from '../../setup';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { loggedEvents } from '../../support/logs';
import { uniqueMobile } from '../../support/shared';

afterEach(() => vi.unstubAllGlobals());

const SITE = 'http://127.0.0.1:8787';
const EMAILS = { OWNER_EMAILS: 'priya@example.com,arjun@example.com' };
/** 13:30 UTC is 7:00 pm in India. */
const START = '2026-11-21T13:30:00.000Z';
const WHEN = '21 November 2026 at 7:00 pm';

/** The Worker with WhatsApp at the stand-in and two owners of this test's own (their budgets are this test's). */
function setup(extra: Partial<Env> = {}) {
  const owners = [uniqueMobile('+9196'), uniqueMobile('+9196')];
  const workerEnv = graphEnv({ ...EMAILS, OWNER_PHONES: owners.join(','), OWNER_NAMES: 'Priya,Arjun', ...extra });
  const graph = new GraphStandin().install();
  const queued = captureQueue(workerEnv);
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  const alert = (job: JobOf<'booking-alert'>) => consume(workerEnv, [job]);
  const sent = (template: string) =>
    graph.delivered.filter((b: { template?: { name: string } }) => b.template?.name === template);
  return { workerEnv, owners, graph, queued, run, alert, sent };
}

/** A booking as the store keeps it, made now, its call at START (`over` replaces any field). */
async function stored(workerEnv: Env, over: Partial<BookingRecord> = {}): Promise<BookingRecord> {
  const at = new Date().toISOString();
  const booking: BookingRecord = {
    provider: 'calcom',
    id: `uid-${crypto.randomUUID()}`,
    status: 'booked',
    startAt: START,
    endAt: '2026-11-21T14:00:00.000Z',
    name: 'Asha Verma',
    email: 'asha@example.com',
    program: 'consultations',
    eventAt: at,
    receivedAt: at,
    history: [{ event: 'created', at, startAt: START, endAt: '2026-11-21T14:00:00.000Z' }],
    ...over,
  };
  await getBookingStore(workerEnv).put(booking);
  return booking;
}

const linkTo = (lead: Lead) => ({ lead: { kind: lead.kind, id: lead.id, by: 'ref', at: new Date().toISOString() } });

async function savedLead(workerEnv: Env, lead: Lead = enquiryLead({ phone: uniqueMobile(), verified: true })) {
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

const jobOf = (b: BookingRecord, event: 'created' | 'cancelled' = 'created'): JobOf<'booking-alert'> => ({
  type: 'booking-alert',
  provider: b.provider,
  bookingId: b.id,
  event,
  at: b.history.find((h) => h.event === event)!.at,
});

type Delivered = { to: string; template: { components: { type: string; parameters: { text: string }[] }[] } };
const params = (b: Delivered) => b.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);

const ownerRows = async (owners: string[]) =>
  (
    await env.DB.prepare(
      `SELECT submission_id, template, recipient, lead_kind, status, skip_reason, digest_hour FROM deliveries
       WHERE audience = 'owner' AND recipient IN (?, ?) ORDER BY created_at, recipient`,
    )
      .bind(...owners)
      .all<Record<string, string | null>>()
  ).results;

describe('call_booked and call_cancelled: the owners hear of a call', () => {
  it('tells both owners of a booked call once: who, when in India, the program and the lead’s desk link', async () => {
    const { workerEnv, owners, alert, sent } = setup();
    const lead = await savedLead(workerEnv);
    const booking = await stored(workerEnv, linkTo(lead));
    expect((await alert(jobOf(booking))).explicitAcks).toHaveLength(1);
    const link = `${SITE}/desk/leads/enquiry/${lead.id}`;
    expect(sent('call_booked').map((b: Delivered) => [b.to, params(b)])).toEqual([
      [owners[0], ['Priya', 'Asha Verma', WHEN, '1:1 Consultations', link]],
      [owners[1], ['Arjun', 'Asha Verma', WHEN, '1:1 Consultations', link]],
    ]);
    // The job delivered again (or queued twice): the ledger has both alerts, nothing goes twice.
    await alert(jobOf(booking));
    expect(sent('call_booked')).toHaveLength(2);
    const rows = await ownerRows(owners);
    expect(rows.map((r) => [r.template, r.status, r.lead_kind])).toEqual([
      ['call_booked', 'sent', 'booking'],
      ['call_booked', 'sent', 'booking'],
    ]);
    // The key names the booking event by a hash: no id, name or address of the person; erasure finds it.
    expect(rows[0]!.submission_id).toMatch(/^booking:[0-9a-f]{32}$/);
    expect(await bookingAlertIds(booking)).toEqual([rows[0]!.submission_id]);
  });

  it('tells both owners of a cancelled call once, with the time the call was', async () => {
    const { workerEnv, owners, alert, sent } = setup();
    const lead = await savedLead(workerEnv, quizLead({ verified: true }));
    const cancelledAt = new Date().toISOString();
    const booking = await stored(workerEnv, {
      ...linkTo(lead),
      status: 'cancelled',
      program: undefined,
      history: [
        { event: 'created', at: '2026-11-01T10:00:00.000Z', startAt: START, endAt: START },
        { event: 'cancelled', at: cancelledAt, startAt: START, endAt: START },
      ],
    });
    await alert(jobOf(booking, 'cancelled'));
    await alert(jobOf(booking, 'cancelled'));
    const link = `${SITE}/desk/leads/quiz/${lead.id}`;
    expect(sent('call_cancelled').map((b: Delivered) => [b.to, params(b)])).toEqual([
      [owners[0], ['Priya', 'Asha Verma', WHEN, '—', link]],
      [owners[1], ['Arjun', 'Asha Verma', WHEN, '—', link]],
    ]);
    expect(sent('call_booked')).toEqual([]);
  });

  it('shows a name that reads as a web address, or holds a link, as “someone”; cuts a long one to 60', async () => {
    const { workerEnv, owners, alert, sent } = setup();
    const lead = await savedLead(workerEnv);
    const long = `${'Asha'.repeat(50)}`;
    const names = ['www.evil.example', 'https://x.y', 'Call +91 98000 00000', '   ', long, 'A.K. Sharma'];
    for (const name of names) await alert(jobOf(await stored(workerEnv, { ...linkTo(lead), name })));
    const shown = sent('call_booked')
      .filter((b: Delivered) => b.to === owners[0])
      .map((b: Delivered) => params(b)[1]);
    expect(shown).toEqual(['someone', 'someone', 'someone', 'someone', long.slice(0, 60), 'A.K. Sharma']);
    expect(Array.from(shown[4]!)).toHaveLength(60);
  });

  it('folds the alert of a booking linked to no lead, or to an unverified one, into the hour’s digest', async () => {
    const { workerEnv, owners, queued, alert, graph } = setup();
    const unverified = await savedLead(workerEnv, enquiryLead({ phone: uniqueMobile(), verified: false }));
    await alert(jobOf(await stored(workerEnv)));
    await alert(jobOf(await stored(workerEnv, linkTo(unverified))));
    expect(graph.received).toEqual([]);
    const rows = await ownerRows(owners);
    expect(rows.map((r) => [r.template, r.status, r.skip_reason])).toEqual(
      Array(4).fill(['call_booked', 'skipped', 'unverified']),
    );
    // Each owner's digest is queued once for the hour and counts both.
    const digests = queued.filter((j) => j.type === 'digest');
    expect(digests.map((j) => j.type === 'digest' && j.recipient).sort()).toEqual([...owners].sort());
    // The unlinked booking's alert names the desk's list of bookings (the ledger keeps it for the digest's desk).
    const { results } = await env.DB.prepare(`SELECT components FROM deliveries WHERE submission_id = ?`)
      .bind(rows[0]!.submission_id)
      .all<{ components: string }>();
    expect(results[0]!.components).toContain(`${SITE}/desk/bookings`);
    const hourStart = rows[0]!.digest_hour!;
    const store = deliveryStore(env);
    for (const owner of owners) expect(await store.foldedInto(hourStart, owner)).toBe(2);
  });

  it('sends nothing for a booking erased since the job was queued', async () => {
    const { owners, alert, graph } = setup();
    const gone: JobOf<'booking-alert'> = {
      type: 'booking-alert',
      provider: 'calendly',
      bookingId: 'https://api.calendly.com/scheduled_events/E1/invitees/I1',
      event: 'created',
      at: new Date().toISOString(),
    };
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await alert(gone)).explicitAcks).toHaveLength(1);
    expect(graph.received).toEqual([]);
    expect(loggedEvents(logged)).toContainEqual(
      expect.objectContaining({ event: 'delivery.skipped', kind: 'booking', reason: 'booking_gone' }),
    );
    expect(await ownerRows(owners)).toEqual([]);
  });

  it('emails an owner whose alert fails, with the call and its desk link; logs no name or address', async () => {
    allowConsoleErrors(); // the failed alert is logged as an error
    const logs = (['log', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    const { workerEnv, owners, graph, alert, run } = setup();
    graph.failRecipient(owners[0]!, 131026);
    const lead = await savedLead(workerEnv, enquiryLead({ phone: uniqueMobile(), verified: true, unchecked: false }));
    const booking = await stored(workerEnv, {
      ...linkTo(lead),
      name: 'Zebulon Quaid',
      email: 'zebulon.quaid@example.com',
    });
    await alert(jobOf(booking));
    await run('owner-fallback');
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, components FROM deliveries WHERE audience = 'email' AND submission_id = ?`,
    )
      .bind((await ownerRows(owners))[0]!.submission_id)
      .all<{ recipient: string; status: string; components: string }>();
    expect(results.map((r) => [r.recipient, r.status])).toEqual([['priya@example.com', 'sent']]);
    const [subject, text] = (JSON.parse(results[0]!.components) as { parameters: { text: string }[] }[]).map(
      (c) => c.parameters[0]!.text,
    );
    expect(subject).toBe(`Call booked: Zebulon Quaid, ${WHEN}`);
    expect(text).toContain('Who: Zebulon Quaid');
    expect(text).toContain(`When (India time): ${WHEN}`);
    expect(text).toContain(`${SITE}/desk/leads/enquiry/${lead.id}`);
    expect(text).toContain('The booking is stored');

    const lines = logs.flatMap((spy) => loggedEvents(spy));
    expect(lines.some((l) => l.event === 'delivery.failed')).toBe(true);
    const logged = JSON.stringify(lines);
    for (const secret of ['Zebulon', 'Quaid', 'zebulon', booking.id]) expect(logged).not.toContain(secret);
  });

  it('records the alerts of a job that ran out of retries as dead, and asks for their emails', async () => {
    allowConsoleErrors(); // a dead alert is logged as an error
    const { workerEnv, owners, queued, graph } = setup();
    const lead = await savedLead(workerEnv);
    const booking = await stored(workerEnv, linkTo(lead));
    const dead = await consume(workerEnv, [jobOf(booking)], 'site-jobs-dlq');
    expect(dead.explicitAcks).toHaveLength(1);
    expect(graph.received).toEqual([]);
    expect((await ownerRows(owners)).map((r) => [r.template, r.status])).toEqual([
      ['call_booked', 'dead'],
      ['call_booked', 'dead'],
    ]);
    expect(takeJobs(queued, 'owner-fallback').map((j) => j.type === 'owner-fallback' && j.recipient)).toEqual(owners);
  });
});
