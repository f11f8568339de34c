// Builds the browser bundle: client/entry.tsx (code-split per island) and the stylesheet,
// fingerprinted into public/assets/, and writes src/generated/assets.json for the Worker.
import { build, context } from 'esbuild';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const defaultOutdir = path.join(root, 'public/assets');

/** Builds into `outdir` (default public/assets); `writeManifest: false` leaves src/generated alone (used by tests). */
export async function buildClient({ quiet = false, outdir = defaultOutdir, writeManifest = true } = {}) {
  const result = await build(buildOptions(outdir, quiet));
  return finish(result, outdir, writeManifest);
}

/**
 * Rebuilds public/assets and the manifest whenever a file the bundle is built from changes (esbuild's
 * watch mode, which also sees editors' save-by-rename). Returns a function that stops watching.
 */
export async function watchClient() {
  const manifestWriter = {
    name: 'manifest',
    setup(pluginBuild) {
      pluginBuild.onEnd(async (result) => {
        if (result.errors.length) return; // esbuild has printed them; the last good bundle stays.
        const { manifest } = await finish(result, defaultOutdir, true);
        console.log(`[client] rebuilt: ${manifest.entry} ${manifest.css}`);
      });
    },
  };
  const ctx = await context({ ...buildOptions(defaultOutdir, false), plugins: [manifestWriter] });
  await ctx.watch();
  return () => ctx.dispose();
}

function buildOptions(outdir, quiet) {
  return {
    absWorkingDir: root,
    entryPoints: { entry: 'client/entry.tsx', styles: 'client/styles/main.css', desk: 'client/styles/desk.css' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'safari16', 'firefox115'],
    minify: true,
    sourcemap: false,
    outdir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    // V8's compile hint: every function in these files runs on load (React's and the islands'), so Chromium
    // compiles them on its background streaming thread instead of lazily on the main thread, where it
    // would block a phone's first taps (about a third of React's evaluation task).
    banner: { js: '//# allFunctionsCalledOnLoad' },
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  };
}

/** Removes stale fingerprinted files and writes the manifest the Worker imports. */
async function finish(result, outdir, writeManifest) {
  const outputs = result.metafile.outputs;
  // Old fingerprinted files go only after the new ones are written, so a running dev server never
  // points at a file that is not there yet.
  const current = new Set(Object.keys(outputs).map((file) => path.join(root, file)));
  for (const name of await readdir(outdir)) {
    if (!current.has(path.join(outdir, name))) await rm(path.join(outdir, name), { recursive: true, force: true });
  }
  const publicPath = (file) =>
    '/' + path.relative(path.join(root, 'public'), path.join(root, file)).split(path.sep).join('/');
  let entry = '';
  let css = '';
  let deskCss = '';
  let preload = [];
  for (const [file, meta] of Object.entries(outputs)) {
    if (meta.entryPoint === 'client/entry.tsx') {
      entry = publicPath(file);
      preload = meta.imports.filter((i) => i.kind === 'import-statement').map((i) => publicPath(i.path));
    }
    if (file.endsWith('.css') && meta.entryPoint === 'client/styles/main.css') css = publicPath(file);
    if (file.endsWith('.css') && meta.entryPoint === 'client/styles/desk.css') deskCss = publicPath(file);
  }
  if (!entry || !css || !deskCss) throw new Error('build-client: entry or stylesheet missing from esbuild output');

  const manifest = { entry, css, deskCss, preload };
  if (!writeManifest)
    return { manifest, metafile: result.metafile, files: Object.keys(outputs).map((f) => path.join(root, f)) };
  await mkdir(path.join(root, 'src/generated'), { recursive: true });
  await writeFile(path.join(root, 'src/generated/assets.json'), JSON.stringify(manifest, null, 2) + '\n');
  return { manifest, metafile: result.metafile };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = await buildClient();
  console.log('client built:', manifest.entry, manifest.css);
}
