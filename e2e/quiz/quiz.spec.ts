import type { Page } from '@playwright/test';
import {
  holdApi,
  expectFailedResource,
  failApi,
  recordRequests,
  requestsReported,
  uniqueEmail,
} from '../support/leads';
import { storedLeads, waitForLeads, waitForSettledDeliveries } from '../support/store';
import { blockSiteScripts, expect, gotoHydrated, holdSiteScripts, test } from '../support/test';
import { OWNERS } from '../support/whatsapp';

interface QuizRow {
  id: string;
  status: string;
  answers: string;
  contact: string;
  source: string;
  created_at: string;
}

/** Checks everything that marks step n: heading (focused after a move), title and progress bar. */
async function expectStep(page: Page, n: number, { focused = true } = {}) {
  const heading = page.getByRole('heading', { level: 1, name: `Step ${n} of 4` });
  await expect(heading).toBeVisible();
  if (focused) await expect(heading).toBeFocused();
  await expect(page).toHaveTitle(new RegExp(`^Step ${n} of 4 · `));
  const progress = page.getByRole('progressbar', { name: 'Quiz progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(n));
  await expect(progress).toHaveAttribute('aria-valuemin', '0');
  await expect(progress).toHaveAttribute('aria-valuemax', '4');
}

async function fillContact(page: Page, email: string, phone = '') {
  await expect(page.getByRole('heading', { name: 'See Programs Recommended For You' })).toBeVisible();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  if (phone) await page.getByLabel('Phone').fill(phone);
}

test.describe('quiz', () => {
  test('choosing an option records it and advances; the response is stored with every answer', async ({ page }) => {
    const email = uniqueEmail('quiz-auto');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    await expectStep(page, 1, { focused: false });
    await page.getByRole('button', { name: 'Health' }).click();
    await expectStep(page, 2);
    await page.getByRole('button', { name: '26-39' }).click();
    await expectStep(page, 3);
    await page.getByRole('button', { name: 'I know a little' }).click();
    await expectStep(page, 4);
    await expect(page.getByRole('button', { name: 'Next step' })).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await expect(page.getByLabel('First name')).toHaveAttribute('type', 'text');
    await expect(page.locator('input:not([type])')).toHaveCount(0);
    await fillContact(page, email, '+91 98123 45678');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/\?recommended=retreats-workshops#programs$/);

    const [row] = await waitForLeads<QuizRow>('quiz_responses', email);
    expect(row).toBeDefined();
    expect(JSON.parse(row!.answers)).toEqual({ '0': 'Health', '1': '26-39', '2': 'I know a little' });
    expect(JSON.parse(row!.contact)).toMatchObject({ first: 'Asha', last: 'Verma', email });
    expect(JSON.parse(row!.contact).phone).toMatch(/98123\s?45678/);
    expect(row!.status).toBe('submitted');
    expect(row!.source).toBe('website-quiz-page');
  });

  test('"Next step" advances without a choice; skipped answers are absent from the stored response', async ({
    page,
  }) => {
    const email = uniqueEmail('quiz-next');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectStep(page, 2);
    await page.getByRole('button', { name: '40-55' }).click();
    await expectStep(page, 3);
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectStep(page, 4);
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/\?recommended=consultations#programs$/);

    const [row] = await waitForLeads<QuizRow>('quiz_responses', email);
    expect(JSON.parse(row!.answers)).toEqual({ '1': '40-55' });
    expect(JSON.parse(row!.contact)).toMatchObject({ first: 'Asha', last: 'Verma', email, phone: '' });
  });

  test('"Back" goes back one step, keeps the earlier choice and is disabled on the first step', async ({ page }) => {
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    const back = page.getByRole('button', { name: 'Back' });
    await expect(back).toBeDisabled();
    await page.getByRole('button', { name: 'Wealth' }).click();
    await expectStep(page, 2);
    await expect(back).toBeEnabled();
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectStep(page, 4);
    await back.click();
    await expectStep(page, 3);
    await back.click();
    await back.click();
    await expectStep(page, 1);
    await expect(back).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Wealth' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Mindset' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('names missing or malformed contact fields and sends nothing', async ({ page }) => {
    const sent = recordRequests(page, '/api/quiz');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByLabel('First name').fill('   ');
    await page.getByLabel('Email').fill('asha@example');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Last name is required.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email.')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/quiz$/);
    await requestsReported(page);
    expect(sent).toHaveLength(0);
  });

  test('a double-clicked submit shows "Submitting…", sends once and stores exactly one response', async ({ page }) => {
    const email = uniqueEmail('quiz-double');
    const sent = recordRequests(page, '/api/quiz');
    const call = await holdApi(page, '/api/quiz');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    // Enter while the first send is still on its way: the form sends nothing more.
    await page.getByLabel('Email').press('Enter');
    await requestsReported(page);
    call.release();
    await expect(page).toHaveURL(/\/\?recommended=consultations#programs$/);

    expect(sent).toHaveLength(1);
    // The server answers once the response is stored, and then sends the owners' alerts: once those are settled,
    // it has done all it does with the submission, and a second stored response would be there by now.
    expect((await sent[0]!.response())?.status()).toBe(201);
    const [row] = await storedLeads<QuizRow>('quiz_responses', email);
    expect(row).toBeDefined();
    await waitForSettledDeliveries(row!.id, OWNERS.length);
    expect(await storedLeads('quiz_responses', email)).toHaveLength(1);
  });

  test('a failed submit shows the alert and still returns to /', async ({ page, problems }) => {
    const email = uniqueEmail('quiz-fail');
    await failApi(page, '/api/quiz', 503);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    await page.getByRole('button', { name: 'Mindset' }).click();
    await page.getByRole('button', { name: '72+' }).click();
    await page.getByRole('button', { name: 'I attended an event' }).click();
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(alerts).toEqual(['alert: Something went wrong. Please try again.']);
    await expectFailedResource(problems, 503);
  });

  test('a field the server refuses is shown beside it, and the visitor can correct it and send', async ({
    page,
    problems,
  }) => {
    const email = uniqueEmail('quiz-fix');
    let refused = false;
    await page.route('**/api/quiz', async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          ok: false,
          error: { code: 'invalid_input', message: 'Invalid.', fields: { 'contact.phone': 'Enter a phone number.' } },
        }),
      });
    });
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    await fillContact(page, email, '12');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Enter a phone number.')).toBeVisible();
    await expect(page).toHaveURL(/\/quiz$/);
    await page.getByLabel('Phone').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/\?recommended=consultations#programs$/);
    expect(await waitForLeads('quiz_responses', email)).toHaveLength(1);
    await expectFailedResource(problems, 400);
  });
});

