import { signIn } from '../support/desk/desk';
import { uniqueEmail } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, keepScreenshot, shotPath, test } from '../support/test';
import { forgeKit, kitDelivery, kitEvent, kitRequest } from '../../tests/standins/newsletter/tool-webhooks.mjs';

/** An instant as the desk shows it: "29 Nov 2026, 10:04 am", India time (src/desk/format.ts `when`). */
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(iso));

// Issue 59: an unsubscribe made at Kit comes back through its signed webhook, and the subscriber's desk page says
// so, with when (India time), beside the site's own state.

test('an unsubscribe at Kit shows on the subscriber’s desk page @both', async ({ page }, info) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('kit-left');
  await gotoHydrated(page, '/', 'NewsletterForm');
  const section = page.locator('#newsletter');
  await section.getByRole('textbox', { name: 'Email address' }).fill(email);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('status')).toContainText('You are subscribed');
  const [row] = await waitForLeads<{ id: string }>('news_letter', email);

  // Kit posts a signed delivery; a forged one first, which changes nothing.
  // The unsubscribe came after the sign-up (as it does): it stops the site's emails to the address.
  const created = new Date(Date.now() + 1000).toISOString();
  const raw = kitDelivery([kitEvent({ email, created })]);
  const forged = await kitRequest(raw, { signature: await forgeKit(raw) });
  const refused = await page.request.post('/webhooks/kit', {
    headers: forged.headers as Record<string, string>,
    data: raw,
  });
  expect(refused.status()).toBe(401);
  const signed = await kitRequest(raw);
  const taken = await page.request.post('/webhooks/kit', {
    headers: signed.headers as Record<string, string>,
    data: raw,
  });
  expect(taken.status()).toBe(200);

  await signIn(page);
  await page.goto(`/desk/leads/newsletter/${row!.id}`);
  const card = page.getByRole('region', { name: 'Newsletter' });
  const mark = card.locator('[data-tool-event="unsubscribed"]');
  await expect(mark).toContainText(`Unsubscribed at Kit on ${when(created)}.`);
  await expect(mark).toContainText('no quiz result email and no guide until they subscribe again');
  // One state, the one that counts: the tool's, not "Subscribed" beside it.
  await expect(card.getByText('Unsubscribed at Kit', { exact: true })).toBeVisible();
  await expect(card.getByText('Subscribed', { exact: true })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(card, { path: shotPath(info, 'desk-unsubscribed-at-kit') });
});
