/**
 * "Count this session?" under a no-show of a call a client booked from their page, on D1 and on Firestore: asked on
 * the lead's page and on Bookings, "Don't count it" gives the session back, "Count it" takes it again, a call marked
 * attended later counts whatever was answered; refused (a bad answer, an unknown engagement, a call that is not one
 * of its no-shows), nothing changes.
 */
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { countSessions } from '../../../src/clients/sessions';
import { startEngagement } from '../../../src/clients/start';
import { getBookingStore } from '../../../src/store/bookings/open';
import type { BookingRecord } from '../../../src/store/bookings/bookings';
import { getClientStore } from '../../../src/store/clients/open';
import { postForm } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { OWNER_VARS, call, mark, page, storeCall } from '../bookings/call-fixtures';

describe.each(D1_AND_FIRESTORE)('count this session: %s', (_name, makeEnv) => {
  /** A six-session engagement, and a no-show of a call booked through it (and one through the lead's own link). */
  async function setup() {
    const env = { ...(await makeEnv()), ...OWNER_VARS } as Env;
    const first = call(30);
    const { lead, booking: own, path } = await storeCall(env, first);
    const engagement = await startEngagement(
      env,
      {
        lead: { kind: lead.kind, id: lead.id },
        program: 'consultations',
        programTitle: 'Consultations',
        sessions: 6,
        validUntil: '2099-12-31',
      },
      'owner@localhost',
      new Date(),
    );
    const noShow: BookingRecord = { ...call(5), ref: engagement.reference, lead: own.lead! };
    await getBookingStore(env).put(noShow);
    expect((await mark(env, noShow, 'no_show')).status).toBe(303);
    const answer = (fields: Record<string, string>, id = engagement.id) =>
      postForm(env, `/desk/clients/${id}/count`, { booking: noShow.id, from: 'lead', ...fields });
    const now = async () => {
      const e = (await getClientStore(env).getEngagement(engagement.id))!;
      return { e, count: countSessions(e, await getBookingStore(env).forLead(lead.kind, lead.id), new Date()) };
    };
    return { env, engagement, noShow, own, path, answer, now };
  }

  it('asks on the lead page and on Bookings; no gives the session back, yes takes it again', async () => {
    const { env, engagement, noShow, own, path, answer, now } = await setup();
    const lead = await page(env, path);
    expect(lead).toContain(`action="/desk/clients/${engagement.id}/count"`);
    expect(lead).toContain('Count this session of Consultations?');
    expect(lead).toContain('5 of 6 sessions left.');
    // The lead's own call, a no-show too but not booked through the engagement, asks nothing.
    expect((await mark(env, own, 'no_show')).status).toBe(303);
    expect((await page(env, path)).match(/<h3>Count this session of/g)).toHaveLength(1);
    expect(await page(env, '/desk/bookings')).toContain('Count this session of Consultations?');
    expect((await now()).count).toMatchObject({ used: 1, left: 5 });
    expect((await now()).count.toAsk.map((b) => b.id)).toEqual([noShow.id]);

    const no = await answer({ count: 'no' });
    expect(no.status).toBe(303);
    expect(no.headers.get('location')).toBe(path);
    let state = await now();
    expect(state.e).toMatchObject({ answered: [noShow.id], uncounted: [noShow.id] });
    expect(state.count).toMatchObject({ used: 0, left: 6, toAsk: [] });
    const after = await page(env, path);
    expect(after).toContain('Not counted: the client keeps this session. 6 of 6 sessions left.');
    expect(after).toMatch(/value="no" class="btn btn-cta" aria-pressed="true" name="count"/);

    const yes = await answer({ count: 'yes', from: 'bookings' });
    expect(yes.headers.get('location')).toBe('/desk/bookings');
    state = await now();
    expect(state.e).toMatchObject({ answered: [noShow.id], uncounted: [] });
    expect(state.count).toMatchObject({ used: 1, left: 5 });

    // Answered no, then the mark corrected to attended: the call took place, so it counts.
    await answer({ count: 'no' });
    expect((await now()).count.left).toBe(6);
    await mark(env, noShow, 'attended');
    expect((await now()).count).toMatchObject({ used: 1, left: 5 });
  });

  it('refuses a bad answer, an unknown engagement and a call that is not its no-show, changing nothing', async () => {
    const { env, engagement, own, answer, now } = await setup();
    const before = (await now()).e;
    const bad = await answer({ count: 'maybe' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Don’t count it');
    expect((await answer({ count: 'yes' }, 'A'.repeat(22))).status).toBe(404);
    expect((await answer({ count: 'yes' }, 'no/such')).status).toBe(404);
    // The lead's own call, and a booking id nobody has.
    expect((await answer({ count: 'no', booking: own.id })).status).toBe(409);
    expect((await answer({ count: 'no', booking: 'uid-nobody' })).status).toBe(409);
    expect((await answer({ count: 'no', booking: '' })).status).toBe(400);
    // An attended call through the engagement is no question either.
    const attended: BookingRecord = { ...call(8), ref: engagement.reference, lead: own.lead! };
    await getBookingStore(env).put(attended);
    await mark(env, attended, 'attended');
    expect((await answer({ count: 'no', booking: attended.id })).status).toBe(409);
    expect((await now()).e).toEqual(before);
  });
});
