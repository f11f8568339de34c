// `npm run lighthouse`: builds, serves the Worker locally with a warm feed cache (bundled sample feeds),
// runs Lighthouse in mobile and desktop modes against / and /quiz with the Chromium scripts/chromium.mjs finds, keeps the
// reports in reports/lighthouse/ (git-ignored) and prints a table. Exits non-zero when a target is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { startLocalWorker, warmFeedCache } from './local-worker.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 8870);
const TARGETS = { mobile: { performance: 95 }, desktop: { performance: 100 } };
const OTHER = { accessibility: 100, 'best-practices': 100, seo: 100 };
const out = 'reports/lighthouse';
mkdirSync(out, { recursive: true });

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
  for (const mode of ['mobile', 'desktop']) {
    for (const path of ['/', '/quiz']) {
      const result = await lighthouse(
        worker.origin + path,
        { port: chrome.port, output: ['html', 'json'], logLevel: 'error' },
        mode === 'desktop' ? desktopConfig : undefined,
      );
      const name = `${mode}-${path === '/' ? 'home' : 'quiz'}`;
      writeFileSync(`${out}/${name}.html`, result.report[0]);
      writeFileSync(`${out}/${name}.json`, result.report[1]);
      const cats = result.lhr.categories;
      const score = (k) => Math.round((cats[k]?.score ?? 0) * 100);
      const targets = { ...OTHER, ...TARGETS[mode] };
      const misses = Object.entries(targets).filter(([k, t]) => score(k) < t);
      failed += misses.length;
      rows.push({
        page: `${mode} ${path}`,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        LCP: result.lhr.audits['largest-contentful-paint'].displayValue,
        TBT: result.lhr.audits['total-blocking-time'].displayValue,
        CLS: result.lhr.audits['cumulative-layout-shift'].displayValue,
        missed: misses.map(([k]) => k).join(' ') || '-',
      });
      for (const [k] of misses) {
        const failing = Object.values(result.lhr.audits)
          .filter(
            (a) => a.score !== null && a.score < 1 && cats[k].auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
        console.log(`${mode} ${path} ${k}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  chrome?.kill();
  await worker.stop();
}
console.table(rows);
console.log(`reports in ${out}/; ${failed ? `${failed} target(s) missed` : 'all targets met'}`);
process.exit(failed ? 1 : 0);
