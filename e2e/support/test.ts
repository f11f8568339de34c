import { test as base, expect, type Page } from '@playwright/test';

/**
 * The suite's `test`: every page records console errors, uncaught exceptions and
 * CSP violations, and the test fails if any occurred.
 */
export const test = base.extend<{ problems: string[] }>({
  // Each test is a distinct visitor: its own client address, so per-address rate
  // limits (CF-Connecting-IP; wrangler dev only fills it in when absent) apply per test.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const visitor = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    await use({ ...extraHTTPHeaders, 'CF-Connecting-IP': visitor });
  },
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        // A failed resource names its address (after the message, which callers match by its start).
        const where = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
        if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}${where}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, 'no console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page and waits until the islands it loads at once have hydrated. Islands below the fold load
 * when they come near or are first touched: name the ones a test uses, and they are loaded (by a touch,
 * without scrolling) and waited for too.
 */
export async function gotoHydrated(page: Page, path: string, ...islands: string[]): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  for (const name of islands) await hydrateIsland(page, name);
}

/** Loads every island named `name` on the page (as a first touch would) and waits until each has hydrated. */
export async function hydrateIsland(page: Page, name: string): Promise<void> {
  const markers = page.locator(`[data-island="${name}"]`);
  expect(await markers.count(), `islands named ${name}`).toBeGreaterThan(0);
  await markers.evaluateAll((els) => els.forEach((el) => el.dispatchEvent(new Event('pointerdown'))));
  await expect(page.locator(`[data-island="${name}"]:not([data-hydrated])`)).toHaveCount(0, { timeout: 15_000 });
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 900;
}
