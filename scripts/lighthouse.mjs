// `npm run lighthouse`: builds, serves the Worker locally with a warm feed cache (bundled sample feeds),
// runs Lighthouse against / and /quiz with the Chromium scripts/chromium.mjs finds, LIGHTHOUSE_RUNS times each
// (default 3), keeps the last reports in reports/lighthouse/ (git-ignored) and prints each run and the median
// scores. Exits non-zero when a median misses its target. `--mobile` runs the mobile mode only (what `npm test` does).
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { startLocalWorker, warmFeedCache } from './local-worker.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 8870);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
const MODES = process.argv.includes('--mobile') ? ['mobile'] : ['mobile', 'desktop'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Every category must score 100 (median of the runs) in both modes. */
const TARGET = 100;
const out = 'reports/lighthouse';
mkdirSync(out, { recursive: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const worker = await startLocalWorker({
  port: PORT,
  vars: { YOUTUBE_SAMPLE_FEEDS: '1', YOUTUBE_THUMB_URL: 'http://127.0.0.1:9' },
});
let failed = 0;
const rows = [];
let chrome;
try {
  const warm = await warmFeedCache(worker.origin);
  console.log(warm ? 'feed cache warm' : 'WARNING: feed cache did not warm; measuring anyway');
  chrome = await chromeLauncher.launch({
    chromePath: requireChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  for (const mode of MODES) {
    for (const path of ['/', '/quiz']) {
      const runs = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(
          worker.origin + path,
          { port: chrome.port, output: ['html', 'json'], logLevel: 'error' },
          mode === 'desktop' ? desktopConfig : undefined,
        );
        const name = `${mode}-${path === '/' ? 'home' : 'quiz'}`;
        writeFileSync(`${out}/${name}.html`, result.report[0]);
        writeFileSync(`${out}/${name}.json`, result.report[1]);
        const { categories: cats, audits } = result.lhr;
        const scores = Object.fromEntries(CATEGORIES.map((k) => [k, Math.round((cats[k]?.score ?? 0) * 100)]));
        runs.push(scores);
        rows.push({
          page: `${mode} ${path} #${run}`,
          ...scores,
          FCP: audits['first-contentful-paint'].displayValue,
          LCP: audits['largest-contentful-paint'].displayValue,
          TBT: audits['total-blocking-time'].displayValue,
          CLS: audits['cumulative-layout-shift'].displayValue,
        });
        for (const k of CATEGORIES.filter((c) => scores[c] < TARGET)) {
          const failing = Object.values(audits)
            .filter(
              (a) => a.score !== null && a.score < 1 && cats[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
            )
            .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
          console.log(`${mode} ${path} run ${run} ${k} ${scores[k]}: ${failing.join(', ')}`);
        }
      }
      const medians = Object.fromEntries(CATEGORIES.map((k) => [k, median(runs.map((r) => r[k]))]));
      const misses = CATEGORIES.filter((k) => medians[k] < TARGET);
      failed += misses.length;
      rows.push({ page: `${mode} ${path} median`, ...medians, missed: misses.join(' ') || '-' });
    }
  }
} finally {
  chrome?.kill();
  await worker.stop();
}
console.table(rows);
console.log(`reports in ${out}/; ${failed ? `${failed} median target(s) missed` : 'all targets met (median of runs)'}`);
process.exit(failed ? 1 : 0);
