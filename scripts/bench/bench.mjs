// `npm run bench`: server cost of the landing page, in one run against the same local Worker.
// 1. req/s and p50/p99 of / (warm feed cache) beside a static asset of the same size, and their ratio;
// 2. the CPU time of one server render and of feed parsing, measured inside workerd (bench/*.measure.ts*).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fmt, runLoad } from './http-load.mjs';
import { startLocalWorker, warmFeedCache } from '../dev/local-worker.mjs';

const PORT = Number(process.env.BENCH_PORT || 8880);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const TOTAL = Number(process.env.BENCH_REQUESTS || 2000);
const MAX_SECONDS = Number(process.env.BENCH_SECONDS || 20);

const worker = await startLocalWorker({ port: PORT, vars: { YOUTUBE_SAMPLE_FEEDS: '1' } });
let page, asset, size;
try {
  if (!(await warmFeedCache(worker.origin))) console.log('WARNING: feed cache did not warm');
  const html = await (await fetch(worker.origin + '/')).text();
  size = Buffer.byteLength(html);
  // A static file of exactly the page's size, served by Workers Static Assets from the same Worker.
  writeFileSync('public/assets/bench-same-size.html', html);
  await new Promise((r) => setTimeout(r, 1500)); // wrangler dev picks up the new asset
  const opts = { concurrency: CONCURRENCY, total: TOTAL, maxSeconds: MAX_SECONDS };
  await runLoad({ ...opts, total: 200, request: () => fetch(worker.origin + '/') }); // warm-up
  page = await runLoad({ ...opts, request: () => fetch(worker.origin + '/') });
  asset = await runLoad({ ...opts, request: () => fetch(worker.origin + '/assets/bench-same-size.html') });
} finally {
  await worker.stop();
}
console.log(`\nbench (${CONCURRENCY} concurrent, loopback, wrangler dev):`);
console.log(`  /              ${size} bytes: ${fmt(page)}`);
console.log(`  static asset   ${size} bytes: ${fmt(asset)}`);
console.log(
  `  ratio page/asset: throughput ${(page.rps / asset.rps).toFixed(2)}, p50 ${(page.p50 / asset.p50).toFixed(2)}x, p99 ${(page.p99 / asset.p99).toFixed(2)}x`,
);

// The CPU measurements inside workerd (bench/*.measure.tsx?): each prints its figures and checks its budget.
const r = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    'scripts/bench/measure/render-cost.measure.tsx',
    'scripts/bench/measure/feeds-parse.measure.ts',
    '--silent=false',
  ],
  {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', MEASURE: '1' },
  },
);
const lines = (r.stdout + r.stderr).split('\n').filter((l) => /server render CPU|feed parse CPU/.test(l));
console.log(
  lines.length > 0
    ? lines.map((l) => `  ${l.trim()}`).join('\n')
    : '  the CPU measurements did not report (see MEASURE=1 npx vitest run scripts/bench/measure/render-cost.measure.tsx)',
);
if (r.status !== 0) console.log('  a CPU budget was broken (MEASURE=1 npx vitest run bench/ says which)');
process.exit(page.errors + asset.errors > 0 || r.status !== 0 ? 1 : 0);
