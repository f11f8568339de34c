// `npm run hydration`: what a visitor on a slow phone waits for. Builds, serves the Worker locally with a warm
// feed cache (as `npm run lighthouse` does), then loads / and /quiz HYDRATION_RUNS times each (default 5) in
// Chromium on an emulated phone: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU 4x slower, 390x844. Prints, per
// page, the first contentful paint and the moment every island that started loading had hydrated
// (<html data-hydrated>), each load and the median. It measures; it passes or fails nothing.
/* global window, document, MutationObserver -- the functions passed to the page run in the browser */
import { median, onSlowPhone } from './slow-phone.mjs';

const PORT = Number(process.env.HYDRATION_PORT || 8875);
const RUNS = Math.max(1, Number(process.env.HYDRATION_RUNS || 5));

const rows = [];
await onSlowPhone(PORT, async (phone, origin) => {
  for (const path of ['/', '/quiz']) {
    const loads = [];
    for (let run = 0; run < RUNS; run++) {
      // Records when <html data-hydrated> first appears (observing the document: the init script runs before
      // the page's own <html> exists).
      const { context, page } = await phone(() => {
        new MutationObserver((_, observer) => {
          if (!document.documentElement.hasAttribute('data-hydrated')) return;
          window.__hydratedAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
      });
      await page.goto(origin + path, { waitUntil: 'load' });
      await page.waitForFunction(() => window.__hydratedAt, null, { timeout: 30_000 });
      loads.push(
        await page.evaluate(() => ({
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          hydrated: window.__hydratedAt,
        })),
      );
      await context.close();
    }
    const each = (k) => loads.map((l) => Math.round(l[k]));
    rows.push({
      page: path,
      'FCP median (ms)': median(each('fcp')),
      'hydrated median (ms)': median(each('hydrated')),
      'FCP each': each('fcp').join(' '),
      'hydrated each': each('hydrated').join(' '),
    });
  }
});
console.table(rows);
