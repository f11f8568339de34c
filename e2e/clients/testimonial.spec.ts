/**
 * A testimonial asked for, with consent: a client (an enquiry with an engagement and a live page link, seeded by the
 * dev route) is asked from their lead page; they send their words from their page without the consent box first
 * (refused by the box), then with it; the owner approves it from the pending list into the draft and publishes;
 * the quote shows under "What people say" on the landing page. The client then withdraws their consent: the quote
 * leaves the draft (the live site is put back as it was found at the end).
 */
import { testimonialWords as words, consentStatement } from '../../src/words/clients/testimonials';
import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { landingShows, liveVersion, publish, withContentLock } from '../support/desk/content';
import { expectFailedResource, uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, shotPath, test } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test('@both the owner asks a client for a testimonial, approves and publishes it; the client withdraws it', async ({
  page,
  problems,
}, info) => {
  test.setTimeout(300_000);
  const width = info.project.name;
  const email = uniqueEmail('testimonial');
  const phone = uniquePhone();
  await sendEnquiry(page, { name: 'Kavya Rao', phone: phone.typed, email, description: 'Six sessions, please' });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const seeded = await fetch(`${BASE}/__dev/clients/engagement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'enquiry',
      id: lead!.id,
      sessions: 6,
      validUntil: '2099-12-31',
      program: 'consultations',
    }),
  });
  expect(seeded.status).toBe(200);
  const { token } = (await seeded.json()) as { token: string };
  const clientPage = `/c/${token}/testimonial`;
  const quote = `Six sessions gave me my mornings back (${width} ${crypto.randomUUID().slice(0, 6)}).`;

  // The owner asks from the lead's page.
  await signIn(page);
  await page.goto(`/desk/leads/enquiry/${lead!.id}`);
  await page.getByRole('button', { name: words.desk.ask }).click();
  await expect(page.getByText(words.desk.askedAgain)).toBeVisible();

  // The client's page offers the form; without the box ticked nothing is sent.
  await page.goto(clientPage);
  const form = page.locator('.client-testimonial form').last();
  await form.getByLabel(words.section.quote).fill(quote);
  await form.getByLabel(words.section.name).fill('Kavya R.');
  await form.getByLabel(words.section.place).fill('Mysuru');
  await form.getByRole('button', { name: words.section.send }).click();
  await expect(page.getByText(words.errors.consent)).toBeVisible();
  // The refused post's page comes with its 400, which the browser logs.
  await expectFailedResource(problems, 400);
  await page.getByLabel(consentStatement.text).check();
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, { path: shotPath(info, 'testimonial-client-form'), fullPage: true });
  await page.getByRole('button', { name: words.section.send }).click();
  await expect(page.getByRole('status').filter({ hasText: words.section.sent })).toBeVisible();
  await expect(page.getByText(words.section.status.pending!)).toBeVisible();

  await withContentLock(async () => {
    let baseline = await liveVersion(page);
    baseline ??= await publish(page, copy.publish);
    try {
      // The owner approves it from the pending list into the draft, and publishes.
      await page.goto('/desk/clients/testimonials');
      const item = page.locator('li', { hasText: quote });
      await expect(item).toBeVisible();
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await keepScreenshot(page, { path: shotPath(info, 'testimonial-pending'), fullPage: true });
      await item.getByRole('button', { name: `${words.desk.approve}: Kavya R.` }).click();
      await expect(page.getByText(words.desk.approved)).toBeVisible();
      await publish(page, copy.publish);
      await landingShows(page, '#testimonials', quote);
      await expect(page.locator('#testimonials')).toContainText('Kavya R.');

      // The client withdraws: the quote leaves the draft at once.
      await page.goto(clientPage);
      await page.getByRole('button', { name: words.section.withdraw }).click();
      await expect(page.getByRole('status').filter({ hasText: words.section.withdrawn })).toBeVisible();
      await page.goto('/desk/content/testimonials');
      await expect(page.locator('body')).not.toContainText(quote);
    } finally {
      if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
    }
  });
});
