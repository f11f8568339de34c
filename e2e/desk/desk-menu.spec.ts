/**
 * Every desk section is one tap away: on a phone (390 px) behind one "Menu" button, all of them on screen once it is
 * open, with JavaScript and without; on a laptop all of them in a row. The section the owner is on is marked.
 */
import type { Page } from '@playwright/test';
import { signIn } from '../support/desk/desk';
import { expect, isPhone, test, keepScreenshot } from '../support/test';

/** The desk's sections as the menu names them, and the address each opens (the export is a download). */
const SECTIONS = [
  ['Inbox', '/desk'],
  ['Bookings', '/desk/bookings'],
  ['Payments', '/desk/payments'],
  ['People', '/desk/people'],
  ['Conversations', '/desk/conversations'],
  ['Saved replies', '/desk/replies'],
  ['Links', '/desk/links'],
  ['Site content', '/desk/content'],
  ['Numbers', '/desk/numbers'],
  ['Sources', '/desk/sources'],
  ['Health', '/desk/health'],
] as const;
const EXPORT = 'Export CSV';

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Desk' });

/** Each section's link is shown whole inside the viewport: a tap reaches it without scrolling either way. */
async function expectAllOnScreen(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  for (const name of [...SECTIONS.map(([label]) => label), EXPORT]) {
    const link = menuOf(page).getByRole('link', { name, exact: true });
    await expect(link, name).toBeVisible();
    const box = (await link.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, `${name} is above the fold`).toBeLessThanOrEqual(viewport.height);
    expect(box.height, `${name} is big enough to tap`).toBeGreaterThanOrEqual(44);
  }
}

/** Visits each section through the menu and checks that the section is the one marked current. */
async function visitEach(page: Page): Promise<void> {
  await page.goto('/desk/health');
  for (const [label, path] of SECTIONS) {
    const menu = menuOf(page);
    if (isPhone(page)) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeHidden();
      await menu.locator('summary').click();
    }
    await expectAllOnScreen(page);
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const marked = menuOf(page).locator('a[aria-current="page"]');
    if (isPhone(page)) {
      // Closed on the new page, the button names where the owner is.
      await expect(menuOf(page).locator('summary')).toHaveText(`Menu · ${label}`);
      await menuOf(page).locator('summary').click();
    }
    await expect(marked.filter({ visible: true })).toHaveText(label);
    if (isPhone(page)) await menuOf(page).locator('summary').click();
  }
}

test.describe('the desk menu', () => {
  test.describe.configure({ timeout: 90_000 });

  test('every section is one tap from the menu, and the current one is marked @both', async ({ page }, info) => {
    await signIn(page);
    await visitEach(page);
    if (isPhone(page)) await menuOf(page).locator('summary').click();
    await keepScreenshot(page, { path: info.outputPath(`desk-menu-${info.project.name}.png`) });
  });

  // The desk menu needs no script: without JavaScript the phone's menu (a native <details>) is the part that could
  // break; the laptop's row is plain links either way.
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('every section is one tap from the menu', async ({ page }) => {
      await signIn(page);
      await visitEach(page);
    });
  });
});
