// Runs the Worker locally for the e2e suite and the measurement scripts (lighthouse, bench, load):
// builds the client, applies migrations to a dedicated state folder and runs `wrangler dev` on loopback.
// Only the processes started here are stopped.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  // Only the env file given with --env-file is read, never the shell's own variables.
  CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: 'true',
  CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
};

/**
 * Writes the run's variables to an env file in its state folder. Given to `wrangler dev` with
 * --env-file, it replaces `.dev.vars` (and `.env`): a developer's real secrets there are never read,
 * so the run has wrangler.toml's [vars] plus exactly these.
 */
export function writePinnedVars(state, vars) {
  mkdirSync(state, { recursive: true });
  const file = path.join(state, 'pinned.env');
  const lines = Object.entries(vars).map(([k, v]) => `${k}=${JSON.stringify(String(v))}`);
  writeFileSync(file, `# Written by scripts/local-worker.mjs for this run only.\n${lines.join('\n')}\n`);
  return file;
}

/**
 * Builds the client (unless `build` is false: a second Worker started beside a running one serves the
 * bundle already built, which must not be rewritten under it) and applies migrations to a fresh `state`
 * folder. No stdin and CI=true: wrangler never asks.
 */
export function prepareLocalState(state, { config, env, quiet = false, build = true } = {}) {
  rmSync(state, { recursive: true, force: true });
  const configArgs = [...(config ? ['--config', config] : []), ...(env ? ['--env', env] : [])];
  for (const [cmd, args] of [
    ...(build ? [['node', ['scripts/build-client.mjs']]] : []),
    ['wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state, ...configArgs]],
  ]) {
    const r = spawnSync(cmd, args, {
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
      env: { ...wranglerEnv, CI: 'true' },
    });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
}

/** Spawns `wrangler dev` on 127.0.0.1:port with its own state folder, inspector port and exactly `vars`. */
export function spawnWranglerDev({
  port,
  state,
  vars,
  config,
  logLevel = 'warn',
  stdout = 'ignore',
  detached = false,
  testScheduled = false,
  env,
  processEnv = {},
}) {
  return spawn(
    'wrangler',
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--local',
      '--persist-to',
      state,
      '--inspector-port',
      String(port + 1000),
      '--show-interactive-dev-session=false',
      '--log-level',
      logLevel,
      ...(config ? ['--config', config] : []),
      ...(env ? ['--env', env] : []),
      // GET /__scheduled runs the cron (the self-check) on demand; only the e2e server asks for it.
      ...(testScheduled ? ['--test-scheduled'] : []),
      '--env-file',
      // It listens on 127.0.0.1 alone: the development conveniences may answer (src/env.ts localRequest).
      writePinnedVars(state, { DEV_LOOPBACK_ONLY: '1', ...vars }),
    ],
    // React's production build, as `wrangler deploy` bundles it: `wrangler dev` otherwise defines NODE_ENV as
    // "development", and React's development build renders a page about ten times slower than what is deployed.
    { stdio: ['ignore', stdout, 'inherit'], env: { ...wranglerEnv, ...processEnv, NODE_ENV: 'production' }, detached },
  );
}

/**
 * Starts a measurement Worker and waits until it answers. Returns { origin, stop() }. `env` runs one of
 * wrangler.toml's environments (its vars, and SITE_URL is then left as it says); `processEnv` adds to wrangler's
 * own environment (SSL_CERT_FILE, for one: which authorities workerd trusts).
 */
export async function startLocalWorker({ port, vars = {}, config, env, processEnv, logLevel = 'warn', build = true }) {
  const state = `.wrangler/measure-state-${port}`;
  prepareLocalState(state, { config, env, quiet: true, build });
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnWranglerDev({
    port,
    state,
    config,
    env,
    processEnv,
    logLevel,
    vars: env ? vars : { SITE_URL: origin, ...vars },
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(origin + '/robots.txt')).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // It has exited already.
      }
      throw new Error(
        `wrangler dev ${child.exitCode !== null ? `exited (${child.exitCode})` : 'did not start within 60 s'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    origin,
    /** Stops wrangler dev (its whole process group) and resolves once it has exited. */
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

/** Requests / until the page is rendered with the feeds in it (the cache is warm), or gives up after 20 s. */
export async function warmFeedCache(origin) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(origin + '/')).text();
    if (!html.includes('Loading videos')) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
