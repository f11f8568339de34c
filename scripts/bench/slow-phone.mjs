// What `npm run hydration` and `npm run first-tap` measure on: the site served locally with a warm feed cache
// (bundled sample feeds), and a phone emulated in Chromium: 390x844 with touch, 150 ms RTT, 1.6 Mbps down,
// 750 kbps up, CPU 4x slower.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, requireChromium } from '../dev/chromium.mjs';
import { startLocalWorker, warmFeedCache } from '../dev/local-worker.mjs';

/** Starts the Worker and Chromium; `measure(phone, origin)` runs with them, and both are stopped after. */
export async function onSlowPhone(port, measure) {
  const worker = await startLocalWorker({
    port,
    vars: { YOUTUBE_SAMPLE_FEEDS: '1', YOUTUBE_THUMB_URL: 'http://127.0.0.1:9' },
  });
  let browser;
  try {
    if (!(await warmFeedCache(worker.origin))) console.log('WARNING: feed cache did not warm; measuring anyway');
    browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
    /** A fresh emulated phone: its context (close it after) and page, before any navigation. */
    const phone = async (initScript, arg) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      if (initScript) await page.addInitScript(initScript, arg);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      return { context, page };
    };
    return await measure(phone, worker.origin);
  } finally {
    await browser?.close();
    await worker.stop();
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
