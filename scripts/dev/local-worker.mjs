// Runs the Worker locally for the e2e suite and the measurement scripts (lighthouse, bench, load):
// builds the client, gives it a dedicated state folder with the migrated database and runs `wrangler dev` on loopback.
// Only the processes started here are stopped.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  writeFileSync(file, `# Written by scripts/dev/local-worker.mjs for this run only.\n${lines.join('\n')}\n`);
  return file;
}

/**
 * Builds the client (unless `build` is false: a second Worker started beside a running one serves the
 * bundle already built, which must not be rewritten under it) and gives a fresh `state` folder a database with
 * every migration applied. No stdin and CI=true: wrangler never asks.
 */
export function prepareLocalState(state, { config, env, quiet = false, build = true } = {}) {
  rmSync(state, { recursive: true, force: true });
  if (build) run('node', ['scripts/dev/build-client.mjs'], quiet);
  cpSync(migratedState({ config, env, quiet }), state, { recursive: true });
}

function run(cmd, args, quiet) {
  const r = spawnSync(cmd, args, {
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    env: { ...wranglerEnv, CI: 'true' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

/**
 * A state folder holding only the migrated database, made once for each set of migrations, configuration and
 * wrangler version (wrangler takes seconds to apply each migration) and copied into every run's fresh folder.
 * Made under a name of its own, then renamed into place: runs starting side by side each get a whole one.
 */
function migratedState({ config, env, quiet }) {
  const configArgs = [...(config ? ['--config', config] : []), ...(env ? ['--env', env] : [])];
  const hash = createHash('sha256').update(JSON.stringify(configArgs));
  hash.update(readFileSync(config ?? 'wrangler.toml'));
  hash.update(readFileSync(createRequire(import.meta.url).resolve('wrangler/package.json')));
  for (const name of readdirSync('migrations').sort()) hash.update(name).update(readFileSync(`migrations/${name}`));
  const dir = path.join('.wrangler', 'migrated', hash.digest('hex').slice(0, 16));
  if (existsSync(dir)) return dir;
  const making = `${dir}.${process.pid}.tmp`;
  rmSync(making, { recursive: true, force: true });
  // One `d1 execute` of every migration in order, each recorded in d1_migrations as `d1 migrations apply` records it
  // (so a later apply finds none pending): the apply command runs each file on its own and took 40 s for 34 files
  // on an idle machine, well over the e2e server's start-up budget on a busy one; this takes about 5 s.
  const sql = path.join(making, 'migrations.sql');
  mkdirSync(making, { recursive: true });
  writeFileSync(sql, allMigrations());
  run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', making, '--file', sql, ...configArgs], quiet);
  rmSync(sql);
  try {
    renameSync(making, dir);
  } catch (err) {
    // Another run made it meanwhile.
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(dir)) throw err;
  }
  return dir;
}

/** Every file in migrations/, in order, then the d1_migrations table wrangler keeps, naming each as applied. */
function allMigrations() {
  const names = readdirSync('migrations')
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const bodies = names.map((name) => `-- ${name}\n${readFileSync(path.join('migrations', name), 'utf8')}\n`);
  // wrangler's own statement (getCreateMigrationsTableQuery), so its `migrations list` and `apply` read it.
  const table =
    'CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
    'applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);\n';
  const rows = names.map((name) => `INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}');\n`);
  return [...bodies, table, ...rows].join('');
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
 * Starts a measurement Worker and waits until it answers. Returns { origin, stop() }. `seed(state)` may fill the
 * migrated database first. `env` runs one of
 * wrangler.toml's environments (its vars, and SITE_URL is then left as it says); `processEnv` adds to wrangler's
 * own environment (SSL_CERT_FILE, for one: which authorities workerd trusts).
 */
export async function startLocalWorker({
  port,
  vars = {},
  config,
  env,
  processEnv,
  logLevel = 'warn',
  build = true,
  seed,
}) {
  const state = `.wrangler/measure-state-${port}`;
  prepareLocalState(state, { config, env, quiet: true, build });
  // The run's data, written into the fresh state folder before the Worker starts (a benchmark's year of counts).
  await seed?.(state);
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
