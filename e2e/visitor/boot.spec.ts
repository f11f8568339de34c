import { site } from '../../src/words/site';
import { stubPodcastHost } from '../support/feeds/podcast';
import { expect, gotoHydrated, holdSiteScripts as holdScripts, test } from '../support/test';

/**
 * The page's scripts start after its first paint (client/boot.ts): the HTML and stylesheet have a slow
 * phone's first round trips to themselves. A press made before the scripts have arrived is not lost.
 */

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

test('a topic tapped before the scripts arrive is selected at once, and the island hydrates with it', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const section = page.locator('#resources');
  const health = section.getByRole('tab', { name: 'Health' });
  const mindset = section.getByRole('tab', { name: 'Mindset' });
  await health.click();
  // The page's inline script selected it; the press also started the scripts.
  await expect(health).toHaveAttribute('aria-selected', 'true');
  await expect(health).toHaveAttribute('tabindex', '0');
  await expect(mindset).toHaveAttribute('aria-selected', 'false');
  await expect(mindset).toHaveAttribute('tabindex', '-1');
  await expect(section.getByRole('tabpanel')).toHaveAttribute('id', 'panel-health');
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await expect(section.locator('[data-island="ResourceTabs"]')).not.toHaveAttribute('data-hydrated');

  scripts.release();
  await expect(section.locator('[data-island="ResourceTabs"]')).toHaveAttribute('data-hydrated', '');
  // React took over with Health selected (a mismatch would be a console error, which fails the test): its keys work.
  await expect(health).toHaveAttribute('aria-selected', 'true');
  await health.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(mindset).toHaveAttribute('aria-selected', 'true');
  await expect(mindset).toBeFocused();
  await expect(health).toHaveAttribute('aria-selected', 'false');
  await expect(section.getByRole('tabpanel')).toHaveAttribute('id', 'panel-mindset');
});

test('a row’s arrow pressed before the scripts arrive moves the row at once; the island’s arrows go on from there', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const section = page.locator('#resources');
  const next = section.getByRole('button', { name: 'Next videos' });
  const row = section.getByRole('tabpanel').locator('.video-row');
  const scrollLeft = () => row.evaluate((el) => Math.round(el.scrollLeft));
  expect(await scrollLeft()).toBe(0);
  await next.click();
  // The page's inline script moved it, with the island's code still held back; the press was not held for it.
  await expect.poll(scrollLeft).toBe(320);
  await expect(next).not.toHaveAttribute('data-held');
  expect(await section.locator('[data-island="ResourceTabs"]').getAttribute('data-hydrated')).toBeNull();

  scripts.release();
  await expect(section.locator('[data-island="ResourceTabs"]')).toHaveAttribute('data-hydrated', '');
  await next.click();
  await expect.poll(scrollLeft).toBe(640);
  await section.getByRole('button', { name: 'Previous videos' }).click();
  await expect.poll(scrollLeft).toBe(320);
});

test('a play button pressed before the scripts arrive is kept and given to the island once it has hydrated', async ({
  page,
}) => {
  const loaded = await stubPodcastHost(page);
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const [featured] = site.episodes;
  const play = page.getByRole('button', { name: `Play episode: ${featured!.title}` });
  await play.click();
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await expect(play).toHaveAttribute('data-held', '');
  await expect(page.getByRole('dialog', { name: featured!.title })).toBeHidden();

  scripts.release();
  await expect(play).not.toHaveAttribute('data-held');
  await expect(page.getByRole('dialog', { name: featured!.title })).toBeVisible();
  await expect.poll(() => loaded).toEqual([featured!.link]);
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
  // The latest videos are far below the fold: only the touch can start them.
  const island = page.locator('[data-island="LatestVideos"]');
  await island.evaluate((el) => el.dispatchEvent(new Event('pointerdown')));
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  await expect(island).toHaveAttribute('data-wanted', '');

  scripts.release();
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(island).not.toHaveAttribute('data-wanted');
});
