// `npm run dev`: the whole site on local defaults (local D1, KV and Queue; no account, no secrets, no prompt).
// HOST and PORT change the address (default 127.0.0.1:8787). Extra arguments go to `wrangler dev`.
// `predev` has built the client once; from here on it is rebuilt on every change (see build-client.mjs),
// and wrangler dev reloads the Worker on changes to its own sources and to the asset manifest.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { watchClient } from './build-client.mjs';

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8787';
// wrangler reads the files given with --env-file instead of `.dev.vars` (a test pins its settings so): so does this.
const envFiles = process.argv.slice(2).flatMap((arg, i, all) => {
  if (arg.startsWith('--env-file=')) return [arg.slice('--env-file='.length)];
  return all[i - 1] === '--env-file' ? [arg] : [];
});
const devVars = (envFiles.length ? envFiles : ['.dev.vars'])
  .map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : ''))
  .join('\n');
// With no WhatsApp configuration at all, messages are only logged: give the log two
// placeholder owners so the whole lead -> queue -> owner-message flow shows offline.
const placeholderOwners = /^\s*(WHATSAPP_TOKEN|OWNER_PHONES)\s*=/m.test(devVars)
  ? []
  : ['--var', 'OWNER_PHONES:+919800000001,+919800000002', '--var', 'OWNER_NAMES:Owner One,Owner Two'];
// The quiz's result email goes through wrangler's local send_email binding, which keeps it (never sends it):
// /cdn-cgi/local/explorer/api/local/email/sending lists what was sent. RESULT_EMAIL_FROM= in .dev.vars turns it off.
const localResultSender = /^\s*RESULT_EMAIL_FROM\s*=/m.test(devVars)
  ? []
  : ['--var', 'RESULT_EMAIL_FROM:priya@coach.localhost'];

// The development conveniences (/__dev/*: any stored lead; the desk's local owner: every lead) answer only a
// request from this machine. Listening on loopback alone, every request is; listening beyond it (HOST=0.0.0.0),
// another machine could send `Host: 127.0.0.1`, so they are off (src/env.ts localRequest).
const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];
const loopbackOnly = LOOPBACK.includes(host);
if (!loopbackOnly) {
  console.log(
    `Listening on ${host}: /__dev/* and the desk's local owner are off (they answer only on a loopback address).`,
  );
}

const args = [
  'dev',
  '--ip',
  host,
  '--port',
  port,
  '--local',
  '--inspector-port',
  String(Number(port) + 1000),
  '--show-interactive-dev-session=false',
  '--log-level',
  // 'log' shows the Worker's console.log lines (the logged WhatsApp messages); 'info' would hide them.
  process.env.WRANGLER_LOG_LEVEL || 'log',
  ...placeholderOwners,
  ...localResultSender,
  ...(loopbackOnly ? ['--var', 'DEV_LOOPBACK_ONLY:1'] : []),
  ...process.argv.slice(2),
];

const stopWatching = await watchClient();
const child = spawn('wrangler', args, {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    CI: process.env.CI ?? '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void stopWatching();
  process.exit(code ?? (signal ? 1 : 0));
});
