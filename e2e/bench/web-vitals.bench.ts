import type { Browser, CDPSession, Page } from '@playwright/test';
import { setYoutube, withFeedsLock } from '../support/feeds/feeds';
import { expect, test } from '../support/test';

/** Total blocking time of / on the emulated phone, median of RUNS loads, may be at most this. */
const TBT_BUDGET_MS = 150;
/** Largest contentful paint of / on the emulated phone ("good" in Core Web Vitals). */
const LCP_BUDGET_MS = 2_500;
const RUNS = 3;

/** The emulated phone's CPU: this many times slower than the machine running the suite. */
const CPU_SLOWDOWN = 4;

type Vitals = { lcp: number; cls: number; tbt: number; fcp: number };
type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Waits until every island that started loading has hydrated (<html data-hydrated>), with one small
 * expression over the DevTools protocol. Playwright's own locators would first inject its selector
 * engine into the page: a script of its own, evaluated on the page's main thread while it is traced,
 * that no visitor's phone runs (about 60 ms of "blocking" at 4x).
 */
async function hydrated(cdp: CDPSession): Promise<void> {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    awaitPromise: true,
    returnByValue: true,
    expression: `new Promise((resolve) => {
      const html = document.documentElement;
      const done = () => html.hasAttribute('data-hydrated');
      if (done()) return resolve(true);
      const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(true); } });
      watch.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
      setTimeout(() => resolve(done()), 20000);
    })`,
  });
  expect(exceptionDetails, 'waiting for hydration').toBeUndefined();
  expect(result.value, 'every island that started loading has hydrated').toBe(true);
}

/**
 * Total blocking time from a Chromium trace of the page's main thread, as defined for the metric: the
 * part beyond 50 ms of each task after the first contentful paint (a task spanning the paint counts from
 * it). Each task's length is its CPU time (thread time, not wall time) times the phone's slowdown: wall
 * time on a machine shared with other jobs counts the time the thread waited for a core, CPU time only
 * the page's own work, which is what would block a phone. (Lighthouse estimates it the same way, from
 * an unthrottled trace.)
 */
function blockingTime(events: TraceEvent[]): number {
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && mains.has(`${e.pid}:${e.tid}`));
  expect(fcp, 'the trace has a first contentful paint').toBeDefined();
  const thread = `${fcp!.pid}:${fcp!.tid}`;
  let total = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || `${e.pid}:${e.tid}` !== thread || !e.dur || e.tdur === undefined)
      continue;
    const end = e.ts + e.dur;
    if (end <= fcp!.ts) continue;
    const after = Math.min(1, (end - fcp!.ts) / e.dur);
    total += Math.max(0, (e.tdur / 1000) * after * CPU_SLOWDOWN - 50);
  }
  return total;
}

// Core Web Vitals of / on an emulated mid-range phone: 4x CPU slowdown and a "fast 3G"-like network.
// The machine running the suite may be busy: blocking time counts the page's CPU time (see blockingTime),
// median of three cold loads; the wall-clock long-task figure is printed beside it.
// Measured in a known state: the YouTube stand-in serving its feeds and the feeds cache warm, held
// under the feeds lock so no other journey changes them meanwhile.
test.describe('core web vitals @phone', () => {
  test(`LCP <= ${LCP_BUDGET_MS} ms, CLS < 0.05 and median TBT <= ${TBT_BUDGET_MS} ms of / on an emulated phone`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await withFeedsLock(async () => {
      await setYoutube({});
      const warm = await page.request.get('/');
      expect(warm.status(), 'the warm-up view of /').toBe(200);
      await measure(page, browser);
    });
  });
});

async function measure(page: Page, browser: Browser): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Every load is cold: no HTTP cache, so no compiled-code cache either.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __vitals: Vitals };
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
    // Wall-clock total blocking time: the part of each long task beyond 50 ms.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__vitals.tbt += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  const load = async () => {
    await page.goto('/');
    await hydrated(cdp);
    await page.waitForTimeout(1_000);
    return page.evaluate(() => (window as unknown as { __vitals: Vitals }).__vitals);
  };

  // Blocking time: traced loads at the machine's own speed, each task's CPU time scaled to the phone.
  const blocking: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await browser.startTracing(page, {
      categories: ['toplevel', 'loading', 'disabled-by-default-devtools.timeline'],
    });
    await load();
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    blocking.push(blockingTime(trace.traceEvents));
  }
  // Paint and layout shift: the page on the emulated phone itself.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const v = await load();
  const tbt = median(blocking);
  console.log(
    `web vitals of / (${CPU_SLOWDOWN}x CPU, 1.6 Mbps, 150 ms RTT): FCP ${v.fcp.toFixed(0)} ms, LCP ${v.lcp.toFixed(0)} ms, ` +
      `CLS ${v.cls.toFixed(3)}, wall-clock long tasks ${v.tbt.toFixed(0)} ms; TBT from CPU time of ${RUNS} cold loads: ` +
      `${blocking.map((b) => b.toFixed(0)).join(', ')} ms, median ${tbt.toFixed(0)} ms`,
  );
  expect(v.lcp).toBeGreaterThan(0);
  expect(v.lcp, 'LCP on the emulated phone').toBeLessThanOrEqual(LCP_BUDGET_MS);
  expect(v.cls).toBeLessThan(0.05);
  expect(tbt, `median TBT of ${RUNS} cold loads`).toBeLessThanOrEqual(TBT_BUDGET_MS);
}
