// `npm run deploy -- --env staging|production [--secrets-file FILE] [--dry-run]`
// Ships one environment: preflight (settings and secrets), client build, typecheck, D1 migrations applied
// remotely, `wrangler deploy`. Stops at the first failing step.
// --dry-run works offline: builds the client and the environment's Worker bundle (`wrangler deploy --dry-run`),
// prints its vars' SITE_URL and the bundle size (raw and gzip) and fails when the bundle is over 1 MiB gzip,
// when a var points at a loopback address or when SITE_URL is not https.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs, readWranglerConfig, WRANGLER, wranglerEnv } from './lib/settings-source.mjs';

/** Workers' limit on the free plan is 3 MiB gzip; this project keeps well under it. */
export const MAX_GZIP_BYTES = 1024 * 1024;
const LOOPBACK = /\b(127\.\d+\.\d+\.\d+|localhost|0\.0\.0\.0|\[::1\])\b/;

function step(name, cmd, args) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: wranglerEnv });
  if (r.status !== 0) {
    console.error(`deploy: "${name}" failed; nothing further was done.`);
    process.exit(1);
  }
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** Sizes of the JavaScript and Wasm modules wrangler would upload (source maps excluded). */
export function bundleSize(dir) {
  let raw = 0;
  let gzip = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(js|mjs|wasm|cjs)$/.test(name)) {
        const bytes = readFileSync(file);
        raw += bytes.length;
        gzip += gzipSync(bytes, { level: 9 }).length;
      }
    }
  };
  walk(dir);
  return { raw, gzip };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  // The top level of wrangler.toml is development's (its own Worker name, ENVIRONMENT=development): never deployed.
  if (!['staging', 'production'].includes(args.env)) {
    console.error(
      `deploy: ${args.env ? `--env ${args.env} is not a deployed environment` : 'the top level of wrangler.toml is development only'}; ` +
        'say which environment: npm run deploy -- --env staging|production [--dry-run]',
    );
    process.exit(2);
  }
  const wrangler = await readWranglerConfig(args.config, args.env);
  const configArgs = ['--env', args.env, '--config', args.config];

  if (args.dryRun) {
    const outdir = path.join('.wrangler', `dry-run-${args.env}`);
    rmSync(outdir, { recursive: true, force: true });
    step('build', process.execPath, ['scripts/build-client.mjs']);
    step('bundle (offline)', WRANGLER[0], [WRANGLER[1], 'deploy', '--dry-run', '--outdir', outdir, ...configArgs]);
    const size = bundleSize(outdir);
    const problems = [];
    const siteUrl = wrangler.vars.SITE_URL ?? '';
    if (!/^https:\/\//.test(siteUrl)) problems.push(`SITE_URL is not https: "${siteUrl}"`);
    for (const [name, value] of Object.entries(wrangler.vars)) {
      if (LOOPBACK.test(value)) problems.push(`${name} points at a loopback address: "${value}"`);
    }
    if (size.gzip > MAX_GZIP_BYTES)
      problems.push(`bundle is ${kib(size.gzip)} gzip, over the ${kib(MAX_GZIP_BYTES)} budget`);
    console.log(`\n${wrangler.name} [env.${args.env}]`);
    console.log(`  SITE_URL  ${siteUrl}`);
    console.log(
      `  routes    ${wrangler.routes.map((r) => (typeof r === 'string' ? r : r.pattern)).join(', ') || '(none)'}`,
    );
    console.log(`  bundle    ${kib(size.raw)} raw, ${kib(size.gzip)} gzip (budget ${kib(MAX_GZIP_BYTES)} gzip)`);
    const placeholders = Object.entries(wrangler.vars).filter(([, v]) => /^REPLACE_WITH|example\.com/.test(v));
    if (placeholders.length) {
      console.log(`  to replace before a real deploy: ${placeholders.map(([k]) => k).join(', ')} (npm run preflight)`);
    }
    if (problems.length) {
      console.error(
        `\ndeploy --dry-run: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log('\ndeploy --dry-run: ok (nothing was uploaded)');
    return;
  }

  const secretsArgs = args.secretsFile ? ['--secrets-file', args.secretsFile] : [];
  step('preflight', process.execPath, ['scripts/preflight.mjs', ...configArgs, ...secretsArgs]);
  // The build writes the asset manifest the Worker's code (and so the typecheck) imports.
  step('build', process.execPath, ['scripts/build-client.mjs']);
  step('typecheck', 'npm', ['run', 'typecheck']);
  step('D1 migrations (remote)', WRANGLER[0], [
    WRANGLER[1],
    'd1',
    'migrations',
    'apply',
    'DB',
    '--remote',
    ...configArgs,
  ]);
  // With --secrets-file (the first deploy, before the Worker exists) wrangler uploads the secrets with it.
  step('deploy', WRANGLER[0], [WRANGLER[1], 'deploy', ...configArgs, ...secretsArgs]);
  console.log(
    `\ndeployed ${wrangler.name} [env.${args.env}] to ${wrangler.vars.SITE_URL}; next: the smoke test in docs/deploy.md`,
  );
}

await main();
