/**
 * An owner marks a call Attended or No-show once its end has passed, on the lead's page, on Bookings and on the
 * inbox's "How did it go?" (which lists a still-on, linked, unmarked call a day after its end): on D1 and on
 * Firestore. Refused, nothing changes: before the end, a cancelled or moved call, an unknown booking, a bad value.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { getBookingStore } from '../../../src/store/bookings/open';
import { when } from '../../../src/desk/format';
import { postForm } from '../../support/api';
import { D1_AND_FIRESTORE } from '../../support/firestore';
import { enquiryLead } from '../../fixtures/leads';
import { OWNER_VARS, action, call, mark, page, storeCall, stored } from './call-fixtures';

afterEach(() => vi.unstubAllGlobals());

/** The part of the page inside the section labelled by `id`, or '' when there is none. */
function section(html: string, id: string): string {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  return start === -1 ? '' : html.slice(start, html.indexOf('</section>', start));
}

describe.each(D1_AND_FIRESTORE)('a call’s outcome: %s', (_name, makeEnv) => {
  const setup = async (): Promise<Env> => ({ ...(await makeEnv()), ...OWNER_VARS }) as Env;

  it('is offered once the end passed, marks attended, then no-show (who and when replaced), back to the page', async () => {
    const env = await setup();
    const { booking, path } = await storeCall(env, call(2));
    const before = await page(env, path);
    expect(before).toContain(`action="${action(booking, 'outcome')}"`);
    expect(before).toContain('desk-booking-state-booked">Booked</span>');
    expect(before).toMatch(/<button type="submit" value="attended"[^>]*name="outcome">Attended<\/button>/);
    expect(before).toMatch(/<button type="submit" value="no_show"[^>]*name="outcome">No-show<\/button>/);

    const res = await mark(env, booking, 'attended');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(path);
    const first = (await stored(env, booking))!.outcome!;
    expect(first).toMatchObject({ value: 'attended', by: 'owner@localhost' });
    // The signed-in owner (here the local one, whose address is not among OWNER_EMAILS) is named by their email.
    const marked = await page(env, path);
    expect(marked).toContain(`Attended · marked by owner@localhost, ${when(first.at)}`);
    // The mark's button is shown pressed; marking again stays offered.
    expect(marked).toMatch(/value="attended" class="btn btn-cta" aria-pressed="true" name="outcome"/);
    expect(marked).toMatch(/value="no_show" class="btn btn-outline" aria-pressed="false" name="outcome"/);

    // Marked again from Bookings: the mark is replaced, and the answer goes back to Bookings.
    await new Promise((r) => setTimeout(r, 5));
    const again = await mark(env, booking, 'no_show', 'bookings');
    expect(again.headers.get('location')).toBe('/desk/bookings');
    const second = (await stored(env, booking))!.outcome!;
    expect(second.value).toBe('no_show');
    expect(second.at > first.at).toBe(true);
    const lead = await page(env, path);
    expect(lead).toContain(`No-show · marked by owner@localhost, ${when(second.at)}`);
    // The call's tag says how it went, no longer "Booked".
    expect(lead).toContain('desk-booking-state-no_show">No-show</span>');
    expect(lead).not.toContain('desk-booking-state-booked');
    const bookings = await page(env, '/desk/bookings');
    expect(bookings).toContain(`No-show · marked by owner@localhost, ${when(second.at)}`);
    // Bookings says how it went by the mark alone, and sends the owner to the lead's page for the rebook message.
    const start = bookings.lastIndexOf('<li', bookings.indexOf(booking.name));
    const card = bookings.slice(start, bookings.indexOf('</li>', start));
    expect(card).toContain('No-show · marked by');
    expect(card).not.toContain('Took place as booked');
    expect(bookings).toContain(`href="${path}#calls-heading">Send a rebook message from the lead’s page</a>`);
  });

  it('names an owner among OWNER_EMAILS by their name (OWNER_NAMES)', async () => {
    const env = await setup();
    const { booking, path } = await storeCall(env, call(3));
    const at = new Date().toISOString();
    await getBookingStore(env).setOutcome(booking.provider, booking.id, {
      value: 'no_show',
      by: 'arjun@example.com',
      at,
    });
    expect(await page(env, path)).toContain(`No-show · marked by Arjun, ${when(at)}`);
  });

  it('is refused before the end, for a cancelled or moved call, an unknown booking and a bad value', async () => {
    const env = await setup();
    const under = await storeCall(env, call(0.5));
    expect(await page(env, under.path)).not.toContain(action(under.booking, 'outcome'));
    const early = await mark(env, under.booking, 'attended');
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('This call has not ended yet');

    const cancelled = await storeCall(env, call(5, { status: 'cancelled' }));
    const moved = await storeCall(env, call(5, { status: 'moved', movedTo: 'uid-new' }));
    for (const { booking, path } of [cancelled, moved]) {
      expect(await page(env, path)).not.toContain(action(booking, 'outcome'));
      const res = await mark(env, booking, 'no_show');
      expect(res.status).toBe(409);
      expect(await res.text()).toContain('cancelled or moved, so there is nothing to mark');
    }

    const unknown = await mark(env, call(5), 'attended');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This call is not one the desk knows');
    const badTool = await postForm(env, '/desk/bookings/zoom/abc/outcome', { outcome: 'attended' });
    expect(badTool.status).toBe(404);

    const ended = await storeCall(env, call(4));
    const bad = await mark(env, ended.booking, 'maybe');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      outcome: 'Choose Attended or No-show.',
    });
    for (const b of [under.booking, cancelled.booking, moved.booking, ended.booking]) {
      expect((await stored(env, b))!.outcome).toBeUndefined();
    }
  });

  it('lists "How did it go?" on the inbox: a day after the end, unmarked, on, linked; gone once marked', async () => {
    const env = await setup();
    const lead = enquiryLead({ name: `Meera ${crypto.randomUUID().slice(0, 6)}` });
    const due = await storeCall(env, call(30), lead);
    const recent = await storeCall(env, call(10));
    const marked = await storeCall(env, call(40));
    await getBookingStore(env).setOutcome(marked.booking.provider, marked.booking.id, {
      value: 'attended',
      by: 'owner@localhost',
      at: new Date().toISOString(),
    });
    const cancelled = await storeCall(env, call(50, { status: 'cancelled' }));
    const unlinked = call(60);
    await getBookingStore(env).put(unlinked);

    const list = section(await page(env, '/desk'), 'how-it-went-heading');
    expect(list).toContain('How did it go?');
    expect(list).toContain(`>${lead.name}</a>`);
    expect(list).toContain(`href="${due.path}"`);
    expect(list).toContain(`Call ${when(due.booking.startAt)}`);
    expect(list).toContain(action(due.booking, 'outcome'));
    expect(list).toContain('name="from" value="inbox"');
    for (const b of [recent.booking, marked.booking, cancelled.booking, unlinked]) {
      expect(list).not.toContain(encodeURIComponent(b.id));
    }

    const res = await mark(env, due.booking, 'attended', 'inbox');
    expect(res.headers.get('location')).toBe('/desk');
    expect(section(await page(env, '/desk'), 'how-it-went-heading')).not.toContain(encodeURIComponent(due.booking.id));
  });
});
