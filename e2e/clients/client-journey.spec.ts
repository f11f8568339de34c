/**
 * A client from start to testimonial @both, as issue 57 tells it: the owner gives the first program terms in the
 * content editor and publishes; marks an enquiry a client and starts a six-session engagement from the lead page;
 * the client opens their page from the email, accepts the terms and books the next session (the booking tool's
 * signed webhook carrying the page's reference); after the call the page shows five left; the owner asks for a
 * testimonial, the client sends one with consent, the owner approves and publishes it, and it shows under "What
 * people say". The live content is put back as it was found.
 */
import { defaultContent } from '../../src/shared/default-content';
import { clientPageWords as pageWords } from '../../src/words/clients/client-page';
import { deskClients } from '../../src/words/clients/desk-clients';
import { consentStatement, testimonialWords } from '../../src/words/clients/testimonials';
import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { calcomBody } from '../../tests/support/booking-bodies';
import { hmacHex } from '../../tests/support/whatsapp-envelope';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { landingShows, liveVersion, publish, withContentLock } from '../support/desk/content';
import { emailsTo } from '../support/emails';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, shotPath, test } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;
/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';
const HOUR = 3_600_000;
const PROGRAM = defaultContent().programs[0]!;

/** The date `days` from now in India, YYYY-MM-DD (what the form's date field takes). */
const indiaDayIn = (days: number) => new Date(Date.now() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

test('@both a client starts six sessions, accepts the terms, books, uses one and gives a testimonial', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const width = info.project.name;
  const shot = (name: string) =>
    keepScreenshot(page, {
      path: shotPath(info, `journey-${name}`),
      fullPage: true,
    });
  const run = `${width} ${crypto.randomUUID().slice(0, 6)}`;
  const terms = `Sessions are 60 minutes (${run}).\nA session missed without a day’s notice counts as used.`;
  const quote = `Six sessions and my mornings are mine again (${run}).`;
  const email = uniqueEmail('journey');
  const name = `Nila Rao ${width}`;
  await sendEnquiry(page, { name, phone: uniquePhone().typed, email, description: 'Six sessions' });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;

  await withContentLock(async () => {
    await signIn(page);
    let baseline = await liveVersion(page);
    baseline ??= await publish(page, copy.publish);
    try {
      // The owner writes the first program's terms in the content editor and publishes them.
      await page.goto('/desk/content/programs');
      const program = page.getByRole('group', { name: PROGRAM.title, exact: true });
      await program.getByLabel(copy.labels.terms!).fill(terms);
      await page.getByRole('button', { name: copy.save }).first().click();
      await expect(page).toHaveURL(/\/desk\/content\?saved=programs$/);
      await publish(page, copy.publish);

      // The lead becomes a client; the owner starts six sessions with those terms.
      await page.goto(leadPath);
      await page.getByRole('button', { name: 'Client', exact: true }).click();
      const card = page.locator('section.desk-client');
      await card.getByLabel(deskClients.card.program).selectOption(PROGRAM.slug);
      await card.getByLabel(deskClients.card.sessions).fill('6');
      await card.getByLabel(deskClients.card.validUntil).fill(indiaDayIn(90));
      await card.getByRole('button', { name: deskClients.card.submit }).click();
      await expect(card.getByText(deskClients.card.started)).toBeVisible();

      // The client opens their page from the email.
      await expect.poll(async () => (await emailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const [mail] = await emailsTo(email);
      const link = mail!.text!.match(/https?:\/\/\S+\/c\/[A-Za-z0-9_-]{22}/)![0];
      const clientPath = new URL(link).pathname;
      await page.goto(clientPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Hello Nila' })).toBeVisible();
      await expect(page.getByText(`Sessions are 60 minutes (${run}).`)).toBeVisible();
      await page.getByLabel(pageWords.terms.box).check();
      await page.getByRole('button', { name: pageWords.terms.button }).click();
      await expect(page.getByRole('status').filter({ hasText: 'You accepted these terms on' })).toBeVisible();

      // "Book next session" carries the engagement's reference; the booking tool books with it.
      const book = page.getByRole('link', { name: /Book next session/ });
      const ref = new URL((await book.getAttribute('href'))!).searchParams.get('metadata[ref]')!;
      expect(ref).toMatch(/^[0-9a-f]{24}$/);
      const uid = `journey-${crypto.randomUUID()}`;
      const start = new Date(Date.now() + 2 * HOUR);
      const end = new Date(start.getTime() + HOUR);
      const raw = JSON.stringify(
        calcomBody({
          uid,
          name: 'Nila Rao',
          email,
          ref,
          program: PROGRAM.slug,
          start: start.toISOString(),
          end: end.toISOString(),
        }),
      );
      const booked = await fetch(`${BASE}/webhooks/calcom`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
        body: raw,
      });
      expect(booked.status).toBe(200);
      await page.reload();
      const facts = page.getByRole('region', { name: pageWords.facts.label });
      await expect(facts.getByText(pageWords.facts.noNext)).toHaveCount(0);
      await shot('client-booked');

      // The call ends: the page counts it, five left.
      const passed = await fetch(`${BASE}/__dev/bookings/pass`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'calcom', id: uid, hours: 4 }),
      });
      expect(passed.status).toBe(200);
      await page.reload();
      await expect(facts.getByText('1 / 6')).toBeVisible();
      await expect(facts.getByText('5', { exact: true })).toBeVisible();

      // The owner asks for a testimonial; the client sends one with consent.
      await page.goto(leadPath);
      await page.getByRole('button', { name: testimonialWords.desk.ask }).click();
      await expect(page.getByText(testimonialWords.desk.askedAgain)).toBeVisible();
      await page.goto(clientPath);
      const form = page.locator('.client-testimonial form').last();
      await form.getByLabel(testimonialWords.section.quote).fill(quote);
      await form.getByLabel(testimonialWords.section.name).fill('Nila R.');
      await form.getByLabel(testimonialWords.section.place).fill('Chennai');
      await page.getByLabel(consentStatement.text).check();
      await form.getByRole('button', { name: testimonialWords.section.send }).click();
      await expect(page.getByRole('status').filter({ hasText: testimonialWords.section.sent })).toBeVisible();
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await shot('client-page');

      // The owner approves it and publishes: it shows under "What people say".
      await page.goto('/desk/clients');
      await page.getByRole('link', { name: /testimonials? waits? for your approval$/ }).click();
      const item = page.locator('li', { hasText: quote });
      await item.getByRole('button', { name: `${testimonialWords.desk.approve}: Nila R.` }).click();
      await expect(page.getByText(testimonialWords.desk.approved)).toBeVisible();
      await publish(page, copy.publish);
      await landingShows(page, '#testimonials', quote);
      await expect(page.locator('#testimonials')).toContainText('Nila R.');

      // The desk: the lead's Client card with the approved quote, and /desk/clients with five of six left.
      await page.goto(leadPath);
      const clientCard = page.locator('section.desk-client');
      await expect(clientCard.getByText(deskClients.card.used(1, 6, 5))).toBeVisible();
      const approved = clientCard.locator('li', { hasText: quote });
      await expect(approved).toContainText(testimonialWords.section.status.approved!);
      await keepScreenshot(clientCard, {
        path: shotPath(info, 'journey-lead-card'),
      });
      await page.goto('/desk/clients');
      const row = page.locator('li.desk-client-row').filter({ hasText: name });
      await expect(row.getByText(deskClients.list.leftOf(5, 6), { exact: true })).toBeVisible();
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await shot('desk-clients');
    } finally {
      if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
    }
  });
});
