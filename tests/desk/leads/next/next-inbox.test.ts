/**
 * The inbox's leads to come back to, on D1 and on Firestore: "Overdue" (the date's day is over in India) before
 * "Due today" (any time today), each row the person, kind, due time, note and whose lead it is; a lead dated later or
 * not at all is not listed; "No call yet" lists a quiz lead given a recommendation more than NUDGE_NO_CALL_HOURS ago
 * that booked no call, with the follow-up where one may go. Only on the inbox's first page, unfiltered.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { when } from '../../../../src/desk/format';
import { getLeadStore } from '../../../../src/store/leads/open';
import { enquiryLead, quizLead } from '../../../fixtures/leads';
import { NEXT_STORES, page, section } from './next-support';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const OFFSET = 330 * 60_000;
const tag = () => crypto.randomUUID().slice(0, 6);

/** The start of today in India, as epoch milliseconds. */
function todayStart(): number {
  const local = new Date(Date.now() + OFFSET);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET;
}

describe.each(NEXT_STORES)('the inbox’s leads to come back to: %s', (_name, makeStore) => {
  it('lists Overdue before Due today, with time, note and owner; not a later date nor an undated lead', async () => {
    const { env, saveAt } = await makeStore();
    const store = getLeadStore(env);
    const start = todayStart();
    const names = { late: `Late ${tag()}`, today: `Today ${tag()}`, later: `Later ${tag()}`, none: `None ${tag()}` };
    const late = enquiryLead({ name: names.late });
    const today = quizLead({ contact: { first: names.today, last: '', email: 'today@example.com', phone: '' } });
    const later = enquiryLead({ name: names.later });
    const none = enquiryLead({ name: names.none });
    for (const lead of [late, today, later, none]) await saveAt(lead, lead.createdAt);
    const by = { by: 'arjun@example.com', at: new Date().toISOString() };
    // The last minute of yesterday is overdue; the last minute of today is due today, passed or not.
    const lateAt = new Date(start - 60_000).toISOString();
    const todayAt = new Date(start + 24 * HOUR - 60_000).toISOString();
    await store.update('enquiry', late.id, { next: { at: lateAt, note: 'Send the retreat dates' }, ...by });
    await store.update('enquiry', late.id, { owner: 'priya@example.com', ...by });
    await store.update('quiz', today.id, { next: { at: todayAt, note: '' }, ...by });
    await store.update('enquiry', later.id, {
      next: { at: new Date(start + 30 * HOUR).toISOString(), note: '' },
      ...by,
    });

    const due = section(await page(env, '/desk'), 'due-heading');
    const overdue = due.slice(due.indexOf('id="due-overdue"'), due.indexOf('id="due-today"'));
    const todays = due.slice(due.indexOf('id="due-today"'));
    expect(due.indexOf('>Overdue</h3>')).toBeGreaterThan(-1);
    expect(due.indexOf('>Overdue</h3>')).toBeLessThan(due.indexOf('>Due today</h3>'));
    expect(overdue).toContain(names.late);
    expect(overdue).toContain(`Due ${when(lateAt)}`);
    expect(overdue).toContain('Send the retreat dates');
    expect(overdue).toContain('Enquiry · Priya’s lead');
    expect(overdue).toContain(`href="/desk/leads/enquiry/${late.id}"`);
    expect(todays).toContain(names.today);
    expect(todays).toContain(`Due ${when(todayAt)}`);
    expect(todays).toContain('Quiz · Nobody’s lead');
    expect(overdue).not.toContain(names.today);
    expect(due).not.toContain(names.later);
    expect(due).not.toContain(names.none);

    // A search, a filter or an older page shows the list alone.
    expect(section(await page(env, '/desk?kind=enquiry'), 'due-heading')).toBe('');
    expect(section(await page(env, `/desk?q=${encodeURIComponent(names.late)}`), 'due-heading')).toBe('');
  });

  it('lists No call yet: a recommended quiz lead past NUDGE_NO_CALL_HOURS, with its follow-up button', async () => {
    const { env, saveAt } = await makeStore();
    const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const contact = (first: string) => ({ first, last: 'Rao', email: 'quiz@example.com', phone });
    const [old, recent, noRecommendation] = [`Old ${tag()}`, `Recent ${tag()}`, `Unsure ${tag()}`];
    const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
    const oldLead = quizLead({ contact: contact(old) });
    await saveAt(oldLead, ago(80));
    await saveAt(quizLead({ contact: contact(recent) }), ago(10));
    await saveAt(quizLead({ contact: contact(noRecommendation), recommended: [] }), ago(80));

    const due = section(await page(env, '/desk'), 'due-heading');
    const noCall = due.slice(due.indexOf('id="due-no-call"'));
    expect(noCall).toContain('>No call yet</h3>');
    expect(noCall).toContain('more than 72 hours ago');
    expect(noCall).toContain(old);
    expect(noCall).toContain(`href="/desk/leads/quiz/${oldLead.id}"`);
    // Its number never wrote and nothing was sent to it: a follow-up may go, by the lead's own form.
    expect(noCall).toContain(`action="/desk/leads/quiz/${oldLead.id}/follow-up"`);
    expect(noCall).not.toContain(recent);
    expect(noCall).not.toContain(noRecommendation);
  });
});
