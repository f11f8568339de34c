// `npm run dev` as a developer starts it: wrangler's development build (React's development build with it), no
// account, no secrets. The e2e suite serves the production build, so only this test sees what a laptop sees.
//
// Its settings are pinned (decision 009): it runs in a view of the project (a folder of links to the project's own
// files) whose `.dev.vars` holds a developer's real-looking settings, which must never reach the server, and passes
// wrangler an empty --env-file in their place. The developer's own `.dev.vars` and local database are never read.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { prepareLocalState } from '../../scripts/dev/local-worker.mjs';

const PORT = Number(process.env.DEV_TEST_PORT || 8797);
const origin = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Settings that would each change what the server answers if they were read: Firestore as the lead store (no network
 * here, so the desk would answer 503), production mode, a WhatsApp token and owners of its own.
 */
const HOSTILE_DEV_VARS = `# Written by tests/node/dev-server.test.mjs: a developer's filled .dev.vars, which the test must not read.
ENVIRONMENT=production
FIRESTORE_PROJECT_ID=x
FIRESTORE_CLIENT_EMAIL=site@x.iam.gserviceaccount.com
FIRESTORE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\nnot-a-key\\n-----END PRIVATE KEY-----\\n"
WHATSAPP_TOKEN=EAAG-a-developer-token
WHATSAPP_PHONE_NUMBER_ID=100000000000009
OWNER_PHONES=+919800000009
TURNSTILE_SECRET_KEY=a-developer-turnstile-secret
`;

/**
 * A folder of links to the project's files but `.dev.vars`, `.env*` and `.wrangler`, with a hostile `.dev.vars` and a
 * local database already migrated (copied from the one the e2e suite's server also starts from).
 */
function projectView() {
  const view = path.join(root, '.wrangler', `dev-server-test-${PORT}`);
  rmSync(view, { recursive: true, force: true });
  mkdirSync(view, { recursive: true });
  for (const name of readdirSync(root)) {
    if (name === '.wrangler' || name === '.dev.vars' || name.startsWith('.env') || name === '.git') continue;
    symlinkSync(path.join(root, name), path.join(view, name));
  }
  writeFileSync(path.join(view, '.dev.vars'), HOSTILE_DEV_VARS);
  const pinned = path.join(view, 'pinned.env');
  writeFileSync(
    pinned,
    '# The settings of tests/node/dev-server.test.mjs: none beyond wrangler.toml and npm run dev.\n',
  );
  prepareLocalState(path.join(view, '.wrangler', 'state'), { build: false, quiet: true });
  return { view, pinned };
}

/** GETs `path` until the server answers (it builds, migrates and starts first), at most `seconds`. */
async function firstAnswer(path, seconds) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await fetch(origin + path, { redirect: 'manual' });
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

describe('npm run dev', { timeout: 180_000 }, () => {
  it('serves the pages and the desk with no error, in development mode, whatever .dev.vars holds', async () => {
    const { view, pinned } = projectView();
    const env = {
      ...process.env,
      PORT: String(PORT),
      CI: 'true',
      WRANGLER_LOG_LEVEL: 'warn',
      // Nor are the shell's variables read: only wrangler.toml, npm run dev's own and the (empty) env file.
      CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
    };
    delete env.NODE_ENV;
    const child = spawn('npm', ['run', 'dev', '--', '--env-file', pinned], {
      cwd: view,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    try {
      assert.equal((await firstAnswer('/', 150)).status, 200, log);
      for (const path of ['/', '/quiz', '/privacy', '/desk', '/desk/numbers']) {
        const res = await fetch(origin + path);
        assert.equal(res.status, 200, `${path}\n${log}`);
        assert.match(await res.text(), /^<!DOCTYPE html>/, path);
      }
      assert.doesNotMatch(log, /request\.error/);
    } finally {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      // Links and the view's own database only: removing a link leaves what it points to.
      rmSync(view, { recursive: true, force: true });
    }
  });
});
