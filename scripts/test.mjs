// `npm test`: everything a change can break, in order; exits non-zero if any step failed.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';

const steps = [
  ['format and lint', 'npm', ['run', 'lint']],
  // Env is generated from wrangler.toml; a var or binding added without `npm run types` fails here.
  ['types up to date', 'npm', ['run', 'types:check']],
  // The build writes src/generated/assets.json, which the Worker's code (and so the typecheck) imports.
  ['build', 'npm', ['run', 'build']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['workerd tests', 'npx', ['vitest', 'run']],
  // preflight and whatsapp:templates against https stand-ins (Node's test runner: they are Node programs).
  ['operator scripts', 'npm', ['run', 'test:operator']],
  // The production Worker bundle, built offline: https SITE_URL, no loopback address, at most 1 MiB gzip.
  ['deploy dry run', 'npm', ['run', 'deploy', '--', '--env', 'production', '--dry-run']],
  ['e2e (Chromium)', 'npx', ['playwright', 'test']],
];

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  results.push({ name, ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
