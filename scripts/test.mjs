// `npm test`: everything a change can break, in order; exits non-zero if any step failed.
import './require-node.mjs';
import { spawn } from 'node:child_process';

// Each entry is one step, or a list of steps that run side by side (their output is printed whole, one step after
// the other, once each ends): the workerd tests and the operator scripts wait on different things (workerd, and
// wrangler and the stand-ins), so together they take little more than the longer one.
const steps = [
  ['format and lint', 'npm', ['run', 'lint']],
  // Env is generated from wrangler.toml; a var or binding added without `npm run types` fails here.
  ['types up to date', 'npm', ['run', 'types:check']],
  // The build writes src/generated/assets.json, which the Worker's code (and so the typecheck) imports.
  ['build', 'npm', ['run', 'build']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  [
    ['workerd tests', 'npx', ['vitest', 'run']],
    // The operator scripts and the runbook rehearsed against https stand-ins (Node's test runner: Node programs).
    ['operator scripts', 'npm', ['run', 'test:operator']],
  ],
  // The production Worker bundle, built offline: https SITE_URL, no loopback address, at most 1 MiB gzip.
  ['deploy dry run', 'npm', ['run', 'deploy', '--', '--env', 'production', '--dry-run']],
  ['e2e (Chromium)', 'npx', ['playwright', 'test']],
];

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

/** Runs one step; `capture` keeps its output to print later (a step running beside another). */
function run([name, cmd, args], capture) {
  const started = Date.now();
  if (!capture) console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  const output = [];
  child.stdout?.on('data', (d) => output.push(d));
  child.stderr?.on('data', (d) => output.push(d));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (capture) process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(' ')}\n${Buffer.concat(output)}`);
      resolve({ name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

const results = [];
for (const step of steps) {
  if (typeof step[0] === 'string') results.push(await run(step, false));
  else {
    const started = Date.now();
    console.log(`\n=== side by side: ${step.map(([name]) => name).join(', ')} (output follows as each ends)`);
    results.push(...(await Promise.all(step.map((s) => run(s, true)))));
    console.log(`=== side by side: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  }
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
