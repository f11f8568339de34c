import { expectFailedResource, uniqueEmail } from './support/leads';
import { waitForLeads } from './support/store';
import { expect, gotoHydrated, test } from './support/test';

// Issue 6: a burst of submissions from one address gets 429 and the visitor a friendly message.
// Each test is its own visitor (a CF-Connecting-IP per test, e2e/support/test.ts); the limit is
// wrangler.toml's: 5 submissions a minute per address.
test.describe('rate limits', () => {
  test('the sixth submission in a minute from one address is refused kindly, and not stored', async ({
    page,
    problems,
  }) => {
    await gotoHydrated(page, '/');
    // The limiter counts per wall-clock minute: the burst must not straddle a boundary.
    test.setTimeout(60_000);
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 25_000) await page.waitForTimeout(left + 100);
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post('/api/newsletter', {
        headers: { 'content-type': 'application/json' },
        data: JSON.stringify({ email: uniqueEmail(`burst${i}`) }),
      });
      expect(res.status()).toBe(201);
    }
    const email = uniqueEmail('burst-over');
    const section = page.locator('#newsletter');
    await section.getByRole('textbox', { name: 'Email address' }).fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('status')).toContainText('Too many attempts — please try again in a minute.');
    await expectFailedResource(problems, 429);
    expect(await waitForLeads('news_letter', email, () => false, 500)).toEqual([]);
  });

  test('the quiz shows the same friendly message on a 429 and keeps the visitor and their answers', async ({
    page,
    problems,
  }) => {
    await gotoHydrated(page, '/quiz');
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post('/api/newsletter', {
        headers: { 'content-type': 'application/json' },
        data: JSON.stringify({ email: uniqueEmail(`quizburst${i}`) }),
      });
      expect(res.status()).toBe(201);
    }
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    const email = uniqueEmail('quiz-over');
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many attempts — please try again in a minute.');
    await expect(page).toHaveURL(/\/quiz$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expectFailedResource(problems, 429);
    expect(await waitForLeads('quiz_responses', email, () => false, 500)).toEqual([]);
  });
});
