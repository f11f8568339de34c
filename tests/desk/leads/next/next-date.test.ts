/**
 * A lead's next date on the desk (`POST /desk/leads/:kind/:id/next`), on D1 and on Firestore: set in the site's time
 * zone and stored as UTC, moved, cleared, shown on the lead's page; each bad input refused by its field with nothing
 * changed; a subscription, an unknown lead and a post from another site refused.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { when } from '../../../../src/desk/format';
import { getLeadStore } from '../../../../src/store/leads/open';
import { enquiryLead, newsletterLead, quizLead } from '../../../fixtures/leads';
import { postForm } from '../../../support/api';
import { NEXT_STORES, page, postNext, section } from './next-support';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;

/** A wall-clock time in India (`YYYY-MM-DDTHH:MM`) `days` from now, as the form's field holds it. */
const localIn = (days: number) => new Date(Date.now() + days * DAY + 330 * 60_000).toISOString().slice(0, 16);

describe.each(NEXT_STORES)('a lead’s next date: %s', (_name, makeStore) => {
  it('is set in India time and stored as UTC, shown on the page with a banner, moved, then cleared', async () => {
    const { env, saveAt } = await makeStore();
    const lead = quizLead();
    await saveAt(lead, lead.createdAt);
    const path = `/desk/leads/quiz/${lead.id}`;
    expect(section(await page(env, path), 'next-heading')).toContain('No next date.');

    const set = await postNext(env, 'quiz', lead.id, { at: '2026-12-03T10:00', note: '  Call about the retreat ' });
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe(`${path}?done=next-set`);
    const stored = (await getLeadStore(env).get('quiz', lead.id))!.desk;
    // 10:00 in India (UTC+5:30) is 04:30 UTC.
    expect(stored).toMatchObject({
      nextAt: '2026-12-03T04:30:00.000Z',
      nextNote: 'Call about the retreat',
      nextBy: 'owner@localhost',
    });
    const shown = await page(env, `${path}?done=next-set`);
    expect(shown).toContain('Next date saved.');
    const card = section(shown, 'next-heading');
    expect(card).toContain(`<time dateTime="2026-12-03T04:30:00.000Z">${when('2026-12-03T04:30:00.000Z')}</time>`);
    expect(card).toContain('Call about the retreat');
    expect(card).toContain(`Set by owner@localhost on ${when(stored.nextSetAt)}`);
    expect(card).toContain('value="2026-12-03T10:00"');
    expect(card).toContain('Clear next date');

    const moved = await postNext(env, 'quiz', lead.id, { at: '2026-12-04T18:45', note: '' });
    expect(moved.status).toBe(303);
    expect((await getLeadStore(env).get('quiz', lead.id))!.desk).toMatchObject({
      nextAt: '2026-12-04T13:15:00.000Z',
      nextNote: '',
    });

    const cleared = await postNext(env, 'quiz', lead.id, { at: '' });
    expect(cleared.headers.get('location')).toBe(`${path}?done=next-cleared`);
    const after = (await getLeadStore(env).get('quiz', lead.id))!.desk;
    expect(after.nextAt).toBeUndefined();
    expect(after.nextNote).toBeUndefined();
    const page2 = await page(env, `${path}?done=next-cleared`);
    expect(page2).toContain('Next date cleared.');
    expect(section(page2, 'next-heading')).not.toContain('Clear next date');
  });

  it('takes a date in the past (tagged Overdue) and today’s (Due today), on an enquiry too', async () => {
    const { env, saveAt } = await makeStore();
    const lead = enquiryLead();
    await saveAt(lead, lead.createdAt);
    const path = `/desk/leads/enquiry/${lead.id}`;
    expect((await postNext(env, 'enquiry', lead.id, { at: localIn(-3) })).status).toBe(303);
    expect(section(await page(env, path), 'next-heading')).toContain('desk-due-overdue">Overdue</span>');
    // Now, to the minute, is today wherever the day stands.
    expect((await postNext(env, 'enquiry', lead.id, { at: localIn(0) })).status).toBe(303);
    expect(section(await page(env, path), 'next-heading')).toContain('desk-due-today">Due today</span>');
    expect((await postNext(env, 'enquiry', lead.id, { at: localIn(3) })).status).toBe(303);
    const later = section(await page(env, path), 'next-heading');
    expect(later).not.toContain('desk-due-');
  });

  it('refuses each bad input by its field, shows what was typed and changes nothing', async () => {
    const { env, saveAt } = await makeStore();
    const lead = enquiryLead();
    await saveAt(lead, lead.createdAt);
    await postNext(env, 'enquiry', lead.id, { at: '2026-12-03T10:00', note: 'First' });
    const before = (await getLeadStore(env).get('enquiry', lead.id))!.desk;
    const cases: Array<[Record<string, string>, 'at' | 'note', string]> = [
      [{ at: 'next Thursday', note: 'x' }, 'at', 'Choose a date and time, like 3 Dec 2026, 10:00.'],
      [{ at: '2026-11-31T10:00' }, 'at', 'That date does not exist: choose another.'],
      [{ at: '2026-12-03T24:30' }, 'at', 'That date does not exist: choose another.'],
      [{ at: localIn(2 * 365 + 5) }, 'at', 'Choose a date within the next two years.'],
      [{ at: '2026-12-03T10:00', note: 'n'.repeat(201) }, 'note', 'Keep the note to 200 characters or fewer.'],
      [{ at: '', note: 'Call back' }, 'at', 'Choose when to come back to the lead, or clear its next date.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await postNext(env, 'enquiry', lead.id, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const card = section(await res.text(), 'next-heading');
      expect(card).toContain(`<span id="next-${field}-error" class="desk-field-error">${message}</span>`);
      expect(card).toContain('The next date was not saved');
      expect(card).toContain(`value="${fields[field]}"`);
      expect((await getLeadStore(env).get('enquiry', lead.id))!.desk).toEqual(before);
    }
    // 200 characters exactly, an emoji counted as one, is kept.
    const note = '🙂'.repeat(200);
    expect((await postNext(env, 'enquiry', lead.id, { at: '2026-12-03T10:00', note })).status).toBe(303);
    expect((await getLeadStore(env).get('enquiry', lead.id))!.desk.nextNote).toBe(note);
  });

  it('is 404 for a subscription, an unknown lead or kind; 403 from another site; nothing stored', async () => {
    const { env, saveAt } = await makeStore();
    const subscriber = newsletterLead();
    await saveAt(subscriber, subscriber.createdAt);
    const lead = quizLead();
    await saveAt(lead, lead.createdAt);
    const fields = { at: '2026-12-03T10:00', note: 'x' };
    expect((await postNext(env, 'newsletter', subscriber.id, fields)).status).toBe(404);
    expect(section(await page(env, `/desk/leads/newsletter/${subscriber.id}`), 'next-heading')).toBe('');
    expect((await postNext(env, 'quiz', crypto.randomUUID(), fields)).status).toBe(404);
    expect((await postNext(env, 'lead', lead.id, fields)).status).toBe(404);
    const elsewhere = await postForm(env, `/desk/leads/quiz/${lead.id}/next`, fields, {
      origin: 'https://elsewhere.example',
    });
    expect(elsewhere.status).toBe(403);
    expect((await getLeadStore(env).get('quiz', lead.id))!.desk.nextAt).toBeUndefined();
  });
});
