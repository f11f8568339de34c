/**
 * After a call: its end passes (the dev aid moves the booked call back a day and more), the inbox asks "How did it
 * go?", the owner opens the lead, marks a No-show and sends the rebook message, which goes to the lead's number as
 * the approved template with the booking link carrying the lead's same reference. Bookings shows the mark too.
 * On a phone and a desktop: nothing past the right edge.
 */
import { deskOutcome } from '../../src/desk/bookings/outcome-words';
import { deskBookings } from '../../src/desk/bookings/words';
import { rebookWords } from '../../src/words/reminders/rebook';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, test, keepScreenshot } from '../support/test';
import { sentMessages } from '../support/whatsapp';

/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const HOUR = 3_600_000;

test('a call whose end passed is asked about, marked No-show, and the rebook message goes once @both', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('no-show');
  const phone = uniquePhone();
  const tag = Array.from(
    email
      .slice(0, email.indexOf('@'))
      .replace(/[^a-z]/gi, '')
      .slice(-6),
  ).join('');
  const name = `Kiran ${tag}`;
  await sendEnquiry(page, { name, phone: phone.typed, email, description: 'Can we talk about a retreat?' });
  const [lead] = await waitForLeads<{ id: string; booking_ref: string }>('enquiries', email);

  // Booked through the lead's link for two hours from now; then time passes: the call ended over a day ago.
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
  const uid = `e2e-${crypto.randomUUID()}`;
  const raw = JSON.stringify(
    calcomBody({
      uid,
      name,
      email,
      ref: lead!.booking_ref,
      program: 'consultations',
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR / 2).toISOString(),
    }),
  );
  const booked = await fetch(`${baseURL}/webhooks/calcom`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
    body: raw,
  });
  expect(booked.status).toBe(200);
  const passed = await fetch(`${baseURL}/__dev/bookings/pass`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ provider: 'calcom', id: uid, hours: 28 }),
  });
  expect(passed.status).toBe(200);

  await signIn(page);
  await page.goto('/desk');
  const ask = page.getByRole('region', { name: deskOutcome.inbox.title });
  const item = ask.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByRole('button', { name: deskOutcome.values.no_show })).toBeVisible();
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(ask, { path: testInfo.outputPath(`how-it-went-${testInfo.project.name}.png`) });

  // The name opens the lead; its call is marked a No-show there.
  await item.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/leads/enquiry/${lead!.id}$`));
  const calls = page.getByRole('region', { name: deskBookings.lead.title });
  await calls.getByRole('button', { name: deskOutcome.values.no_show }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/leads/enquiry/${lead!.id}$`));
  await expect(calls.getByText(/^No-show · marked by Priya, /)).toBeVisible();
  await expect(calls.getByRole('button', { name: deskOutcome.values.no_show })).toHaveAttribute('aria-pressed', 'true');
  await expect(calls.getByText(`metadata[ref]=${lead!.booking_ref}`, { exact: false })).toBeVisible();
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(calls, { path: testInfo.outputPath(`lead-rebook-offer-${testInfo.project.name}.png`) });

  await calls.getByRole('button', { name: rebookWords.send }).click();
  await expect(page.getByText(rebookWords.sentBanner)).toBeVisible();
  await expect(calls.getByText(/^Rebook message sent by Priya, /)).toBeVisible();
  await expect(calls.getByRole('button', { name: rebookWords.send })).toHaveCount(0);
  await expect
    .poll(async () => (await sentMessages()).filter((m) => m.to === phone.e164 && m.template === 'call_rebook'), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  const [message] = (await sentMessages()).filter((m) => m.to === phone.e164 && m.template === 'call_rebook');
  expect(message!.body[0]).toBe('Kiran');
  expect(message!.body[1]).toBe('1:1 Consultations');
  expect(message!.body[2]).toContain(`metadata[ref]=${lead!.booking_ref}`);
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(calls, { path: testInfo.outputPath(`lead-no-show-${testInfo.project.name}.png`) });

  // Bookings shows the mark on the past call; the inbox no longer asks about it.
  await page.goto('/desk/bookings');
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText(/^No-show · marked by Priya, /)).toBeVisible();
  await expect(card.getByRole('link', { name: rebookWords.onLeadPage })).toBeVisible();
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(card, { path: testInfo.outputPath(`bookings-card-${testInfo.project.name}.png`) });
  await page.goto('/desk');
  await expect(
    page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'No-show' }),
  ).toHaveCount(0);
});
