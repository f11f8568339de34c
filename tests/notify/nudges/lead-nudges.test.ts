/**
 * The owners' nudges (`lead_due`), with a clock the test moves, on D1 and on Firestore: a next date nudges once when
 * it comes, however often the cron runs; a moved date nudges again, a cleared one never; a lead left new, a quiz
 * lead without a call and a waiting conversation each once, not before their hour; the owner who took the lead alone
 * gets it, both owners when nobody did; past OWNER_ALERTS_PER_HOUR a nudge is folded into the digest; its three
 * parameters are never empty.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../../src/env';
import { leadsWithoutCall } from '../../../src/notify/nudges/no-call';
import { getBookingStore } from '../../../src/store/bookings/open';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getConversationStore } from '../../../src/store/conversations/open';
import { recordOptOut } from '../../../src/store/conversations/opt-outs';
import { enquiryLead, quizLead } from '../../fixtures/leads';
import { deliver, takeJobs } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { GRAPH_VARS } from '../../standins/whatsapp/graph-api';
import { uniqueMobile } from '../../support/shared';
import { ARJUN, bench, deskLink, HOUR, PRIYA } from './support';

afterEach(() => vi.unstubAllGlobals());

const iso = (t: number) => new Date(t).toISOString();

describe.each(['D1', 'Firestore'] as const)('owner nudges on %s', (store) => {
  it('nudges both owners once when a next date comes, again when it moves, never once cleared', async () => {
    const b = await bench(store);
    const lead = await b.saveAt(enquiryLead({ verified: true }), b.t0 - 24 * HOUR);
    await b.store.update('enquiry', lead.id, { status: 'contacted', by: PRIYA, at: iso(b.t0 - 23 * HOUR) });
    const set = (at: number | null, note = 'Call about the retreat dates') =>
      b.store.update('enquiry', lead.id, {
        next: at === null ? null : { at: iso(at), note },
        by: PRIYA,
        at: iso(b.t0),
      });

    await set(b.t0 + 2 * HOUR);
    await b.run(b.t0 + HOUR);
    expect(b.nudges()).toEqual([]);
    // Two runs at once (a slow cron overlapping the next), then the next run: one nudge to each owner.
    await Promise.all([b.run(b.t0 + 2 * HOUR), b.run(b.t0 + 2 * HOUR)]);
    await b.run(b.t0 + 2.25 * HOUR);
    const first: string[] = ['Asha', 'Call about the retreat dates', deskLink(b.workerEnv, lead)];
    expect(b.nudges().sort()).toEqual([
      [0, first],
      [1, first],
    ]);

    await set(b.t0 + 5 * HOUR, 'Send the retreat quote');
    await b.run(b.t0 + 5 * HOUR);
    await b.run(b.t0 + 6 * HOUR);
    expect(b.nudges().slice(2).sort()).toEqual([
      [0, ['Asha', 'Send the retreat quote', deskLink(b.workerEnv, lead)]],
      [1, ['Asha', 'Send the retreat quote', deskLink(b.workerEnv, lead)]],
    ]);

    await set(b.t0 + 9 * HOUR);
    await set(null);
    await b.run(b.t0 + 10 * HOUR);
    expect(b.nudges()).toHaveLength(4);
  });

  it('sends a taken lead’s nudge to its owner alone, and to both when its owner is no longer an owner', async () => {
    const b = await bench(store);
    const mine = await b.saveAt(enquiryLead({ verified: true }), b.t0 - 2 * HOUR);
    const gone = await b.saveAt(enquiryLead({ verified: true, name: 'Meera Rao' }), b.t0 - 2 * HOUR);
    for (const [lead, owner] of [
      [mine, ARJUN],
      [gone, 'left@example.com'],
    ] as const) {
      await b.store.update('enquiry', lead.id, { owner, by: PRIYA, at: iso(b.t0 - HOUR) });
      await b.store.update('enquiry', lead.id, { next: { at: iso(b.t0), note: '' }, by: PRIYA, at: iso(b.t0 - HOUR) });
    }
    await b.run(b.t0);
    const said = (lead: { id: string; kind: string }, first: string) => [
      first,
      'The next date you set has come.',
      deskLink(b.workerEnv, lead),
    ];
    expect(b.nudges().sort()).toEqual(
      [
        [0, said(gone, 'Meera')],
        [1, said(gone, 'Meera')],
        [1, said(mine, 'Asha')],
      ].sort(),
    );
  });

  it('leaves a next date more than 7 days past alone', async () => {
    const b = await bench(store);
    const lead = await b.saveAt(enquiryLead({ verified: true }), b.t0 - 30 * 24 * HOUR);
    await b.store.update('enquiry', lead.id, { status: 'contacted', by: PRIYA, at: iso(b.t0 - 29 * 24 * HOUR) });
    await b.store.update('enquiry', lead.id, { next: { at: iso(b.t0), note: 'x' }, by: PRIYA, at: iso(b.t0) });
    await b.run(b.t0 + 7 * 24 * HOUR + HOUR);
    expect(b.nudges()).toEqual([]);
  });

  it('nudges a lead still new NUDGE_NEW_HOURS after it arrived, once; not one moved on, nor one unverified', async () => {
    const b = await bench(store, { NUDGE_NEW_HOURS: '24' });
    const left = await b.saveAt(enquiryLead({ verified: true }), b.t0);
    const answered = await b.saveAt(enquiryLead({ verified: true }), b.t0);
    await b.saveAt(enquiryLead({ verified: false }), b.t0);
    await b.store.update('enquiry', answered.id, { status: 'contacted', by: PRIYA, at: iso(b.t0 + HOUR) });

    await b.run(b.t0 + 23.75 * HOUR);
    expect(b.nudges()).toEqual([]);
    await b.run(b.t0 + 24 * HOUR);
    const said = ['Asha', 'New for 24 hours, nobody answered yet', deskLink(b.workerEnv, left)];
    expect(b.nudges().sort()).toEqual([
      [0, said],
      [1, said],
    ]);
    await b.run(b.t0 + 24.25 * HOUR);
    await b.run(b.t0 + 48 * HOUR);
    expect(b.nudges()).toHaveLength(2);
  });

  it('nudges a quiz lead with a recommendation and no call NUDGE_NO_CALL_HOURS after its result, once', async () => {
    const b = await bench(store, { NUDGE_NO_CALL_HOURS: '72' });
    const quiz = (over: Parameters<typeof quizLead>[0] = {}) => b.saveAt(quizLead({ verified: true, ...over }), b.t0);
    const waiting = await quiz();
    const noRecommendation = await quiz({ recommended: [] });
    const withCall = await quiz();
    const booked = await quiz();
    for (const lead of [waiting, noRecommendation, withCall, booked])
      await b.store.update('quiz', lead.id, { status: 'contacted', by: PRIYA, at: iso(b.t0 + HOUR) });
    await b.store.update('quiz', booked.id, { status: 'booked', by: PRIYA, at: iso(b.t0 + 2 * HOUR) });
    const start = iso(b.t0 + 100 * HOUR);
    await getBookingStore(b.workerEnv).put({
      provider: 'calcom',
      id: `uid-${crypto.randomUUID()}`,
      status: 'cancelled',
      startAt: start,
      endAt: start,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      eventAt: iso(b.t0 + HOUR),
      receivedAt: iso(b.t0 + HOUR),
      lead: { kind: 'quiz', id: withCall.id, by: 'ref', at: iso(b.t0 + HOUR) },
      history: [],
    });

    expect(await leadsWithoutCall(b.workerEnv, new Date(b.t0 + 71.75 * HOUR))).toEqual([]);
    await b.run(b.t0 + 71.75 * HOUR);
    expect(b.nudges()).toEqual([]);
    const found = await leadsWithoutCall(b.workerEnv, new Date(b.t0 + 72 * HOUR));
    expect(found.map((l) => l.id)).toEqual([waiting.id]);
    await b.run(b.t0 + 72 * HOUR);
    const said = ['Ravi', 'Quiz result 3 days ago, no call booked', deskLink(b.workerEnv, waiting)];
    expect(b.nudges().sort()).toEqual([
      [0, said],
      [1, said],
    ]);
    await b.run(b.t0 + 80 * HOUR);
    expect(b.nudges()).toHaveLength(2);
  });

  it('nudges a conversation waiting REPLY_DUE_HOURS once per message it waits on', async () => {
    const b = await bench(store, { REPLY_DUE_HOURS: '4' });
    const phone = uniqueMobile();
    const message = (at: number, from = phone) =>
      getConversationStore(b.workerEnv).receive({
        id: `wamid.${crypto.randomUUID()}`,
        phone: from,
        at: iso(at),
        type: 'text',
        text: 'Hello?',
        leads: [],
      });
    await message(b.t0);
    await b.run(b.t0 + 3.75 * HOUR);
    expect(b.nudges()).toEqual([]);
    await b.run(b.t0 + 4 * HOUR);
    const id = await conversationId(phone, readConfig(b.workerEnv).privacy.erasureKey);
    const said = [
      'a WhatsApp conversation',
      'Waiting 4 hours for your answer',
      `${b.workerEnv.SITE_URL}/desk/conversations/${id}`,
    ];
    expect(b.nudges().sort()).toEqual([
      [0, said],
      [1, said],
    ]);
    await b.run(b.t0 + 5 * HOUR);
    expect(b.nudges()).toHaveLength(2);
    // A number that opted out never waits for an answer.
    const stopped = uniqueMobile();
    await message(b.t0, stopped);
    await recordOptOut(b.workerEnv.DB, readConfig(b.workerEnv).privacy.erasureKey, stopped, {
      how: 'owner',
      at: iso(b.t0),
    });
    await b.run(b.t0 + 5 * HOUR);
    expect(b.nudges()).toHaveLength(2);
    // The visitor writes again: a new wait, nudged once more.
    await message(b.t0 + 6 * HOUR);
    await b.run(b.t0 + 10 * HOUR);
    await b.run(b.t0 + 11 * HOUR);
    expect(b.nudges()).toHaveLength(4);
  });

  it('folds a nudge past OWNER_ALERTS_PER_HOUR into the owner’s digest', async () => {
    const b = await bench(store, { OWNER_ALERTS_PER_HOUR: '1' });
    const leads = [];
    for (const name of ['Asha Verma', 'Meera Rao']) {
      const lead = await b.saveAt(enquiryLead({ verified: true, name }), b.t0 - 2 * HOUR);
      await b.store.update('enquiry', lead.id, { owner: PRIYA, by: PRIYA, at: iso(b.t0 - HOUR) });
      await b.store.update('enquiry', lead.id, { next: { at: iso(b.t0), note: 'Call' }, by: PRIYA, at: iso(b.t0) });
      leads.push(lead);
    }
    await b.run(b.t0);
    expect(b.nudges()).toHaveLength(1);
    const { results } = await env.DB.prepare(
      `SELECT status, skip_reason FROM deliveries WHERE template = 'lead_due' AND recipient = ? ORDER BY status`,
    )
      .bind(b.owners[0])
      .all();
    expect(results).toEqual([
      { status: 'sent', skip_reason: null },
      { status: 'skipped', skip_reason: 'hourly_cap' },
    ]);
    expect(takeJobs(b.queued, 'digest')).toEqual([expect.objectContaining({ recipient: b.owners[0] })]);
  });

  it('gives a nameless lead’s due date without a note words of its own, and emails it when WhatsApp refuses', async () => {
    allowConsoleErrors();
    const b = await bench(store);
    b.graph.expiredTokens = [GRAPH_VARS.WHATSAPP_TOKEN];
    const lead = await b.saveAt(
      quizLead({ verified: true, contact: { first: '', last: '', email: 'x@example.com', phone: '' } }),
      b.t0 - 2 * HOUR,
    );
    await b.store.update('quiz', lead.id, { owner: PRIYA, by: PRIYA, at: iso(b.t0 - HOUR) });
    await b.store.update('quiz', lead.id, { next: { at: iso(b.t0), note: '  ' }, by: PRIYA, at: iso(b.t0 - HOUR) });
    await b.run(b.t0);
    const submissionId = `nudge:due:quiz:${lead.id}:${iso(b.t0)}`;
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, components FROM deliveries WHERE submission_id = ? AND template = 'lead_due'`,
    )
      .bind(submissionId)
      .all<{ recipient: string; status: string; components: string }>();
    expect(results.map((r) => [r.recipient, r.status])).toEqual([[b.owners[0], 'failed']]);
    const params = JSON.parse(results[0]!.components)[0].parameters.map((p: { text: string }) => p.text);
    expect(params).toEqual(['a lead', 'The next date you set has come.', deskLink(b.workerEnv, lead)]);

    const asked = takeJobs(b.queued, 'owner-fallback');
    expect(asked).toHaveLength(1);
    await deliver(asked[0], { env: b.workerEnv });
    const email = await env.DB.prepare(
      `SELECT recipient, components FROM deliveries WHERE submission_id = ? AND audience = 'email'`,
    )
      .bind(submissionId)
      .first<{ recipient: string; components: string }>();
    expect(email?.recipient).toBe(PRIYA);
    const [subject, text] = JSON.parse(email!.components).map((c: any) => c.parameters[0].text);
    expect(subject).toBe('Time to come back to a lead');
    expect(text).toContain('Why now: The next date you set has come.');
    expect(text).toContain(`On the desk: ${deskLink(b.workerEnv, lead)}`);
    expect(text).toContain('WhatsApp error 190');
  });
});
