// `npm run deploy -- --env staging|production --secrets-file FILE [--skip-live] [--dry-run]`
// Ships one environment: preflight (settings, secrets and the live checks, which need the secret values:
// --secrets-file, or --skip-live to go without them and be told what that risks), client build, typecheck,
// a D1 Time Travel bookmark (printed, and kept in .wrangler/deploys-<env>.log), D1 migrations applied remotely,
// `wrangler deploy --tag <commit> --message <subject>`. Stops at the first failing step.
// OPERATOR_WRANGLER names another wrangler executable (the operator tests use a recording stand-in).
// --dry-run works offline: builds the client and the environment's Worker bundle (`wrangler deploy --dry-run`),
// prints its vars' SITE_URL and the bundle size (raw and gzip) and fails when the bundle is over 1 MiB gzip,
// when a var points at a loopback address or when SITE_URL is not https.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs, readWranglerConfig, WRANGLER, wranglerEnv } from './settings-source.mjs';

/** Workers' limit on the free plan is 3 MiB gzip; this project keeps well under it. */
export const MAX_GZIP_BYTES = 1024 * 1024;
const LOOPBACK = /\b(127\.\d+\.\d+\.\d+|localhost|0\.0\.0\.0|\[::1\])\b/;

const wranglerCommand = process.env.OPERATOR_WRANGLER ? [process.env.OPERATOR_WRANGLER] : WRANGLER;

function step(name, cmd, args, { capture = false } = {}) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    env: wranglerEnv,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(`deploy: "${name}" failed; nothing further was done.`);
    process.exit(1);
  }
  return r.stdout ?? '';
}
const runWrangler = (name, args, options) =>
  step(name, wranglerCommand[0], [...wranglerCommand.slice(1), ...args], options);

/** The commit being deployed (`--tag`), and its subject (`--message`); a tree with changes says so. */
function version() {
  const git = (...a) => spawnSync('git', a, { encoding: 'utf8' }).stdout?.trim() ?? '';
  const tag = git('describe', '--always', '--dirty', '--abbrev=12') || 'unknown';
  const message = (git('log', '-1', '--format=%s') || 'deploy').slice(0, 100);
  return { tag, message };
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
    step('build', process.execPath, ['scripts/dev/build-client.mjs']);
    runWrangler('bundle (offline)', ['deploy', '--dry-run', '--outdir', outdir, ...configArgs]);
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

  if (!args.secretsFile && !args.skipLive) {
    console.error(
      'deploy: the live checks (token, number registration, templates, Firestore key, Turnstile secret) need the secret ' +
        `values: pass --secrets-file ${args.env}.secrets.env, or --skip-live to deploy without them (then nothing shows ` +
        'that messages will send and leads will store until they fail).',
    );
    process.exit(2);
  }
  const secretsArgs = args.secretsFile ? ['--secrets-file', args.secretsFile] : [];
  step('preflight', process.execPath, [
    'scripts/ops/preflight.mjs',
    ...configArgs,
    ...secretsArgs,
    ...(args.skipLive ? ['--skip-live'] : []),
  ]);
  // The build writes the asset manifest the Worker's code (and so the typecheck) imports.
  step('build', process.execPath, ['scripts/dev/build-client.mjs']);
  step('typecheck', 'npm', ['run', 'typecheck']);
  // Before any migration: the bookmark D1 Time Travel can restore to (docs/deploy.md, "Roll back").
  const info = runWrangler('D1 Time Travel bookmark', ['d1', 'time-travel', 'info', 'DB', '--json', ...configArgs], {
    capture: true,
  });
  let bookmark;
  try {
    bookmark = JSON.parse(info).bookmark;
  } catch {
    bookmark = undefined;
  }
  if (typeof bookmark !== 'string' || bookmark === '') {
    console.error(
      `deploy: no Time Travel bookmark in wrangler's answer (${info.trim().slice(0, 200)}); nothing migrated.`,
    );
    process.exit(1);
  }
  const { tag, message } = version();
  mkdirSync('.wrangler', { recursive: true });
  appendFileSync(
    path.join('.wrangler', `deploys-${args.env}.log`),
    `${new Date().toISOString()} tag=${tag} bookmark=${bookmark}\n`,
  );
  console.log(
    `D1 bookmark before migrating: ${bookmark}\n  to restore the database: npx wrangler d1 time-travel restore DB --bookmark=${bookmark} --env ${args.env}`,
  );
  runWrangler('D1 migrations (remote)', ['d1', 'migrations', 'apply', 'DB', '--remote', ...configArgs]);
  // With --secrets-file wrangler uploads the secrets with this version (secrets are part of each version).
  runWrangler('deploy', ['deploy', ...configArgs, ...secretsArgs, '--tag', tag, '--message', message]);
  console.log(
    `\ndeployed ${wrangler.name} [env.${args.env}] to ${wrangler.vars.SITE_URL} as version tag ${tag}; next: the smoke test in docs/deploy.md`,
  );
}

await main();
