/**
 * A booking made with a lead's address but without the site's link waits for an owner: anyone can type any name and
 * address on the booking tool's page, so it changes no lead until an owner, who sees the name and address as typed
 * beside the leads holding that address, links it.
 */
import { deskBookings } from '../../src/desk/bookings/words';
import { deskCalls } from '../../src/desk/bookings/calls-words';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, test, keepScreenshot } from '../support/test';

/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';

test('a booking by email alone waits on Bookings; the owner links it and the lead shows who booked', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('waiting');
  // Names take no digits: the address's unique part spelt in letters.
  const tag = Array.from(
    email
      .slice(0, email.indexOf('@'))
      .replace(/[^a-z0-9]/gi, '')
      .slice(-8),
    (ch) => (/\d/.test(ch) ? String.fromCharCode(97 + Number(ch)) : ch),
  ).join('');
  const owner = `Veena ${tag}`;
  await sendEnquiry(page, { name: owner, phone: uniquePhone().typed, email, description: 'A retreat' });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);

  // Someone books on the tool's public page with her address and another name, without the site's link.
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000);
  const typed = `Mallory ${tag}`;
  const raw = JSON.stringify(
    calcomBody({
      name: typed,
      email,
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    }),
  );
  const res = await fetch(`${baseURL}/webhooks/calcom`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
    body: raw,
  });
  expect(res.status).toBe(200);

  await signIn(page);
  // Her lead is untouched: still new, no call.
  await page.goto(`/desk/leads/enquiry/${lead!.id}`);
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: deskBookings.lead.title })).toHaveCount(0);

  // It waits on Bookings, the name and address as typed beside the leads holding that address, none chosen.
  await page.goto('/desk/bookings');
  const card = page
    .getByRole('region', { name: new RegExp(`^${deskCalls.waiting.title}`) })
    .getByRole('listitem')
    .filter({ hasText: typed });
  await expect(card.getByText(deskBookings.asTyped('Cal.com'))).toBeVisible();
  await expect(card.getByText(email).first()).toBeVisible();
  const candidate = card.getByRole('radio', { name: new RegExp(owner) });
  await expect(candidate).not.toBeChecked();
  await expect(card.getByText(deskBookings.unlinked.sameAddress)).toBeVisible();
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, {
    path: testInfo.outputPath(`bookings-waiting-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // The owner links it: the lead shows the call, with the attendee as typed.
  await candidate.check();
  await card.getByRole('button', { name: deskBookings.unlinked.link }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/leads/enquiry/${lead!.id}$`));
  await expect(page.getByText(/^Call booked: /)).toBeVisible();
  const calls = page.getByRole('region', { name: deskBookings.lead.title });
  await expect(calls.getByText(deskBookings.asTyped('Cal.com'))).toBeVisible();
  await expect(calls.getByText(typed)).toBeVisible();
  await expect(calls.getByText(email)).toBeVisible();
  await expect(calls.getByText(/^Linked by priya@example\.com/)).toBeVisible();
  await keepScreenshot(page, {
    path: testInfo.outputPath(`bookings-linked-${testInfo.project.name}.png`),
    fullPage: true,
  });
});
