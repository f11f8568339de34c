// Serves the site for the Playwright suite: builds the client, starts the outside-service
// stand-ins, applies migrations to a dedicated local state folder and runs `wrangler dev`
// pointed at the stand-ins. Stops everything it started on SIGTERM/SIGINT.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { SENTINELS } from './sentinels.mjs';
import { startStandins } from './standins/index.mjs';
import './standins/graph.mjs';
import './standins/youtube.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT || 8788);
export const STANDIN_PORT = Number(process.env.STANDIN_PORT || 8790);
export const E2E_STATE = `.wrangler/e2e-state-${E2E_PORT}`;

const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
};
const run = (cmd, args) => {
  // No stdin and CI=true: wrangler must never stop to ask (it confirms migrations in a terminal).
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, CI: 'true' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

rmSync(E2E_STATE, { recursive: true, force: true });
run('node', ['scripts/build-client.mjs']);
run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', E2E_STATE]);
const standins = await startStandins(STANDIN_PORT);

const base = `http://127.0.0.1:${STANDIN_PORT}`;
const vars = {
  SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
  WHATSAPP_API_URL: `${base}/graph`,
  WHATSAPP_TOKEN: SENTINELS.WHATSAPP_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  OWNER_PHONES: SENTINELS.OWNER_PHONES,
  OWNER_NAMES: 'Priya,Arjun',
  YOUTUBE_FEED_URL: `${base}/youtube/feeds/videos.xml`,
  YOUTUBE_THUMB_URL: `${base}/youtube`,
};
const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
const child = spawn(
  'wrangler',
  [
    'dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(E2E_PORT),
    '--local',
    '--persist-to',
    E2E_STATE,
    '--inspector-port',
    String(E2E_PORT + 1000),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...varArgs,
  ],
  { stdio: ['ignore', 'inherit', 'inherit'], env },
);
const stop = () => {
  child.kill('SIGTERM');
  standins.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  standins.close();
  process.exit(code ?? 0);
});
