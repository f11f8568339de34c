/**
 * Nothing falls through, on a phone and a laptop: an enquiry arrives; Priya (the signed-in owner) opens it, takes it
 * ("Take it" on the owner card) and sets a next date a few minutes ahead with a note; the inbox lists it under "Due
 * today" tagged as hers, beside "No call yet", where a quiz lead whose result is older than NUDGE_NO_CALL_HOURS (its
 * arrival moved back by a development-only route) waits with its follow-up button. The cron's nudges, run as if after
 * the date, send exactly one `lead_due` about the date, and only to Priya (she took the lead), however often they
 * run; the quiz lead nobody took is nudged to both owners. With `E2E_SCREENSHOTS=1` the lead page and the inbox are
 * kept in SHOTS_DIR (E2E_SHOTS_DIR) for the owners' note.
 */
import { followUp } from '../../src/words/follow-ups/follow-up';
import { nextDateWords as words } from '../../src/words/leads/next-date';
import { ownerWords } from '../../src/words/leads/owner';
import { nudgeWords } from '../../src/words/nudges/nudges';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads, waitForSettledDeliveries } from '../support/store';
import { expect, keepScreenshot, test, SHOTS_DIR } from '../support/test';
import { OWNERS, sentMessages } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;
const OFFSET = 330 * 60_000;
/** NUDGE_NO_CALL_HOURS as the e2e server runs (wrangler.toml's development value). */
const NO_CALL_HOURS = 72;
/** Where the journey's screenshots go (with E2E_SCREENSHOTS=1), for the owners' note. */
const SHOTS = SHOTS_DIR;

/** A time `minutes` ahead as India's wall clock (`YYYY-MM-DDTHH:MM`), kept within today so the inbox says today. */
function localSoon(minutes: number): { typed: string; iso: string } {
  const local = new Date(Date.now() + minutes * 60_000 + OFFSET);
  const endOfDay = new Date(Date.now() + OFFSET);
  endOfDay.setUTCHours(23, 59, 0, 0);
  const typed = (local > endOfDay ? endOfDay : local).toISOString().slice(0, 16);
  return { typed, iso: new Date(Date.parse(`${typed}:00Z`) - OFFSET).toISOString() };
}

/** A first name of its own (letters only: the forms refuse digits), so the rows and nudges found are this run's. */
const uniqueFirst = (start: string) =>
  `${start}${[...crypto.getRandomValues(new Uint8Array(4))].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('')}`;

/** The cron's owner nudges, as if it ran at `at` (a development-only route). */
async function runNudges(at: Date): Promise<void> {
  const res = await fetch(`${BASE}/__dev/nudges?at=${encodeURIComponent(at.toISOString())}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

/** A stored quiz response's result moved `hours` back (a development-only route), as if it came days ago. */
async function ageQuizLead(id: string, hours: number): Promise<void> {
  const res = await fetch(`${BASE}/__dev/leads/age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'quiz', id, hours }),
  });
  expect(res.status, await res.text()).toBe(200);
}

