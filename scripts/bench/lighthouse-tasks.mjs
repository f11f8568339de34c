// `npm run lighthouse:tasks`: what Lighthouse's simulated total blocking time counts, task by task.
// Runs Lighthouse (mobile, its simulated throttling at LIGHTHOUSE_CPU_SLOWDOWN, default 4) against / and /quiz (LIGHTHOUSE_PATHS; `/c/:token` for a client's page, `/guides/confirm` for a guide's link) of each origin
// in LIGHTHOUSE_ORIGINS ("A=http://127.0.0.1:8865,B=http://127.0.0.1:8867"), interleaved A, B, A, B… for
// LIGHTHOUSE_RUNS rounds (default 3), one Chrome for all. Without LIGHTHOUSE_ORIGINS it builds and serves this
// checkout on LIGHTHOUSE_PORT (default 8870) with a warm feed cache, as `npm run lighthouse` does.
// Simulated throttling multiplies each observed task by the CPU slowdown (at 4: 4, or 2 for a task that lays out):
// an observed task over about 12 ms (25 ms with a layout) counts at 4x, over about 6 ms (12 ms) at 8x. Per run it prints the score, simulated TBT,
// benchmark index, load average, the frames drawn and the CPU of the page's, the browser's and the compositor's threads
// in the first 1.5 s (decision 036), then each main-thread task that could count, with its thread time (the CPU
// it got: on a shared host its wall clock is mostly waiting for a core), its wall clock and what ran in it (Parse
// HTML, Layout with its object count, style recalculation, scripts by file); the table sums the thread times as
// Lantern would. LIGHTHOUSE_TASKS_SIM=1 also lists the tasks of the simulation itself over 40 ms, marked COUNTED
// when they end after the simulated FCP. It measures; it passes or fails nothing.
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import * as chromeLauncher from 'chrome-launcher';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, requireChromium } from '../dev/chromium.mjs';
import { startLocalWorker, warmFeedCache } from '../dev/local-worker.mjs';
import {
  clientPagePath,
  describeTask,
  guidePagePath,
  LOCAL_SITE_VARS,
  observedLongTasks,
  offerSampleGuide,
} from './applied-throttling.mjs';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
const PATHS = (process.env.LIGHTHOUSE_PATHS || '/,/quiz').split(',');
const SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN || 4);
// LIGHTHOUSE_THROTTLING=devtools: Chromium itself slows the CPU (Lighthouse's `devtools` method; the network is left
// as it is on loopback) and the blocking time is read off the trace as it happened, not simulated from an unthrottled
// load: what a phone that slow runs after its first paint. Each run then lists the page's tasks over 50 ms after it;
// the cpuTBT columns, estimates for the simulation, do not apply.
const DEVTOOLS = process.env.LIGHTHOUSE_THROTTLING === 'devtools';
const config =
  SLOWDOWN === 4 && !DEVTOOLS
    ? undefined
    : {
        extends: 'lighthouse:default',
        settings: {
          ...(DEVTOOLS ? { throttlingMethod: 'devtools' } : {}),
          throttling: {
            ...throttling.mobileSlow4G,
            ...(DEVTOOLS ? { requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 } : {}),
            cpuSlowdownMultiplier: SLOWDOWN,
          },
        },
      };

/** The counted tasks of the last TBT estimate, kept by the hook below (optimistic and pessimistic passes). */
let counted = [];
/** Every main-thread task of the last run's graph (observed). */
let tasks = new Set();
const TBT = Lantern.Metrics.TotalBlockingTime;
const estimate = TBT.getEstimateFromSimulation.bind(TBT);
TBT.getEstimateFromSimulation = function (simulation, extras) {
  const result = estimate(simulation, extras);
  const fcp = (extras.optimistic ? extras.fcpResult.pessimisticEstimate : extras.fcpResult.optimisticEstimate).timeInMs;
  for (const [node, timing] of simulation.nodeTimings) {
    if (node.type === 'cpu') tasks.add(node);
    if (node.type !== 'cpu' || timing.duration < 40) continue;
    counted.push({ pass: extras.optimistic ? 'opt' : 'pess', fcp, node, timing });
  }
  return result;
};

/**
 * Who else wanted the host's cores while the page loaded (decision 036): over the first 1.5 s after the navigation,
 * the frames Chromium drew (one Lighthouse screenshot each) and the CPU time of the threads that do most of the
 * work: the page's main thread, the browser's, and the GPU process's compositor (software compositing: no GPU).
 */
function sharing(trace) {
  const events = trace.traceEvents;
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  const [from, to] = [nav?.ts ?? 0, (nav?.ts ?? 0) + 1_500_000];
  const cpu = { CrRendererMain: 0, CrBrowserMain: 0, VizCompositorThread: 0 };
  // A task is `RunTask` in Lighthouse's trace, `ThreadControllerImpl::RunTask` in some Chromium builds'.
  const task = events.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  let frames = 0;
  for (const e of events) {
    if (e.ts < from || e.ts > to) continue;
    if (e.name === 'Screenshot') frames++;
    const thread = threads.get(`${e.pid}:${e.tid}`);
    if (e.ph === 'X' && e.name === task && thread in cpu) cpu[thread] += (e.tdur ?? 0) / 1000;
  }
  return {
    frames,
    'page ms': Math.round(cpu.CrRendererMain),
    'browser ms': Math.round(cpu.CrBrowserMain),
    'compositor ms': Math.round(cpu.VizCompositorThread),
  };
}

