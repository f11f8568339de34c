import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, requireChromium } from '../dev/chromium.mjs';
const [url, n, slow] = [process.argv[2], Number(process.argv[3] || 6), Number(process.argv[4] || 8)];
const chrome = await chromeLauncher.launch({ chromePath: requireChromium(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const out = [];
for (let i = 0; i < n; i++) {
  const r = await lighthouse(url, { port: chrome.port, logLevel: 'error' }, { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'], throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slow } } });
  out.push(`${Math.round(r.lhr.categories.performance.score * 100)}/${Math.round(r.lhr.audits['total-blocking-time'].numericValue)}/${Math.round(r.lhr.environment.benchmarkIndex)}`);
}
console.log(url, `${slow}x`, 'score/TBT/bench:', out.join('  '));
await chrome.kill();