test('@both an owner takes a lead and sets its next date; the inbox shows it due beside “No call yet”; one nudge goes to her', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const width = info.project.name;
  const email = uniqueEmail('next-date');
  const first = uniqueFirst('Nila');
  await sendEnquiry(page, {
    name: `${first} Menon`,
    phone: uniquePhone().typed,
    email,
    description: 'A talk in March',
  });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;

  // A quiz lead (the quiz always recommends a program) that booked no call, its result moved past the hours.
  const quizFirst = uniqueFirst('Tara');
  const quizEmail = uniqueEmail('no-call');
  const quizId = await postLead(page, 'quiz', {
    answers: { '0': 'Health', '1': '26-39', '2': 'I know a little' },
    contact: { first: quizFirst, last: 'Verma', email: quizEmail, phone: uniquePhone().typed },
  });
  await waitForLeads('quiz_responses', quizEmail);
  await ageQuizLead(quizId, NO_CALL_HOURS + 1);

  await signIn(page);
  await page.goto(leadPath);
  // Priya takes the lead: a plain form button, back on the page with the banner.
  const owner = page.getByRole('region', { name: ownerWords.title });
  await expect(owner).toContainText(ownerWords.nobodys);
  await owner.getByRole('button', { name: ownerWords.take }).click();
  await expect(page.getByText(ownerWords.saved(ownerWords.yours))).toBeVisible();
  await expect(owner.locator('.desk-owner-whose')).toHaveText(ownerWords.yours);

  const card = page.getByRole('region', { name: words.title });
  await expect(card).toContainText('No next date.');
  const soon = localSoon(5);
  const note = `Send the March dates ${crypto.randomUUID().slice(0, 6)}`;
  await card.getByLabel(words.at).fill(soon.typed);
  await card.getByLabel(words.note).fill(note);
  await card.getByRole('button', { name: words.save }).click();
  await expect(page.getByText(words.saved)).toBeVisible();
  await expect(card).toContainText(note);
  await expect(card.getByText(words.dueToday)).toBeVisible();
  // Setting the date left the lead hers.
  await expect(owner.locator('.desk-owner-whose')).toHaveText(ownerWords.yours);
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the lead').toEqual([]);
  // The page from its top down to the next date: the rest of a lead's page is not this journey's.
  const cardEnd = await card.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY + 16);
  const clip = { x: 0, y: 0, width: page.viewportSize()!.width, height: cardEnd };
  await keepScreenshot(page, { path: `${SHOTS}/journey-lead-${width}.png`, fullPage: true, clip });

  await page.goto('/desk');
  const due = page.getByRole('region', { name: words.inbox.title });
  const today = due.getByRole('list', { name: words.inbox.today });
  const dueRow = today.getByRole('link', { name: new RegExp(first) });
  await expect(dueRow).toContainText(note);
  await expect(dueRow).toContainText(words.inbox.takenBy('Priya'));
  const noCall = due.getByRole('list', { name: words.inbox.noCall });
  const quizRow = noCall.getByRole('listitem').filter({ hasText: quizFirst });
  await expect(quizRow.getByRole('link', { name: new RegExp(`${quizFirst} Verma`) })).toHaveAttribute(
    'href',
    `/desk/leads/quiz/${quizId}`,
  );
  // It gave a number and no message came from it: a follow-up may go now, folded under its row until opened.
  await expect(quizRow.getByRole('button', { name: followUp.send })).toBeHidden();
  await quizRow.getByText(words.inbox.followUp).click();
  await expect(quizRow.getByRole('button', { name: followUp.send })).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the inbox').toEqual([]);
  await keepScreenshot(page, { path: `${SHOTS}/journey-inbox-${width}.png`, fullPage: true });

  // The cron, as if it ran a minute after the date: one lead_due about the date, to Priya alone (she took the lead).
  const after = new Date(Date.parse(soon.iso) + 60_000);
  const dateNudges = async () =>
    (await sentMessages()).filter((m) => m.template === 'lead_due' && m.body.includes(note));
  await runNudges(after);
  await expect.poll(async () => (await dateNudges()).length, { timeout: 30_000 }).toBe(1);
  // Run again: the nudge was sent once per date, so nothing more goes.
  await runNudges(new Date(after.getTime() + 15 * 60_000));
  await runNudges(new Date(after.getTime() + 30 * 60_000));
  // Every ledger row of this date's nudge settled: a second send, or one to Arjun, would have reached the stand-in.
  const rows = await waitForSettledDeliveries(`nudge:due:enquiry:${lead!.id}:${soon.iso}`, 1);
  expect(rows.map((r) => r.recipient)).toEqual([OWNERS[0]]);
  const sent = await dateNudges();
  expect(sent.map((m) => m.to)).toEqual([OWNERS[0]]);
  expect(sent[0]!.body[0]).toBe(first);

  // The quiz lead nobody took: its "no call yet" nudge went once to each owner.
  await waitForSettledDeliveries(`nudge:nocall:${quizId}`, 2);
  const noCallNudges = (await sentMessages()).filter(
    (m) => m.template === 'lead_due' && m.body[0] === quizFirst && m.body[1] === nudgeWords.noCall(NO_CALL_HOURS),
  );
  expect(noCallNudges.map((m) => m.to).sort()).toEqual([...OWNERS].sort());
});
