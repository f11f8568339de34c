import type { Page } from '@playwright/test';
import { blockSiteScripts, expect, holdSiteScripts, isPhone, test } from '../support/test';

/**
 * The header needs none of the site's scripts: on a phone its menu is a native dialog that its button opens,
 * and the page's small inline script adds the rest (aria-expanded, the focus trap, the smooth scroll). So it
 * works with JavaScript off, while the scripts are blocked or still on their way, and once they have arrived.
 */

/** Opens the phone menu, checks what a keyboard and a screen reader meet, closes it with Escape. */
async function menuOpensAndCloses(page: Page, { inlineScript }: { inlineScript: boolean }): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeHidden();
  if (inlineScript) await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.tap();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  for (const name of ['Resources', 'About', 'Programs', 'Listen', 'Begin Your Journey']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  if (inlineScript) await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  if (inlineScript) await expect(toggle).toHaveAttribute('aria-expanded', 'false');
}

/** Follows the Programs link (from the phone menu or the desktop bar) and checks the page is at the section. */
async function sectionLinkLeadsToItsSection(page: Page): Promise<void> {
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Programs' }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  } else {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' }).click();
  }
  // Without JavaScript the menu's links load the page afresh (`/?#programs`); the inline script pushes /#programs.
  await expect(page).toHaveURL(/\/\??#programs$/);
  await expect
    .poll(() => page.locator('#programs').evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(80);
}

test.describe('the header with JavaScript off @both', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu opens, closes on Escape, and its links lead to their sections', async ({ page }) => {
    await page.goto('/');
    if (isPhone(page)) await menuOpensAndCloses(page, { inlineScript: false });
    await sectionLinkLeadsToItsSection(page);
  });
});

test.describe('the header with the site’s scripts blocked @both', () => {
  blockSiteScripts();

  test('the menu, the shadow and the section links work from the page’s inline script', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/is-scrolled/);
    if (isPhone(page)) await menuOpensAndCloses(page, { inlineScript: true });
    // From /quiz a section link leads to / and scrolls there to the section.
    await page.goto('/quiz');
    await sectionLinkLeadsToItsSection(page);
  });
});

test('the header works while the scripts are on their way and once they have arrived @both', async ({ page }) => {
  const { release } = await holdSiteScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  if (isPhone(page)) await menuOpensAndCloses(page, { inlineScript: true });
  else
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' })).toBeVisible();

  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  if (isPhone(page)) await menuOpensAndCloses(page, { inlineScript: true });
  await sectionLinkLeadsToItsSection(page);
});
