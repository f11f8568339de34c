import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, requireChromium } from '../dev/chromium.mjs';
import { startLocalWorker, warmFeedCache } from '../dev/local-worker.mjs';
import { appliedConfig, tasksAfterPaint, eventsInside } from './applied-throttling.mjs';
const worker = await startLocalWorker({
  port: 8871,
  vars: { YOUTUBE_SAMPLE_FEEDS: '1', YOUTUBE_THUMB_URL: 'http://127.0.0.1:9' },
});
await warmFeedCache(worker.origin);
const chrome = await chromeLauncher.launch({
  chromePath: requireChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
try {
  for (const path of (process.env.P || '/').split(',')) {
    const { artifacts } = await lighthouse(
      worker.origin + path,
      { port: chrome.port, logLevel: 'error' },
      appliedConfig(8),
    );
    const trace = artifacts.Trace;
    writeFileSync(`/tmp/trace-${path.replace(/\W/g, '_')}.json`, JSON.stringify(trace));
    for (const t of tasksAfterPaint(trace, 50).sort((a, b) => a.afterMs - b.afterMs)) {
      console.log(`${path} TASK after ${t.afterMs} wall ${t.wallMs.toFixed(1)}`);
      for (const e of eventsInside(trace, t.event)
        .filter((e) => (e.dur ?? 0) > 2000)
        .slice(0, 25))
        console.log(
          `   +${((e.ts - t.event.ts) / 1000).toFixed(1)} ${e.name} ${(e.dur / 1000).toFixed(1)} ${JSON.stringify(e.args?.beginData?.stackTrace?.[0] ?? e.args?.data?.url ?? e.args?.data?.type ?? e.args?.data?.functionName ?? '').slice(0, 120)}`,
        );
    }
  }
} finally {
  chrome.kill();
  await worker.stop();
}
