/**
 * From lead to call to client: a visitor finishes the quiz and follows "Book a call" (the link carries the lead's
 * opaque reference and nothing personal); the booking tool posts its signed webhook; both owners get call_booked
 * on WhatsApp; the lead's page shows the call; an owner marks them a client.
 */
import { deskBookings } from '../../src/desk/bookings/words';
import { recommendations } from '../../src/words/recommendations';
import { site } from '../../src/words/site';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { signIn } from '../support/desk/desk';
import { uniqueEmail } from '../support/leads';
import { storedLeads, waitForLeads } from '../support/store';
import { expect, gotoHydrated, renderedWhatTimersAskedFor, test } from '../support/test';
import { OWNERS, sentMessages } from '../support/whatsapp';

/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';

interface QuizRow {
  id: string;
  booking_ref: string | null;
}

test('a booked call comes back to the lead, tells the owners, and the owner marks a client', async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('booked');
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });

  await gotoHydrated(page, '/quiz', 'QuizWizard');
  for (const choice of ['Leadership', '40-55', 'I attended an event']) {
    await page.getByRole('button', { name: choice, exact: true }).click();
  }
  await expect(page.getByRole('heading', { name: site.quiz.contactTitle })).toBeVisible();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  // The link carries the stored lead's reference and the program, nothing of the visitor's.
  const [row] = await waitForLeads<QuizRow>('quiz_responses', email);
  expect(row!.booking_ref).toMatch(/^[0-9a-f]{24}$/);
  const book = page
    .getByRole('region', { name: recommendations.thanksHeading })
    .getByRole('link', { name: recommendations.book });
  await expect(book).toHaveAttribute('href', new RegExp(`metadata\\[ref\\]=${row!.booking_ref}`));
  const href = (await book.getAttribute('href'))!;
  for (const personal of [email, 'asha', 'verma'])
    expect(decodeURIComponent(href).toLowerCase()).not.toContain(personal);
  await book.click();
  await expect(page.getByRole('heading', { name: 'Book a call' })).toBeVisible();
  // The site's own addresses never carried the reference.
  for (const url of visited.filter((u) => u.startsWith(baseURL!))) expect(url).not.toContain(row!.booking_ref!);

  // The tool posts the booking, signed over the raw bytes, with the reference it was given.
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
  const raw = JSON.stringify(
    calcomBody({
      name: 'Asha Verma',
      email,
      ref: new URL(href).searchParams.get('metadata[ref]')!,
      program: 'retreats-workshops',
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    }),
  );
  const post = (signature: string) =>
    fetch(`${baseURL}/webhooks/calcom`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': signature },
      body: raw,
    });
  expect((await post('0'.repeat(64))).status).toBe(401);
  expect((await post(await hmacHex(CALCOM_SECRET, raw))).status).toBe(200);

  // Both owners are told, by name, with the program and the lead's desk link.
  await expect
    .poll(
      async () =>
        (await sentMessages())
          .filter((m) => m.template === 'call_booked' && m.body.some((p) => p.includes(row!.id)))
          .map((m) => m.to)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual([...OWNERS].sort());
  const [alert] = (await sentMessages()).filter((m) => m.template === 'call_booked' && m.body.join().includes(row!.id));
  expect(alert!.body).toContain('Asha Verma');
  expect(alert!.body).toContain('Retreats & Workshops');

  // The lead shows the call; the owner marks them a client.
  await signIn(page);
  await page.goto(`/desk/leads/quiz/${row!.id}`);
  await expect(page.getByText(/^Call booked: /)).toBeVisible();
  const calls = page.getByRole('region', { name: deskBookings.lead.title });
  await expect(calls.getByText(deskBookings.lead.with('Cal.com'))).toBeVisible();
  await expect(calls.getByText('Retreats & Workshops')).toBeVisible();
  await page.getByRole('button', { name: 'Client', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Client', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const [stored] = await storedLeads<QuizRow>('quiz_responses', email);
  expect(stored!.id).toBe(row!.id);
});

test("an enquiry's thank-you offers Book a call with the enquiry's reference, and stays until dismissed", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('enquiry-booked');
  // The page's timers run on a clock the test can move on; until then it runs as usual.
  await page.clock.install();
  await gotoHydrated(page, '/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: site.enquiry.heading });
  await dialog.getByLabel('Name').fill('Kavya Nair');
  await dialog.getByLabel('Phone').fill('9812345670');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: site.enquiry.submit }).click();

  const thanks = page.getByRole('status').filter({ hasText: 'your message is on its way' });
  await expect(thanks).toBeVisible();
  const [row] = await waitForLeads<QuizRow>('enquiries', email);
  const book = thanks.getByRole('link', { name: site.enquiry.book });
  await expect(book).toHaveAttribute('href', new RegExp(`\\?metadata\\[ref\\]=${row!.booking_ref}$`));
  for (const personal of [email, 'kavya', '9812345670']) {
    expect(decodeURIComponent((await book.getAttribute('href'))!).toLowerCase()).not.toContain(personal);
  }
  expect(page.url().startsWith(baseURL!) && !page.url().includes(row!.booking_ref!)).toBe(true);
  // It does not vanish on its own while it holds a link; the visitor dismisses it.
  // The page's timers are moved on well past the time a thank-you without a link stays (6 s) and their renders
  // waited for: it is still there.
  await page.clock.runFor(60_000);
  await renderedWhatTimersAskedFor(page);
  await expect(book).toBeVisible();
  await thanks.getByRole('button', { name: site.enquiry.dismiss }).click();
  await expect(book).toBeHidden();
});
