/**
 * Show-up, from the booked call to the rebook message: a lead with a number books a call 25 hours ahead (the booking
 * tool's signed webhook, with the lead's reference); the cron's reminders run as if 24 hours before the call, and the
 * reminder shows on the lead's conversation; the visitor answers it on WhatsApp and the answer shows there too; the
 * call's end passes; the owner marks a no-show on the lead's page and sends the rebook message, which reaches
 * WhatsApp once with the booking link carrying the lead's reference; Sources counts the no-show.
 */
import { deskBookings } from '../../src/desk/bookings/words';
import { deskOutcome } from '../../src/desk/bookings/outcome-words';
import { deskShowUp } from '../../src/desk/sources/show-up/words';
import { deskSources } from '../../src/desk/sources/words';
import { desk } from '../../src/words/desk';
import { rebookWords } from '../../src/words/reminders/rebook';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForDeliveries, waitForLeads } from '../support/store';
import { expect, keepScreenshot, test } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';
import { sentMessages, textsTo } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;
/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const HOUR = 3_600_000;

const sha256Hex = async (text: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');

/**
 * The ledger key of a call's 24-hour reminder, as src/notify/reminders/reminder-keys.ts makes it (hashes of the
 * booking and of its time: nothing personal); that module is the Worker's, outside the journeys' build.
 */
async function reminderKey(id: string, startAt: string): Promise<string> {
  return `call-reminder:${(await sha256Hex(`calcom|${id}`)).slice(0, 32)}:${(await sha256Hex(startAt)).slice(0, 12)}:24h`;
}

/** Posts a dev-only route of the Worker (development only, local requests only: src/dev-routes.ts). */
async function dev(path: string, body?: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

test('@both a booked call is reminded from the business number, answered, missed, and the no-show asked to rebook', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const width = info.project.name;
  const email = uniqueEmail('show-up');
  const phone = uniquePhone();
  await sendEnquiry(page, { name: 'Meera Iyer', phone: phone.typed, email, description: 'A retreat for my team' });
  const [lead] = await waitForLeads<{ id: string; booking_ref: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;

  // The call, booked 25 hours ahead with the enquiry's reference, as the booking tool posts it (signed).
  const uid = `show-up-${crypto.randomUUID()}`;
  const start = new Date(Date.now() + 25 * HOUR);
  const raw = JSON.stringify(
    calcomBody({
      uid,
      name: 'Meera Iyer',
      email,
      ref: lead!.booking_ref,
      program: 'retreats-workshops',
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    }),
  );
  const booked = await fetch(`${BASE}/webhooks/calcom`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
    body: raw,
  });
  expect(booked.status).toBe(200);

  // The cron's reminders as 24 hours before the call: the 24-hour one goes to the lead's number, once.
  await dev(`/__dev/reminders?at=${encodeURIComponent(new Date(start.getTime() - 24 * HOUR).toISOString())}`);
  const key = await reminderKey(uid, start.toISOString());
  const [reminder] = await waitForDeliveries(key, (rows) => rows.length === 1 && rows[0]!.status === 'sent');
  expect(reminder!.recipient).toBe(phone.e164);
  const reminders = (await sentMessages()).filter((m) => m.template === 'call_reminder' && m.to === phone.e164);
  expect(reminders.map((m) => m.body)).toEqual([[expect.any(String), expect.any(String), 'Retreats & Workshops']]);
  expect(reminders[0]!.body[0]).toBe('Meera');

  // The visitor answers the reminder on WhatsApp: the reminder and the answer show on the lead's conversation.
  const answer = 'Thank you, see you then. Can we make it 30 minutes later?';
  expect((await postSigned(BASE, messageEvent(phone.e164, answer, 'Meera'))).status).toBe(200);
  await signIn(page);
  await page.goto(leadPath);
  const chat = page.getByRole('region', { name: 'WhatsApp conversation' });
  // Named as the call's reminder, not as something an owner sent.
  await expect(chat.getByRole('listitem').filter({ hasText: 'Retreats & Workshops' })).toContainText(
    desk.messages.templates.call_reminder!,
  );
  await expect(chat.getByRole('listitem').filter({ hasText: answer })).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge with the reminder').toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`showup-reminder-${width}.png`), fullPage: true });

  // The call's end passes (its time moved 27 hours back): the owner marks a no-show on the lead's page.
  await dev('/__dev/bookings/pass', { provider: 'calcom', id: uid, hours: 27 });
  await page.goto(leadPath);
  const calls = page.getByRole('region', { name: deskBookings.lead.title });
  await calls
    .getByRole('group', { name: deskOutcome.question })
    .getByRole('button', { name: deskOutcome.values.no_show })
    .click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}(\\?|#|$)`));
  await expect(calls.getByText(/^No-show · marked by /)).toBeVisible();
  await expect(calls.getByRole('button', { name: deskOutcome.values.no_show })).toHaveAttribute('aria-pressed', 'true');
  const send = calls.getByRole('button', { name: rebookWords.send });
  await expect(send).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge with the no-show').toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`showup-no-show-${width}.png`), fullPage: true });

  // The rebook message: they wrote within 24 hours, so its words go as a text (else the template call_rebook),
  // once, with the booking link carrying the lead's own reference.
  await send.click();
  await expect(page.getByText(rebookWords.sentBanner)).toBeVisible();
  await expect(send).toHaveCount(0);
  await expect
    .poll(async () => (await textsTo(phone.e164)).filter((t) => t.includes('we missed you')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [rebook] = (await textsTo(phone.e164)).filter((t) => t.includes('we missed you'));
  expect(rebook).toContain(`metadata[ref]=${lead!.booking_ref}`);
  expect(rebook).toContain('Retreats & Workshops');
  expect((await sentMessages()).filter((m) => m.template === 'call_rebook' && m.to === phone.e164)).toEqual([]);
  await page.reload();
  await expect(calls.getByText(/^Rebook message sent by /)).toBeVisible();
  await expect(chat.getByRole('listitem').filter({ hasText: 'we missed you' })).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge with the rebook message').toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`showup-rebook-${width}.png`), fullPage: true });

  // Sources counts the no-show under the lead's source (an enquiry with no campaign tags: direct).
  await page.goto('/desk/sources?days=7');
  const table = page.locator('table.sources-table');
  await expect(table.getByRole('columnheader', { name: deskShowUp.columns.rate })).toBeAttached();
  const direct = table.locator('tr[data-source="direct"]:not([data-campaign])');
  expect(Number(await direct.locator('td[data-no-shows]').getAttribute('data-no-shows'))).toBeGreaterThanOrEqual(1);
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on Sources').toEqual([]);
  // On a desktop the table is wider than the page's column and scrolls in its own box: shown at its right end, where
  // the show-up columns are (on a phone each row is a card).
  const box = page.getByRole('region', { name: deskSources.tableBox });
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
  await expect.poll(() => box.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
  // On a desktop the viewport only: a full-page capture lays the page out again, which puts the box back at its left
  // end. A phone's cards need the whole page.
  await keepScreenshot(page, { path: info.outputPath(`showup-sources-${width}.png`), fullPage: width === 'phone' });
});
