// Where the operator scripts (preflight, whatsapp:templates, deploy) get the settings of one environment:
// vars from the wrangler configuration (top level, or [env.<name>]); secret values from `--secrets-file`
// (dotenv or JSON, the format `wrangler deploy --secrets-file` takes), else `.dev.vars` for the local setup;
// for a deployed environment without a secrets file, the names `wrangler secret list` reports.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SETTINGS } from '../../src/config/read/settings.ts';

export const wranglerEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CI: 'true',
};

/** Runs the project's wrangler with the running Node, whatever is on PATH: [command, ...leading args]. */
export const WRANGLER = [
  process.execPath,
  path.join(path.dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js'),
];

/**
 * `--env production --config x.toml --secrets-file s.env --live --skip-live --dry-run --from-file f NAME…` →
 * { env, config, secretsFile, live, skipLive, dryRun, fromFile, names } (names: settings, for `npm run rotate`).
 */
export function parseArgs(argv) {
  const out = {
    env: undefined,
    config: 'wrangler.toml',
    secretsFile: undefined,
    live: false,
    skipLive: false,
    dryRun: false,
    fromFile: undefined,
    names: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--env' || flag === '-e') out.env = value();
    else if (flag === '--config' || flag === '-c') out.config = value();
    else if (flag === '--secrets-file') out.secretsFile = value();
    else if (flag === '--live') out.live = true;
    else if (flag === '--skip-live') out.skipLive = true;
    else if (flag === '--dry-run') out.dryRun = true;
    else if (flag === '--from-file') out.fromFile = value();
    else if (/^[A-Z][A-Z0-9_]*$/.test(arg)) out.names.push(arg);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (out.env !== undefined && !/^[a-z][a-z0-9-]*$/.test(out.env)) throw new Error(`bad --env ${out.env}`);
  return out;
}

/** dotenv lines (KEY=value, quotes, \n escapes inside double quotes) or a JSON object. */
export function parseSecretsFile(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith('{'))
    return Object.fromEntries(Object.entries(JSON.parse(trimmed)).map(([k, v]) => [k, String(v)]));
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trim().startsWith('#')) continue;
    let value = m[2];
    if (/^".*"$/s.test(value)) value = value.slice(1, -1).replace(/\\n/g, '\n').replace(/\\\$/g, '$');
    else if (/^'.*'$/s.test(value)) value = value.slice(1, -1);
    out[m[1]] = value;
  }
  return out;
}

/**
 * The vars and `secrets.required` of one environment, read by wrangler itself (so inheritance rules match). Loading
 * wrangler costs over a second of processor time, each run of each script (the operator tests run them dozens of
 * times): what it read is kept in .wrangler/config-read/, under a digest of everything the answer depends on (the
 * file's bytes, the environment asked for, wrangler's version), so a changed file or wrangler is read afresh.
 */
export async function readWranglerConfig(configPath, env) {
  const require = createRequire(import.meta.url);
  const digest = createHash('sha256')
    .update(JSON.stringify([env ?? null, process.env.CLOUDFLARE_ENV ?? null]))
    .update(readFileSync(require.resolve('wrangler/package.json')))
    .update(readFileSync(configPath))
    .digest('hex');
  const kept = path.join('.wrangler', 'config-read', `${digest.slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(kept, 'utf8'));
  } catch {
    // Not read before (or a partial file): wrangler reads it.
  }
  // require, not import(): wrangler is a CommonJS bundle, and import() first scans all of it for its export names.
  const { unstable_readConfig } = require('wrangler');
  const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  const read = {
    name: config.name,
    vars: Object.fromEntries(Object.entries(config.vars ?? {}).map(([k, v]) => [k, String(v)])),
    requiredSecrets: [...(config.secrets?.required ?? [])],
    routes: config.routes ?? [],
  };
  // Written whole under another name, then renamed: a script started meanwhile never reads half a file.
  mkdirSync(path.dirname(kept), { recursive: true });
  const partial = `${kept}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(read));
  renameSync(partial, kept);
  return read;
}

const SECRET_NAMES = SETTINGS.filter((s) => s.kind === 'secret').map((s) => s.name);

/**
 * Secret values, or only their names, or nothing known. Never guesses: `known: false` carries why.
 * @returns {{ values?: Record<string,string>, names?: string[], known: boolean, source: string }}
 */
export function readSecrets({ env, secretsFile, config }) {
  if (secretsFile) {
    const text = readFileSync(secretsFile, 'utf8');
    const values = parseSecretsFile(text);
    return { values: pick(values), known: true, source: secretsFile, fileProblems: secretsFileProblems(text, values) };
  }
  if (!env) {
    const values = existsSync('.dev.vars') ? parseSecretsFile(readFileSync('.dev.vars', 'utf8')) : {};
    return { values: pick(values), known: true, source: existsSync('.dev.vars') ? '.dev.vars' : 'no .dev.vars' };
  }
  const r = spawnSync(
    WRANGLER[0],
    [WRANGLER[1], 'secret', 'list', '--env', env, '--config', config, '--format', 'json'],
    {
      env: wranglerEnv,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    },
  );
  if (r.status === 0) {
    try {
      const names = JSON.parse(r.stdout).map((s) => s.name);
      return { names, known: true, source: `wrangler secret list --env ${env}` };
    } catch {
      // fall through: an answer we cannot read is not knowledge
    }
  }
  // eslint-disable-next-line no-control-regex -- wrangler colours its errors
  const said = `${r.stderr ?? ''}${r.stdout ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
  if (/Worker "[^"]+".* not found/.test(said) && /wrangler deploy` first/.test(said)) {
    return { names: [], known: true, source: `the Worker of --env ${env} does not exist yet, so no secret is set` };
  }
  const why = said
    .split('\n')
    .map((l) => l.trim())
    .find((l) =>
      /not (logged|authenticated)|CLOUDFLARE_API_TOKEN|login|network|fetch failed|ENOTFOUND|EAI_AGAIN/i.test(l),
    );
  return {
    known: false,
    source: `wrangler secret list --env ${env} failed${why ? `: ${why.slice(0, 160)}` : r.error ? `: ${r.error.message}` : ''}`,
  };
}

