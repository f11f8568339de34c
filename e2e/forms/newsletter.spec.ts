import type { Page } from '@playwright/test';
import {
  holdApi,
  expectFailedResource,
  failApi,
  recordRequests,
  requestsReported,
  uniqueEmail,
} from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, test } from '../support/test';
import { OWNERS, waitForMessages } from '../support/whatsapp';

function form(page: Page) {
  const section = page.locator('#newsletter');
  return {
    section,
    email: section.getByRole('textbox', { name: 'Email address' }),
    button: (name: string) => section.getByRole('button', { name }),
    status: section.getByRole('status'),
  };
}

test.describe('newsletter', () => {
  test('shows the block with its four benefits', async ({ page }) => {
    await gotoHydrated(page, '/', 'NewsletterForm');
    const { section } = form(page);
    await expect(section.getByRole('heading', { name: 'Making Productivity Simple & Sustainable' })).toBeVisible();
    for (const title of ['Set Your Goals', 'Personalized Plan', 'Stay Consistent', 'Achieve Results']) {
      await expect(section.getByRole('heading', { name: title })).toBeVisible();
    }
  });

  test('a valid email is stored and both owners are told once; the button reads "Submitting…" then "Thanks!"', async ({
    page,
  }) => {
    const email = uniqueEmail('news-ok');
    const call = await holdApi(page, '/api/newsletter');
    await gotoHydrated(page, '/', 'NewsletterForm');
    const f = form(page);
    await f.email.fill(`  ${email.toUpperCase()} `);
    await f.button('Subscribe').click();
    await expect(f.button('Submitting…')).toBeDisabled();
    await expect(f.email).toHaveValue('');
    call.release();
    await expect(f.button('Thanks!')).toBeDisabled();
    await expect(f.status).toContainText('You are subscribed');
    await expect(f.email).toHaveValue('');

    const rows = await waitForLeads<{ id: string; email: string; subscribed_at: string }>('news_letter', email);
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]!.subscribed_at)).toBeGreaterThan(Date.now() - 60_000);

    // On the owners' phones: subscription_notfication to each, greeting them, with the email and the time.
    const messages = await waitForMessages(rows[0]!.id, (m) => m.body.includes(email), 2);
    expect(messages.map((m) => ({ ...m, body: m.body.slice(0, 2) }))).toEqual([
      { to: OWNERS[0], template: 'subscription_notfication', header: [], body: ['Priya', email] },
      { to: OWNERS[1], template: 'subscription_notfication', header: [], body: ['Arjun', email] },
    ]);
    for (const m of messages) expect(m.body[2]).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2} [ap]m$/);
  });

  test('an email failing the loose pattern is refused in the page and never sent', async ({ page }) => {
    const sent = recordRequests(page, '/api/newsletter');
    await gotoHydrated(page, '/', 'NewsletterForm');
    const f = form(page);
    for (const bad of ['not-an-email', 'asha@example', '@example.com']) {
      await f.email.fill(bad);
      await f.email.press('Enter');
      await expect(f.status).toHaveText('Please enter a valid email.');
      await expect(f.email).toHaveValue('');
      await expect(f.email).toHaveAttribute('aria-invalid', 'true');
      await expect(f.button('Subscribe')).toBeEnabled();
    }
    await requestsReported(page);
    expect(sent).toHaveLength(0);
  });

  test('a storage failure says so, clears the field and lets the visitor try again', async ({ page, problems }) => {
    const email = uniqueEmail('news-fail');
    await failApi(page, '/api/newsletter', 503);
    await gotoHydrated(page, '/', 'NewsletterForm');
    const f = form(page);
    await f.email.fill(email);
    await f.button('Subscribe').click();
    await expect(f.status).toHaveText('Something went wrong. Please try again.');
    await expect(f.email).toHaveValue('');
    await expect(f.button('Subscribe')).toBeEnabled();
    await expectFailedResource(problems, 503);

    // The store is back: the same visitor subscribes.
    await page.unroute('**/api/newsletter');
    await f.email.fill(email);
    await f.button('Subscribe').click();
    await expect(f.button('Thanks!')).toBeDisabled();
    expect(await waitForLeads('news_letter', email)).toHaveLength(1);
  });

  test('too many attempts get a friendly message', async ({ page, problems }) => {
    await failApi(page, '/api/newsletter', 429, { 'Retry-After': '60' });
    await gotoHydrated(page, '/', 'NewsletterForm');
    const f = form(page);
    await f.email.fill(uniqueEmail('news-429'));
    await f.button('Subscribe').click();
    await expect(f.status).toHaveText('Too many attempts — please try again in a minute.');
    await expect(f.email).toHaveValue('');
    await expectFailedResource(problems, 429);
  });
});
