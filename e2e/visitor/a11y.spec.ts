import { axe, summarize } from '../support/axe';
import type { Page } from '@playwright/test';
import { animationsSettled, expect, gotoHydrated, isPhone, test } from '../support/test';

/**
 * axe-core (WCAG 2.x A and AA rules and best practices) over the whole page, or over `only` (a selector) where the
 * rest of the page is what an earlier pass already checked; no violations allowed.
 */
async function expectNoViolations(page: Page, label: string, only?: string): Promise<void> {
  const whole = axe(page);
  // A part of the page (a dialog) is checked for what is in it; the rules about a whole page (one main landmark,
  // one h1) belong to the page's own pass, and would otherwise judge a player's frame as if it were a page.
  const part = () => whole.include(only!).disableRules(['landmark-one-main', 'page-has-heading-one']);
  const { violations } = await (only ? part() : whole).analyze();
  expect(summarize(violations), `axe violations on ${label}`).toEqual([]);
}

test.describe('accessibility (axe) @both', () => {
  // An axe pass over the whole page takes seconds, and far more on a busy machine; the quiz runs four.
  test.describe.configure({ timeout: 90_000 });
  test('the landing page, and with the enquiry modal open', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expectNoViolations(page, '/');
    await page.locator('#about').getByRole('button', { name: 'Start a Conversation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The page behind the modal is inert and was checked by the pass above: the dialog itself.
    await expectNoViolations(page, 'enquiry modal', 'dialog[open]');
  });

  test('the privacy page', async ({ page }) => {
    await gotoHydrated(page, '/privacy');
    await expectNoViolations(page, '/privacy');
  });

  test('the landing view after the quiz', async ({ page }) => {
    await gotoHydrated(page, '/?recommended=retreats-workshops,talks-keynotes#programs');
    await expect(page.locator('.quiz-result')).toBeFocused();
    await expectNoViolations(page, '/?recommended=…');
  });

  test('every step of the quiz', async ({ page }) => {
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (let step = 1; step <= 4; step++) {
      await expect(page.getByRole('heading', { level: 1, name: `Step ${step} of 4` })).toBeVisible();
      // The page around the step is the same at every step: the whole page once, then the step's content.
      await expectNoViolations(page, `/quiz step ${step}`, step === 1 ? undefined : 'main');
      if (step < 4) await page.getByRole('button', { name: 'Next step' }).click();
    }
  });

  test('with the podcast modal open, then playing in the small player', async ({ page }) => {
    await page.route('https://open.spotify.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' }),
    );
    await gotoHydrated(page, '/');
    await page
      .getByRole('button', { name: /^Play episode:/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page, 'podcast modal', 'dialog[open]');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('region', { name: 'Podcast player' })).toBeVisible();
    // The whole page: the small player is a landmark of its own among the page's.
    await expectNoViolations(page, '/ with the small player');
  });

  test('with the mobile menu open @phone', async ({ page }) => {
    await gotoHydrated(page, '/');
    expect(isPhone(page)).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    // The colours are final once the menu's 700 ms transition (and any other running on the page) has finished.
    await animationsSettled(page);
    await expectNoViolations(page, 'mobile menu', 'dialog[open]');
  });
});