/**
 * What is wrong with a secrets file as `wrangler deploy --secrets-file` / `wrangler secret bulk` would upload it:
 * a var (uploaded as a secret, it overrides the var of wrangler.toml), a name the site does not read, an unescaped
 * `$` in a dotenv value (wrangler expands it), or a secret the shell also sets (wrangler lets the shell's value win).
 */
export function secretsFileProblems(text, values) {
  const problems = [];
  const byName = new Map(SETTINGS.map((s) => [s.name, s]));
  for (const name of Object.keys(values)) {
    const setting = byName.get(name);
    if (!setting)
      problems.push(
        `${name} is not a setting this site reads: remove it from the secrets file (see secrets.env.example)`,
      );
    else if (setting.kind !== 'secret')
      problems.push(
        `${name} is a var, not a secret: uploaded from the secrets file it would become a secret that overrides the var ` +
          'in wrangler.toml. Remove it from the secrets file and set it under [env.<name>.vars]',
      );
    else if (process.env[name] !== undefined)
      problems.push(
        `${name} is also set in this shell, and wrangler uploads the shell's value instead of the file's: unset ${name}`,
      );
  }
  if (!text.trim().startsWith('{')) {
    for (const line of text.split(/\r?\n/)) {
      const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (!m || line.trim().startsWith('#')) continue;
      if (/(^|[^\\])\$/.test(m[2]))
        problems.push(
          `${m[1]} holds a "$", which wrangler expands in a dotenv file: write it as \\$, or use a JSON secrets file`,
        );
    }
  }
  return problems;
}

/** Only the settings this project reads (a secrets file may hold more). */
function pick(values) {
  const names = new Set(SETTINGS.map((s) => s.name));
  return Object.fromEntries(Object.entries(values).filter(([k]) => names.has(k)));
}

export { SECRET_NAMES };

/**
 * One environment's settings for the operator scripts that call a service (whatsapp:templates, whatsapp:register,
 * rotate): a value from --secrets-file, else .dev.vars (local only), the process environment, the wrangler vars.
 * @returns {Promise<(name: string) => string>}
 */
export async function operatorSettings(args) {
  const wrangler = await readWranglerConfig(args.config, args.env);
  const readOrEmpty = (file) => {
    try {
      return parseSecretsFile(readFileSync(file, 'utf8'));
    } catch {
      return {};
    }
  };
  const local = !args.env && !args.secretsFile ? readOrEmpty('.dev.vars') : {};
  const file = args.secretsFile ? parseSecretsFile(readFileSync(args.secretsFile, 'utf8')) : {};
  return (name) => (file[name] ?? local[name] ?? process.env[name] ?? wrangler.vars[name] ?? '').trim();
}

/** The Graph API's base address for an environment (WHATSAPP_API_URL, or Meta's). */
export const graphBase = (get) => (get('WHATSAPP_API_URL') || 'https://graph.facebook.com').replace(/\/+$/, '');

/** Meta's error as one line. */
export function graphMessage(status, json) {
  const e = json?.error;
  if (e?.code === 190) return `access token expired or invalid (code 190): ${e.message}`;
  return e ? `code ${e.code}${e.error_subcode ? `/${e.error_subcode}` : ''}: ${e.message}` : `HTTP ${status}`;
}

/** Writes new values into a secrets file in its own format (JSON, or dotenv with double quotes and \\n escapes). */
export function updateSecretsFile(file, updates) {
  const text = readFileSync(file, 'utf8');
  if (text.trim().startsWith('{')) {
    writeFileSync(file, `${JSON.stringify({ ...JSON.parse(text), ...updates }, null, 2)}\n`, { mode: 0o600 });
    return;
  }
  // As dotenv reads a double-quoted value: \n is a newline, \$ a dollar sign wrangler does not expand.
  const quoted = (v) => `"${v.replace(/\$/g, '\\$').replace(/\r?\n/g, '\\n')}"`;
  const seen = new Set();
  const lines = text.split(/\r?\n/).map((line) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line);
    if (!m || line.trim().startsWith('#') || !(m[1] in updates)) return line;
    seen.add(m[1]);
    return `${m[1]}=${quoted(updates[m[1]])}`;
  });
  for (const [name, value] of Object.entries(updates)) if (!seen.has(name)) lines.push(`${name}=${quoted(value)}`);
  writeFileSync(file, lines.join('\n'), { mode: 0o600 });
}
