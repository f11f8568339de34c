import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/test';

/**
 * The page's scripts start after its first paint (client/boot.ts): the HTML and stylesheet have a slow
 * phone's first round trips to themselves. A press made before the scripts have arrived is not lost.
 */

/** Holds every request for the site's scripts until `release()` is called. */
async function holdScripts(page: Page): Promise<{ asked: () => number; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/assets/*.js', async (route) => {
    asked++;
    await held;
    await route.continue().catch(() => {});
  });
  return { asked: () => asked, release };
}

for (const path of ['/', '/quiz']) {
  test(`${path}: no script is asked for before the first contentful paint`, async ({ page }) => {
    await gotoHydrated(page, path);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.paint, 'the first contentful paint').not.toBeNull();
    expect(timing.scripts.length, 'the entry and the eager islands loaded').toBeGreaterThan(1);
    for (const script of timing.scripts) {
      expect(script.start, `${script.url} asked for after the paint`).toBeGreaterThanOrEqual(timing.paint!);
    }
  });
}

test('a tab pressed before the scripts arrive is selected once they have', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const tab = page.getByRole('tab', { name: 'Health' });
  await tab.click();
  // The press started the scripts and was kept for the island.
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await expect(tab).toHaveAttribute('data-held', '');
  await expect(tab).toHaveAttribute('aria-selected', 'false');

  scripts.release();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Mindset' })).toHaveAttribute('aria-selected', 'false');
  await expect(tab).not.toHaveAttribute('data-held');
});

test('the menu opens at once while the scripts are held back, and still does once they arrive @phone', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await toggle.tap();
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('button', { name: 'Close menu' }).tap();
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  scripts.release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await toggle.tap();
  await expect(menu).toBeVisible();
});

test('an island touched before the scripts arrive hydrates once they have, wherever it is', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // The newsletter form is far below the fold: only the touch can start it.
  const island = page.locator('[data-island="NewsletterForm"]');
  await island.evaluate((el) => el.dispatchEvent(new Event('pointerdown')));
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await expect(island).toHaveAttribute('data-wanted', '');

  scripts.release();
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(island).not.toHaveAttribute('data-wanted');
});