let worker;
let origins;
if (process.env.LIGHTHOUSE_ORIGINS) {
  origins = process.env.LIGHTHOUSE_ORIGINS.split(',').map((pair) => pair.split('='));
} else {
  const port = Number(process.env.LIGHTHOUSE_PORT || 8870);
  worker = await startLocalWorker({
    port,
    vars: LOCAL_SITE_VARS,
  });
  await warmFeedCache(worker.origin);
  // `/` as `npm run lighthouse` measures it: with the sample guide's block.
  await offerSampleGuide(worker.origin);
  origins = [['this', worker.origin]];
}
// `/c/:token` is a client's page and `/guides/confirm` a guide's link, made on each origin as `npm run lighthouse`
// makes them (the origin must be a local development Worker); their tokens are a local run's only, and the output
// keeps the path's name.
const urls = new Map();
for (const [, origin] of origins) {
  for (const path of PATHS) {
    const made = { '/c/:token': clientPagePath, '/guides/confirm': guidePagePath }[path];
    urls.set(origin + path, made ? origin + (await made(origin)) : origin + path);
  }
}
const chrome = await chromeLauncher.launch({
  chromePath: requireChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const rows = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const path of PATHS) {
      for (const [label, origin] of origins) {
        counted = [];
        tasks = new Set();
        const load = loadavg()[0].toFixed(1);
        const { lhr, artifacts } = await lighthouse(
          urls.get(origin + path),
          { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] },
          config,
        );
        if (lhr.runtimeError) {
          console.log(`${label} ${path} run ${run}: Lighthouse could not measure the load (${lhr.runtimeError.code})`);
          continue;
        }
        // The same sum from thread time (the CPU a task got, not the wall clock it took while it waited for a
        // core on a shared host), times the simulation's multiplier, less 50 ms: for the tasks after the observed
        // FCP, and for every task but the first parse, layout and paint (those make the simulated FCP; any other
        // may be simulated after it, wherever it was observed).
        const fcpTs = artifacts.Trace.traceEvents.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
        let cpuAfterFcp = 0;
        let cpuAny = 0;
        const heavy = [];
        const byId = new Map([...tasks].map((node) => [node.id, node]));
        const firsts = new Set();
        for (const name of ['ParseHTML', 'Layout', 'Paint']) {
          const first = [...byId.values()]
            .sort((a, b) => a.startTime - b.startTime)
            .find((node) => node.childEvents.some((e) => e.name === name));
          if (first) firsts.add(first.id);
        }
        for (const node of [...byId.values()].sort((a, b) => a.startTime - b.startTime)) {
          const ms = (node.event.tdur ?? node.duration) / 1000;
          const wall = node.duration / 1000;
          const mult = node.didPerformLayout() ? SLOWDOWN / 2 : SLOWDOWN;
          const after = node.startTime >= fcpTs;
          const excess = Math.max(0, ms * mult - 50);
          if (after) cpuAfterFcp += excess;
          if (!firsts.has(node.id)) cpuAny += excess;
          if (ms * mult > 20 || wall * mult > 50)
            heavy.push(
              `   ${after ? 'after' : 'BEFORE'} FCP ${Math.round((node.startTime - fcpTs) / 1000)} ms${firsts.has(node.id) ? ' (first)' : ''}:` +
                ` cpu ${ms.toFixed(1)} wall ${wall.toFixed(1)} ×${mult}: ${describeTask(node)}`,
            );
        }
        const row = {
          build: label,
          page: path,
          run,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          TBT: Math.round(lhr.audits['total-blocking-time'].numericValue),
          FCP: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          LCP: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          CLS: lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
          'cpuTBT after FCP': DEVTOOLS ? '-' : Math.round(cpuAfterFcp),
          'cpuTBT any': DEVTOOLS ? '-' : Math.round(cpuAny),
          bench: Math.round(lhr.environment.benchmarkIndex),
          load,
          ...sharing(artifacts.Trace),
        };
        rows.push(row);
        console.log(Object.values(row).join(' | '));
        for (const line of DEVTOOLS ? observedLongTasks(artifacts.Trace) : heavy) console.log(line);
        const seen = new Set();
        if (process.env.LIGHTHOUSE_TASKS_SIM !== '1') continue;
        for (const { pass, fcp, node, timing } of counted) {
          const id = `${node.id}`;
          if (seen.has(id)) continue;
          seen.add(id);
          const counts =
            timing.duration > 50 && timing.endTime > fcp ? 'COUNTED' : timing.endTime < fcp ? 'pre-FCP' : 'under50';
          console.log(
            `   ${counts} (${pass}, FCP ${Math.round(fcp)}): sim ${Math.round(timing.startTime)}+${Math.round(timing.duration)} ms,` +
              ` observed ${(node.duration / 1000).toFixed(1)} ms: ${describeTask(node)}`,
          );
        }
      }
    }
  }
} finally {
  chrome.kill();
  await worker?.stop();
}
console.table(rows);
