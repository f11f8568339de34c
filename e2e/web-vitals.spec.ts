import { expect, test } from './support/test';

// Core Web Vitals of / on an emulated mid-range phone: 4x CPU slowdown and a "fast 3G"-like network.
test.describe('core web vitals @phone', () => {
  test('LCP, CLS and total blocking time of / are measured; CLS stays below 0.05', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.addInitScript(() => {
      const w = window as unknown as { __vitals: { lcp: number; cls: number; tbt: number; fcp: number } };
      w.__vitals = { lcp: 0, cls: 0, tbt: 0, fcp: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__vitals.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) w.__vitals.cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__vitals.fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
      // Total blocking time: the part of each long task beyond 50 ms.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__vitals.tbt += Math.max(0, e.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
    });

    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForTimeout(1_000);
    const vitals = await page.evaluate(
      () => (window as unknown as { __vitals: { lcp: number; cls: number; tbt: number; fcp: number } }).__vitals,
    );
    console.log(
      `web vitals of / (4x CPU, 1.6 Mbps, 150 ms RTT): FCP ${vitals.fcp.toFixed(0)} ms, LCP ${vitals.lcp.toFixed(0)} ms, ` +
        `CLS ${vitals.cls.toFixed(3)}, TBT ${vitals.tbt.toFixed(0)} ms`,
    );
    expect(vitals.lcp).toBeGreaterThan(0);
    expect(vitals.cls).toBeLessThan(0.05);
  });
});
