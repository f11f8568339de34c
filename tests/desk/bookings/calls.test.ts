/**
 * `/desk/bookings` lists the calls, on D1 and on Firestore: the bookings waiting to be linked first, then today's,
 * the upcoming ones, the past ones with how they ended (kept, moved, cancelled) and the cancelled or moved ones
 * that were still ahead; each by its name linked to the lead's page, its time in the owners' time zone and its tool.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { type BookingRecord } from '../../../src/store/bookings/bookings';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { daysAround } from '../../../src/desk/bookings/bookings';
import { when } from '../../../src/desk/format';
import { callWorker } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { enquiryLead } from '../../fixtures/leads';
import { callAt } from './call-fixtures';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const tag = () => crypto.randomUUID().slice(0, 8);

/** The part of the page inside the section labelled by `id`. */
function section(html: string, id: string): string {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
}

describe.each(D1_AND_FIRESTORE)('the calls on Bookings: %s', (_name, makeEnv) => {
  it('lists the waiting ones first, then today, upcoming, past with their outcome, and cancelled', async () => {
    const env: Env = await makeEnv();
    const lead = enquiryLead({ name: `Lead ${tag()}`, email: `${tag()}@example.com` });
    await getLeadStore(env).save(lead);
    const link = { kind: 'enquiry' as const, id: lead.id, by: 'ref', at: new Date().toISOString() };
    const today = Date.parse(daysAround(new Date()).today);
    const movedTo = iso(today + 6 * DAY + 3 * HOUR);
    const calls = {
      today: callAt(today + 60_000, { lead: link, name: 'Asha <b>Today</b>' }),
      upcoming: callAt(today + 3 * DAY + 5 * HOUR, { lead: link, provider: 'calcom', id: `uid-${tag()}` }),
      waiting: callAt(today + 2 * DAY + 5 * HOUR),
      kept: callAt(today - 3 * DAY + 5 * HOUR, { lead: link }),
      moved: callAt(today - 5 * DAY, {
        lead: link,
        status: 'moved',
        movedTo: 'uid-new',
        history: [
          { event: 'created', at: iso(today - 9 * DAY), startAt: iso(today - 5 * DAY), endAt: iso(today - 5 * DAY) },
          { event: 'rescheduled', at: iso(today - 8 * DAY), startAt: movedTo, endAt: movedTo },
        ],
      }),
      pastCancelled: callAt(today - 2 * DAY, { lead: link, status: 'cancelled' }),
      cancelled: callAt(today + 4 * DAY, { lead: link, status: 'cancelled' }),
      old: callAt(today - 100 * DAY, { lead: link }),
    };
    const cancelledAt = iso(today - DAY);
    calls.cancelled.history.push({ ...calls.cancelled.history[0]!, event: 'cancelled', at: cancelledAt });
    for (const b of Object.values(calls)) await getBookingStore(env).put(b);

    const res = await callWorker(env, '/desk/bookings');
    expect(res.status).toBe(200);
    const html = await res.text();
    const [waiting, ...groups] = ['waiting-heading', 'calls-today', 'calls-upcoming', 'calls-past', 'calls-cancelled'];
    // The order of the page: waiting first, then the four groups.
    const at = [waiting, ...groups].map((id) => html.indexOf(`aria-labelledby="${id}"`));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(Math.min(...at)).toBeGreaterThan(0);
    expect(section(html, waiting!)).toContain(calls.waiting.name);

    const inGroup = (id: string, b: BookingRecord) => {
      const part = section(html, id);
      const name = b.name.replace('<b>', '&lt;b&gt;').replace('</b>', '&lt;/b&gt;');
      const card = part.slice(part.indexOf(`dateTime="${b.startAt}"`), part.indexOf(name) + name.length + 400);
      expect(card, `${b.name} in ${id}`).toContain(name);
      return card;
    };
    const today_ = inGroup('calls-today', calls.today);
    expect(today_).toContain(`href="/desk/leads/enquiry/${lead.id}"`);
    expect(today_).toContain(when(calls.today.startAt));
    expect(today_).toContain('Booked with Calendly');
    expect(inGroup('calls-upcoming', calls.upcoming)).toContain('Booked with Cal.com');
    // A booking still waiting shows among the calls too, pointing to the list above instead of a lead.
    expect(inGroup('calls-upcoming', calls.waiting)).toContain('href="#waiting"');
    expect(inGroup('calls-past', calls.kept)).toContain('Took place as booked');
    expect(inGroup('calls-past', calls.moved)).toContain(`Moved to ${when(movedTo)}`);
    expect(inGroup('calls-past', calls.pastCancelled)).toContain('Cancelled');
    expect(inGroup('calls-cancelled', calls.cancelled)).toContain(`Cancelled ${when(cancelledAt)}`);
    // Each call once: a cancelled or moved one is not among today's or the upcoming.
    for (const id of ['calls-today', 'calls-upcoming']) {
      expect(section(html, id)).not.toContain(calls.cancelled.name);
    }
    // Past calls newest first; older than 90 days not listed.
    const past = section(html, 'calls-past');
    expect(past.indexOf(calls.pastCancelled.name)).toBeLessThan(past.indexOf(calls.kept.name));
    expect(past.indexOf(calls.kept.name)).toBeLessThan(past.indexOf(calls.moved.name));
    expect(html).not.toContain(calls.old.name);
    // The times are the owners' own, named once.
    expect(html).toContain('Times are India Standard Time.');
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).not.toContain('@');
  });
});