/** Counts the page loads of the main frame from now on: a step taken in place loads nothing. */
function pageLoads(page: Page): () => number {
  let loads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads++;
  });
  return () => loads;
}

test.describe('the quiz before its scripts have arrived', () => {
  test.describe('with the site’s scripts blocked', () => {
    blockSiteScripts();

    test('the page’s inline script takes the choice steps in place; the contact step is the server’s', async ({
      page,
    }) => {
      await page.goto('/quiz');
      const loads = pageLoads(page);
      await expectStep(page, 1, { focused: false });
      await page.getByRole('button', { name: 'Health' }).click();
      await expectStep(page, 2);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText('What is your age range?');
      await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled();
      await page.getByRole('button', { name: 'Back' }).click();
      await expectStep(page, 1);
      await expect(page.getByRole('button', { name: 'Health' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: 'Wealth' })).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
      await page.getByRole('button', { name: 'Next step' }).click();
      await expectStep(page, 2);
      await page.getByRole('button', { name: '26-39' }).click();
      await expectStep(page, 3);
      expect(loads(), 'the choice steps load no page').toBe(0);
      // The step's form carries what was chosen, for the post that leads to the contact step.
      await expect(page.locator('form.quiz-step input[name="step"]')).toHaveValue('2');
      await expect(page.locator('form.quiz-step input[name="answers.0"]')).toHaveValue('Health');
      await expect(page.locator('form.quiz-step input[name="answers.1"]')).toHaveValue('26-39');

      await page.getByRole('button', { name: 'I know a little' }).click();
      await expectStep(page, 4, { focused: false });
      expect(loads(), 'the contact step is the server’s page').toBe(1);
      await expect(page.locator('input[name="answers.0"]').first()).toHaveValue('Health');
      await expect(page.locator('input[name="answers.2"]').first()).toHaveValue('I know a little');
    });
  });

  test('a step taken before React arrived is where React takes over; the response keeps every answer', async ({
    page,
  }) => {
    const email = uniqueEmail('quiz-early');
    // Storage blocked (a privacy setting): the tab keeps no first touch, so the attribution the lead carries can only
    // be the one the server wrote into the form, carried through React's fresh render of the island.
    await page.addInitScript(() => {
      Object.defineProperty(window, 'sessionStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const { release } = await holdSiteScripts(page);
    await page.goto('/quiz?utm_source=early-tap', { waitUntil: 'domcontentloaded' });
    const loads = pageLoads(page);
    await page.getByRole('button', { name: 'Wealth' }).click();
    await expectStep(page, 2);
    await expect(page.locator('[data-island="QuizWizard"]')).not.toHaveAttribute('data-hydrated');

    release();
    await page.locator('[data-island="QuizWizard"][data-hydrated]').waitFor();
    // React renders the step reached, and the heading keeps the focus.
    await expectStep(page, 2);
    await page.getByRole('button', { name: '40-55' }).click();
    await expectStep(page, 3);
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 2);
    await expect(page.getByRole('button', { name: '40-55' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Wealth' })).toHaveAttribute('aria-pressed', 'true');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    await expectStep(page, 4);
    await fillContact(page, email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/\?recommended=[a-z-]+#programs$/);
    expect(loads(), 'only the result is a page load').toBe(1);

    const [row] = await waitForLeads<QuizRow & { attribution: string }>('quiz_responses', email);
    expect(JSON.parse(row!.answers)).toEqual({ '0': 'Wealth', '1': '40-55' });
    expect(JSON.parse(row!.attribution)).toEqual({ utm_source: 'early-tap', landing_path: '/quiz' });
  });
});
