// `npm test`: everything a change can break; exits non-zero if any step failed.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// Two lanes once the client is built. The end-to-end suite starts at once and prints as it goes. The checks run
// beside it two at a time (the linter, and beside it the typecheck then the workerd tests; once the linter has ended,
// the operator scripts): the suite is several busy processes (the browser, the Worker, the test workers) and the
// processor is shared out per process, so a lane of one check at a time would get the smaller part of the two cores
// and end well after the suite. A step starts once every step named in its `after` has ended: what it needs, or what
// it would otherwise compete with. Each check's output is printed whole when it ends.
const steps = [
  // The build writes src/generated/assets.json, which the Worker's code (and so the typecheck) imports.
  { name: 'build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'e2e (Chromium)', cmd: 'npx', args: ['playwright', 'test'], after: ['build'], live: true },
  // Env is generated from wrangler.toml; a var or binding added without `npm run types` fails here.
  { name: 'types up to date', cmd: 'npm', args: ['run', 'types:check'], after: ['build'] },
  { name: 'format and lint', cmd: 'npm', args: ['run', 'lint'], after: ['types up to date'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'], after: ['types up to date'] },
  // The workerd tests start once the typecheck has ended, beside the linter (the longer of the two): the lane keeps two
  // processes busy beside the browser's many.
  { name: 'workerd tests', cmd: 'npx', args: ['vitest', 'run'], after: ['typecheck'] },
  // The operator scripts and the runbook rehearsed against https stand-ins (Node's test runner: Node programs). The
  // rehearsed deploy runs the typecheck itself, which must find the step's build done, not under way.
  { name: 'operator scripts', cmd: 'npm', args: ['run', 'test:operator'], after: ['format and lint', 'typecheck'] },
  // The production Worker bundle, built offline: https SITE_URL, no loopback address, at most 1 MiB gzip.
  {
    name: 'deploy dry run',
    cmd: 'npm',
    args: ['run', 'deploy', '--', '--env', 'production', '--dry-run'],
    after: ['workerd tests', 'operator scripts'],
  },
];

// Every step starts Node programs, many of them again and again (wrangler, each operator script the tests run, the
// Playwright workers): Node keeps the code it compiled for a module on disk and reuses it while the file is unchanged.
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || path.resolve('node_modules/.cache/node-compile'),
};
const began = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs one step: a live one prints its lines as they come, any other its whole output once it has ended. */
function run({ name, cmd, args, live }) {
  const started = Date.now();
  const title = `=== ${name}: ${cmd} ${args.join(' ')}`;
  if (live) console.log(`\n${title} (printed as it goes)`);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const output = [];
  const lines = [];
  // Whole lines only, through this process's stdout: a check's output printed meanwhile never splits one.
  let partial = '';
  const take = (data) => {
    const parts = (partial + data).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (!live) return void output.push(data);
    for (const line of parts) process.stdout.write(`${line}\n`);
  };
  // As text, decoded across chunks: a character split between two chunks stays whole.
  child.stdout.setEncoding('utf8').on('data', take);
  child.stderr.setEncoding('utf8').on('data', take);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const took = seconds(started);
      if (live && partial) process.stdout.write(`${partial}\n`);
      if (live) console.log(`=== ${name}: ended (${took} s)`);
      else process.stdout.write(`\n${title} (${took} s)\n${output.join('')}`);
      if (partial) lines.push(partial);
      resolve({ name, ok: code === 0, seconds: took, lines });
    });
  });
}

const results = new Map();
const ended = new Map(steps.map((s) => [s.name, Promise.withResolvers()]));
for (const step of steps) {
  for (const dep of step.after ?? []) if (!ended.has(dep)) throw new Error(`${step.name}: no step named ${dep}`);
}
await Promise.all(
  steps.map(async (step) => {
    // A step runs even when one before it failed: the summary names every problem at once.
    await Promise.all((step.after ?? []).map((dep) => ended.get(dep).promise));
    results.set(step.name, await run(step));
    ended.get(step.name).resolve();
  }),
);

console.log('\n=== summary');
for (const { name } of steps) {
  const r = results.get(name);
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
}
const failed = [...results.values()].filter((r) => !r.ok).length;
console.log(`${results.size - failed} passed, ${failed} failed, ${seconds(began)} s in all`);
// A failing step's own verdict, last: a reader of only the end of a long log still learns which test failed.
for (const { name } of steps) {
  const r = results.get(name);
  if (r.ok) continue;
  console.log(`\n=== ${name} failed:`);
  for (const line of failureLines(r.lines)) console.log(line);
}
process.exit(failed ? 1 : 0);

/** The lines naming what failed (Playwright's ✘ and its closing list, Vitest's FAIL, node:test's not ok), then the end. */
function failureLines(all) {
  const plain = all.map((line) => stripVTControlCharacters(line).trimEnd());
  const named = plain.filter((line) => /^\s*(✘\s+\d+ |FAIL\b|not ok\b|\[(phone|desktop)[^\]]*\] ›)/.test(line));
  const picked = [...new Set(named)].slice(0, 20);
  const end = plain.filter((line) => line.trim()).slice(-8);
  return [...picked, ...(picked.length ? ['…'] : []), ...end];
}
