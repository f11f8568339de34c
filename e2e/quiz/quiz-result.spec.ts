import type { Page } from '@playwright/test';
import { consent, privacy } from '../../src/words/privacy';
import { recommendations } from '../../src/words/recommendations';
import { uniqueEmail } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, test } from '../support/test';

interface QuizRow {
  recommended: string;
  consent: string;
  attribution: string | null;
  created_at: string;
}

async function takeQuiz(page: Page, choices: string[], email: string) {
  for (const choice of choices) await page.getByRole('button', { name: choice, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'See Programs Recommended For You' })).toBeVisible();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
}

const marked = (page: Page) => page.locator('#programs .program-card').filter({ hasText: recommendations.badge });

test.describe('after the quiz', () => {
  test('lands on / with a thank-you at #programs, focused, and the recommended cards marked @both', async ({
    page,
  }) => {
    const email = uniqueEmail('quiz-result');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    await takeQuiz(page, ['Leadership', '40-55', 'I attended an event'], email);
    await expect(page).toHaveURL(/\/\?recommended=retreats-workshops,talks-keynotes#programs$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    const result = page.getByRole('region', { name: recommendations.thanksHeading });
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
    await expect(result).toContainText('Retreats & Workshops and Talks & Keynotes');
    // In view below the sticky header, so the visitor sees what the screen reader reads.
    const box = (await result.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(60);
    expect(box.y).toBeLessThan(viewport.height / 2);

    await expect(marked(page)).toHaveCount(2);
    await expect(marked(page).nth(0).getByRole('heading')).toHaveText('Retreats & Workshops');
    await expect(marked(page).nth(1).getByRole('heading')).toHaveText('Talks & Keynotes');
    await expect(marked(page).nth(0)).toContainText(recommendations.reasons['retreats-workshops']);
    await expect(page.locator('#program-consultations')).not.toContainText(recommendations.badge);

    const [row] = await waitForLeads<QuizRow>('quiz_responses', email);
    expect(JSON.parse(row!.recommended)).toEqual(['Retreats & Workshops', 'Talks & Keynotes']);
    expect(JSON.parse(row!.consent)).toEqual({ version: consent.notices.quiz.version, at: row!.created_at });
  });

  test('the quiz says what happens with the answers before its submit button, linking to /privacy', async ({
    page,
  }) => {
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
    const notice = page.locator('#quiz-consent');
    await expect(notice).toHaveText(new RegExp(`^${escapeRegExp(consent.notices.quiz.text)}`));
    await expect(notice.getByRole('link', { name: /How your details are used/ })).toHaveAttribute('href', privacy.path);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toHaveAttribute('aria-describedby', 'quiz-consent');
    const [noticeBox, submitBox] = [(await notice.boundingBox())!, (await submit.boundingBox())!];
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(submitBox.y);
  });
});

test.describe('after the quiz, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing view shows the thank-you and the marked cards at #programs', async ({ page }) => {
    await page.goto('/?recommended=consultations#programs');
    await expect(page.getByRole('region', { name: recommendations.thanksHeading })).toBeVisible();
    await expect(marked(page)).toHaveCount(1);
    await expect(marked(page).getByRole('heading')).toHaveText('1:1 Consultations');
    // The address's fragment brings the section under the sticky header.
    const top = await page.locator('#programs').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-2);
    expect(top).toBeLessThan(120);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
