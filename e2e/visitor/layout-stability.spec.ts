import { setYoutube, withFeedsLock } from '../support/feeds/feeds';
import { expect, test } from '../support/test';

// Nothing on / moves once it is painted: cumulative layout shift below 0.05 ("good" is 0.1) over a cold load
// until every island has hydrated. Layout shift is a distance, not a time: it holds on a busy machine too.
// (LCP and blocking time are timings: `npm run vitals` measures them, `npm test` does not.)
test.describe('layout stability @both', () => {
  test('/ does not shift while it loads and hydrates', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) w.__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await withFeedsLock(async () => {
      await setYoutube({});
      expect((await page.request.get('/')).status(), 'the warm-up view of /').toBe(200);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    });
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, 'cumulative layout shift of /').toBeLessThan(0.05);
  });
});
