/**
 * The owners' calls and the person behind them, on an owner's phone: Bookings lists the calls (a past
 * one with how it ended, an upcoming one), each by the person's name linked to their lead; the lead's page opens
 * with the person's own words and how to reach them, the details in plain words. Nothing past the right edge.
 */
import { deskCalls } from '../../src/desk/bookings/calls-words';
import { deskLeadWords } from '../../src/desk/leads/words';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { axe, summarize } from '../support/axe';
import { expect, test, keepScreenshot } from '../support/test';

/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const HOUR = 3_600_000;

test('Bookings lists a past and an upcoming call by name; the lead opens with their words and contact', async ({
  page,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('calls');
  const phone = uniquePhone();
  // Names take no digits: the address's unique part spelt in letters.
  const tag = Array.from(
    email
      .slice(0, email.indexOf('@'))
      .replace(/[^a-z0-9]/gi, '')
      .slice(-8),
    (ch) => (/\d/.test(ch) ? String.fromCharCode(97 + Number(ch)) : ch),
  ).join('');
  const name = `Meera ${tag}`;
  const words = 'I would like to join the December retreat with my sister. Is there room for two?';
  await sendEnquiry(page, { name, phone: phone.typed, email, description: words }, '/?utm_source=instagram');
  const [lead] = await waitForLeads<{ id: string; booking_ref: string }>('enquiries', email);
  expect(lead!.booking_ref).toMatch(/^[0-9a-f]{24}$/);

  // Cal.com tells of two calls booked through the lead's link: one three days ago, one in two days.
  const hour = Math.ceil(Date.now() / HOUR) * HOUR;
  for (const start of [hour - 72 * HOUR, hour + 48 * HOUR]) {
    const raw = JSON.stringify(
      calcomBody({
        name,
        email,
        ref: lead!.booking_ref,
        start: new Date(start).toISOString(),
        end: new Date(start + HOUR / 2).toISOString(),
      }),
    );
    const res = await fetch(`${baseURL}/webhooks/calcom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
      body: raw,
    });
    expect(res.status).toBe(200);
  }

  await signIn(page);
  await page.goto('/desk/bookings');
  await expect(page.getByRole('heading', { level: 1, name: deskCalls.title })).toBeVisible();
  const waiting = page.getByRole('region', { name: new RegExp(`^${deskCalls.waiting.title}`) });
  const past = page.getByRole('region', { name: new RegExp(`^${deskCalls.groups.past.title}`) });
  const upcoming = page.getByRole('region', { name: new RegExp(`^${deskCalls.groups.upcoming.title}`) });
  // Waiting comes first, then the calls.
  const top = async (l: typeof past) => (await l.boundingBox())!.y;
  expect(await top(waiting)).toBeLessThan(await top(upcoming));
  const pastCard = past.getByRole('listitem').filter({ hasText: name });
  await expect(pastCard.getByText(deskCalls.outcome.kept)).toBeVisible();
  await expect(pastCard.getByText('Booked with Cal.com')).toBeVisible();
  await expect(upcoming.getByRole('listitem').filter({ hasText: name }).getByText('Booked with Cal.com')).toBeVisible();
  await expect(page.getByText(/^Times are India Standard Time\.$/)).toBeVisible();
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  // The calls themselves (the menu around them is the desk's own) pass axe's WCAG rules.
  const { violations } = await axe(page)
    .include('main')
    .disableRules(['landmark-one-main', 'page-has-heading-one'])
    .analyze();
  expect(summarize(violations)).toEqual([]);
  await keepScreenshot(page, { path: testInfo.outputPath(`calls-${testInfo.project.name}.png`), fullPage: true });

  // The past call's name opens the lead: their words and the ways to reach them come first.
  await pastCard.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/desk/leads/enquiry/${lead!.id}$`));
  const person = page.getByRole('region', { name: deskLeadWords.person.words });
  await expect(person.getByText(words)).toBeVisible();
  await expect(person.getByRole('link', { name: deskLeadWords.person.call(phone.e164) })).toHaveAttribute(
    'href',
    `tel:${phone.e164}`,
  );
  await expect(person.getByRole('link', { name: deskLeadWords.person.whatsapp })).toBeVisible();
  await expect(person.getByRole('link', { name: deskLeadWords.person.email(email) })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
  await keepScreenshot(page, { path: testInfo.outputPath(`lead-top-${testInfo.project.name}.png`) });
  const details = page.getByRole('region', { name: deskLeadWords.details.title });
  expect(await top(person)).toBeLessThan(await top(details));
  expect(await top(person)).toBeLessThan(await top(page.getByRole('region', { name: 'Calls' })));
  await expect(details.getByText(deskLeadWords.forms.enquiry!)).toBeVisible();
  await expect(page.getByText(/utm_source|landing_path|Admin1/)).toHaveCount(0);
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, { path: testInfo.outputPath(`lead-${testInfo.project.name}.png`), fullPage: true });
});
