import type { Locator, Page } from '@playwright/test';
import { TOPICS } from '../../src/words/site';
import { expect, gotoHydrated, test, keepScreenshot } from '../support/test';
import { resources } from '../support/feeds/videos';

// The Resources section as a visitor on a phone (390 px) and on a laptop meets it: every topic in view without
// swiping the row of topics, and the arrows under the row of videos they scroll.

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Whether the element's box lies wholly inside the viewport's width and inside the box that clips it (`within`). */
async function shownWhole(page: Page, element: Locator, within: Locator): Promise<boolean> {
  const [el, clip] = [await box(element), await box(within)];
  const width = page.viewportSize()!.width;
  return el.x >= 0 && el.x + el.width <= width && el.x >= clip.x && el.x + el.width <= clip.x + clip.width + 0.5;
}

test.describe('resource topics @both', () => {
  test('all six topics are in view at once, each chosen with one tap and showing its videos', async ({
    page,
  }, testInfo) => {
    await gotoHydrated(page, '/', 'ResourceTabs');
    const section = resources(page);
    await section.scrollIntoViewIfNeeded();
    const tablist = section.getByRole('tablist', { name: 'Video topics' });
    const tabs = tablist.getByRole('tab');
    await expect(tabs).toHaveText([...TOPICS]);
    // The row of topics does not scroll sideways: nothing of it is hidden past its edge.
    expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const topic of TOPICS) {
      const tab = tablist.getByRole('tab', { name: topic });
      expect(await shownWhole(page, tab, tablist), `${topic} in view`).toBe(true);
    }
    if (testInfo.project.name === 'phone') {
      await expect(section.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
      await keepScreenshot(section, { path: testInfo.outputPath('resources-390.png') });
    }
    for (const topic of [...TOPICS].reverse()) {
      // A tap where the tab is: the box read above, so the page cannot scroll the row to it first.
      const tab = tablist.getByRole('tab', { name: topic });
      const { x, y, width, height } = await box(tab);
      if (testInfo.project.name === 'phone') await page.touchscreen.tap(x + width / 2, y + height / 2);
      else await page.mouse.click(x + width / 2, y + height / 2);
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const panel = section.getByRole('tabpanel');
      await expect(panel).toHaveAccessibleName(topic);
      await expect(panel.getByRole('link').first()).toContainText(`${topic} talk 1`);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('the arrows sit under the row of videos and scroll that row; the topics stay where they are', async ({
    page,
  }) => {
    await gotoHydrated(page, '/', 'ResourceTabs');
    const section = resources(page);
    await section.scrollIntoViewIfNeeded();
    const tablist = section.getByRole('tablist');
    const next = section.getByRole('button', { name: 'Next videos' });
    const previous = section.getByRole('button', { name: 'Previous videos' });
    await section.getByRole('tab', { name: 'Leadership' }).click();
    const row = section.getByRole('tabpanel', { name: 'Leadership' }).getByRole('list');
    await expect(row.getByRole('link').first()).toContainText('Leadership talk 1');

    // Below the row they scroll, and below the topics.
    const rowBox = await box(row);
    for (const arrow of [next, previous]) {
      expect((await box(arrow)).y).toBeGreaterThanOrEqual(rowBox.y + rowBox.height);
      expect((await box(arrow)).y).toBeGreaterThan((await box(tablist)).y + (await box(tablist)).height);
    }

    const tabsBefore = await tablist
      .getByRole('tab')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    const scrollLeft = () => row.evaluate((el) => Math.round(el.scrollLeft));
    await next.click();
    await expect.poll(scrollLeft).toBe(320);
    await previous.click();
    await expect.poll(scrollLeft).toBe(0);
    await next.click();
    await expect.poll(scrollLeft).toBe(320);
    // The topics neither moved nor changed: the arrows are the videos'.
    expect(await tablist.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(await tablist.getByRole('tab').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x))).toEqual(
      tabsBefore,
    );
    await expect(section.getByRole('tab', { name: 'Leadership' })).toHaveAttribute('aria-selected', 'true');
  });
});
