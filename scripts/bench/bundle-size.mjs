// `npm run bundle`: what the deployed Worker is made of. Builds it as `wrangler deploy --dry-run` does (offline,
// nothing uploaded), prints wrangler's own total (raw and gzip) and the bytes each dependency and each folder of
// src/ puts into the bundle, largest first. A part's gzip share is estimated by compressing its bytes alone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const out = mkdtempSync(path.join(tmpdir(), 'bundle-'));
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' };
const run = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', out, '--metafile', `${out}/meta.json`], {
  env,
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(1);
}
const total = /Total Upload: (.+)/.exec(run.stdout)?.[1] ?? '(wrangler printed no total)';

/** `node_modules/@scope/name/…` → `@scope/name`; `src/store/x.ts` → `src/store`; `client/…` → `client`. */
function partOf(file) {
  const inModules = file.split('node_modules/').at(-1);
  if (inModules !== file)
    return inModules
      .split('/')
      .slice(0, inModules.startsWith('@') ? 2 : 1)
      .join('/');
  const local = file.replace(/^(\.\.\/)+/, '').replace(/^.*?\b(src|client)\//, '$1/');
  return local.startsWith('src/') ? local.split('/').slice(0, 2).join('/') : local.split('/')[0];
}

const meta = JSON.parse(readFileSync(`${out}/meta.json`, 'utf8'));
const bundle = Object.entries(meta.outputs).find(([name]) => name.endsWith('index.js'))[1];
const code = readFileSync(`${out}/index.js`);
const parts = new Map();
for (const [file, { bytesInOutput }] of Object.entries(bundle.inputs)) {
  const part = partOf(file);
  parts.set(part, (parts.get(part) ?? 0) + bytesInOutput);
}
rmSync(out, { recursive: true, force: true });

const kib = (n) => (n / 1024).toFixed(1).padStart(7);
console.log(`Worker bundle (wrangler deploy --dry-run): ${total}`);
console.log(`${'raw KiB'.padStart(7)}  part`);
for (const [part, bytes] of [...parts].sort((a, b) => b[1] - a[1])) {
  if (bytes < 2048) continue;
  console.log(`${kib(bytes)}  ${part}`);
}
console.log(`${kib(code.length)}  total (${kib(gzipSync(code).length).trim()} KiB gzip at default level)`);
