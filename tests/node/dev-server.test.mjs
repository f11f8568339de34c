// `npm run dev` as a developer starts it: wrangler's development build (React's development build with it), no
// account, no secrets. The e2e suite serves the production build, so only this test sees what a laptop sees.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, it } from 'node:test';

const PORT = Number(process.env.DEV_TEST_PORT || 8797);
const origin = `http://127.0.0.1:${PORT}`;

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
  it('serves the pages and the desk with no error, in development mode', async () => {
    const env = { ...process.env, PORT: String(PORT), CI: 'true', WRANGLER_LOG_LEVEL: 'warn' };
    delete env.NODE_ENV;
    const child = spawn('npm', ['run', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
    }
  });
});
