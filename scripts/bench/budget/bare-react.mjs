// Builds the bare React 19 hydrateRoot bundle with the same bundler and settings as the client,
// and returns its gzip size in bytes.
import { build } from 'esbuild';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export async function bareReactGzipBytes() {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['scripts/bench/budget/bare-react.tsx'],
    bundle: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'safari16', 'firefox115'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles.reduce((sum, f) => sum + gzipSync(f.contents, { level: 9 }).length, 0);
}
