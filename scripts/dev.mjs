// `npm run dev`: the whole site on local defaults (local D1, KV and Queue; no account, no secrets, no prompt).
// HOST and PORT change the address (default 127.0.0.1:8787). Extra arguments go to `wrangler dev`.
import { spawn } from 'node:child_process';

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '8787';
const args = [
  'dev',
  '--ip',
  host,
  '--port',
  port,
  '--local',
  '--show-interactive-dev-session=false',
  '--log-level',
  process.env.WRANGLER_LOG_LEVEL || 'info',
  ...process.argv.slice(2),
];

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
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
