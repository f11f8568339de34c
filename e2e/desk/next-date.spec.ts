/**
 * A next date, from the lead's page to the owner's nudge: an owner opens a new enquiry, sets a next date a few
 * minutes ahead with a note, the inbox lists it under "Due today", and the cron's nudges (run as if after the date)
 * send one `lead_due` to the owners; run again, still one. Taking the lead first is not part of this journey yet (the
 * owner form is another branch's): a lead nobody took is nudged to both owners, the signed-in one included.
 */
import { nextDateWords as words } from '../../src/words/leads/next-date';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads, waitForSettledDeliveries } from '../support/store';
import { expect, keepScreenshot, test } from '../support/test';
import { OWNERS, sentMessages } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;
const OFFSET = 330 * 60_000;
/** Where the journey's screenshots go (with E2E_SCREENSHOTS=1), for the owners' note. */
const SHOTS = '/work/shots/i56';

/** A time `minutes` ahead as India's wall clock (`YYYY-MM-DDTHH:MM`), kept within today so the inbox says today. */
function localSoon(minutes: number): { typed: string; iso: string } {
  const local = new Date(Date.now() + minutes * 60_000 + OFFSET);
  const endOfDay = new Date(Date.now() + OFFSET);
  endOfDay.setUTCHours(23, 59, 0, 0);
  const typed = (local > endOfDay ? endOfDay : local).toISOString().slice(0, 16);
  return { typed, iso: new Date(Date.parse(`${typed}:00Z`) - OFFSET).toISOString() };
}

/** The cron's owner nudges, as if it ran at `at` (a development-only route). */
async function runNudges(at: Date): Promise<void> {
  const res = await fetch(`${BASE}/__dev/nudges?at=${encodeURIComponent(at.toISOString())}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

test('@both an owner sets a lead’s next date, the inbox shows it due today, and one nudge goes', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const width = info.project.name;
  const email = uniqueEmail('next-date');
  // A name of letters only (the form refuses digits), its own so the inbox row and the nudge are this journey's.
  const first = `Nila${[...crypto.getRandomValues(new Uint8Array(4))].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('')}`;
  await sendEnquiry(page, {
    name: `${first} Menon`,
    phone: uniquePhone().typed,
    email,
    description: 'A talk in March',
  });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;

  await signIn(page);
  await page.goto(leadPath);
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
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the lead').toEqual([]);
  await keepScreenshot(page, { path: `${SHOTS}/next-lead-${width}.png`, fullPage: true });

  await page.goto('/desk');
  const due = page.getByRole('region', { name: words.inbox.title });
  const today = due.getByRole('list', { name: words.inbox.today });
  await expect(today.getByRole('link', { name: new RegExp(first) })).toContainText(note);
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the inbox').toEqual([]);
  await keepScreenshot(page, { path: `${SHOTS}/next-inbox-${width}.png`, fullPage: true });

  // The cron, as if it ran a minute after the date: one lead_due to the owner (both owners: nobody took the lead).
  const after = new Date(Date.parse(soon.iso) + 60_000);
  const nudges = async () =>
    (await sentMessages()).filter((m) => m.template === 'lead_due' && m.to === OWNERS[0] && m.body.includes(note));
  await runNudges(after);
  await expect.poll(async () => (await nudges()).length, { timeout: 30_000 }).toBe(1);
  expect((await nudges())[0]!.body[0]).toBe(first);
  // Run again: the nudge was sent once per date, so nothing more goes.
  await runNudges(new Date(after.getTime() + 15 * 60_000));
  await runNudges(new Date(after.getTime() + 30 * 60_000));
  // Every ledger row of this date's nudge (one per owner) settled: a second send would have reached the stand-in.
  const rows = await waitForSettledDeliveries(`nudge:due:enquiry:${lead!.id}:${soon.iso}`, 2);
  expect(rows).toHaveLength(2);
  expect(await nudges()).toHaveLength(1);
});
