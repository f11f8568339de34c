import { expectFailedResource, uniqueEmail } from '../support/leads';
import { submitLimit, withinOneWindow } from '../support/rate-limit';
import { storedLeads } from '../support/store';
import { expect, gotoHydrated, test } from '../support/test';

// A burst of submissions from one address gets 429 and the visitor a friendly message.
// Each test is its own visitor (a CF-Connecting-IP per test, e2e/support/test.ts); the limit is
// wrangler.toml's (SUBMIT_LIMITER), and each burst starts with at least 25 s left in the limiter's window.
const { limit, period } = submitLimit();
test.describe('rate limits', () => {
  test('the submission over the limit from one address is refused kindly, and not stored', async ({
    page,
    problems,
  }) => {
    test.setTimeout(60_000);
    await gotoHydrated(page, '/', 'NewsletterForm');
    await withinOneWindow(period, 25);
    for (let i = 0; i < limit; i++) {
      const res = await page.request.post('/api/newsletter', {
        headers: { 'content-type': 'application/json' },
        data: JSON.stringify({ email: uniqueEmail(`burst${i}`) }),
      });
      expect(res.status()).toBe(201);
    }
    const email = uniqueEmail('burst-over');
    const section = page.locator('#newsletter');
    await section.getByRole('textbox', { name: 'Email address' }).fill(email);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/newsletter');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    // The server refuses before it stores anything: once it has answered, the store is final.
    expect((await answer).status()).toBe(429);
    await expect(section.getByRole('status')).toContainText('Too many attempts — please try again in a minute.');
    await expectFailedResource(problems, 429);
    expect(await storedLeads('news_letter', email)).toEqual([]);
  });

  test('the quiz shows the same friendly message on a 429 and keeps the visitor and their answers', async ({
    page,
    problems,
  }) => {
    test.setTimeout(60_000);
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    await withinOneWindow(period, 25);
    for (let i = 0; i < limit; i++) {
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
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/quiz');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole('alert')).toContainText('Too many attempts — please try again in a minute.');
    await expect(page).toHaveURL(/\/quiz$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expectFailedResource(problems, 429);
    expect(await storedLeads('quiz_responses', email)).toEqual([]);
  });
});
