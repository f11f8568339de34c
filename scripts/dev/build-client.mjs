// Builds the browser bundle: client/entry.tsx (code-split per island) and the stylesheet,
// fingerprinted into public/assets/, and writes src/generated/assets.json for the Worker.
import { build, context } from 'esbuild';
import { watch } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const defaultOutdir = path.join(root, 'public/assets');
/** The browsers the bundle and the boot script are written for. */
const BROWSERS = ['es2022', 'chrome111', 'safari16', 'firefox115'];

/** Builds into `outdir` (default public/assets); `writeManifest: false` leaves src/generated alone (used by tests). */
export async function buildClient({ quiet = false, outdir = defaultOutdir, writeManifest = true } = {}) {
  const result = await build(buildOptions(outdir, quiet));
  return finish(result, outdir, writeManifest);
}

/** The boot script's own files (the rest of client/ is the bundle's, which esbuild watches). */
const BOOT_FILES = new Set([
  'boot.ts',
  'forms-later.ts',
  'header-menu.ts',
  'render-sections.ts',
  'quiz-steps.ts',
  'resource-tabs-early.ts',
]);

/**
 * Rebuilds public/assets and the manifest whenever a file the bundle is built from, or client/boot.ts, changes
 * (esbuild's watch mode, which also sees editors' save-by-rename). Returns a function that stops watching.
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
  // The boot script (client/boot.ts and the files beside it that it imports) is built into the manifest, not
  // imported by the bundle, so esbuild does not watch it. Its directory is watched instead (an editor's
  // save-by-rename replaces the file itself).
  const boot = watch(path.join(root, 'client'), (_, file) => {
    if (BOOT_FILES.has(file)) ctx.rebuild().catch(() => {}); // esbuild printed any errors.
  });
  return () => {
    boot.close();
    return ctx.dispose();
  };
}

function buildOptions(outdir, quiet) {
  return {
    absWorkingDir: root,
    entryPoints: { entry: 'client/entry.tsx', styles: 'client/styles/main.css', desk: 'client/styles/desk/desk.css' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: BROWSERS,
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
    // Written by finish(): only what changed, each file whole (a server reading public/assets meanwhile never
    // sees a half-written file, and a rebuild of the same sources writes nothing).
    write: false,
    logLevel: quiet ? 'error' : 'warning',
  };
}

/** Writes `contents` to `file` unless it holds exactly that already; whole (a temporary file renamed into place). */
async function writeIfChanged(file, contents) {
  const bytes = Buffer.from(contents);
  const existing = await readFile(file).catch(() => null);
  if (existing && existing.equals(bytes)) return;
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** Removes stale fingerprinted files and writes the manifest the Worker imports. */
async function finish(result, outdir, writeManifest) {
  const outputs = result.metafile.outputs;
  await mkdir(outdir, { recursive: true });
  for (const file of result.outputFiles) await writeIfChanged(file.path, file.contents);
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
  let lazy = [];
  for (const [file, meta] of Object.entries(outputs)) {
    if (meta.entryPoint === 'client/entry.tsx') {
      entry = publicPath(file);
      preload = meta.imports.filter((i) => i.kind === 'import-statement').map((i) => publicPath(i.path));
      // What the entry imports when the first island starts (React), as opposed to the islands themselves.
      lazy = meta.imports
        .filter((i) => i.kind === 'dynamic-import' && !outputs[i.path]?.entryPoint?.startsWith('client/islands/'))
        .map((i) => publicPath(i.path));
    }
    if (file.endsWith('.css') && meta.entryPoint === 'client/styles/main.css') css = publicPath(file);
    if (file.endsWith('.css') && meta.entryPoint === 'client/styles/desk/desk.css') deskCss = publicPath(file);
  }
  if (!entry || !css || !deskCss) throw new Error('build-client: entry or stylesheet missing from esbuild output');

  // The entry's imports and the islands' chunks are the boot script's to preload: they live in it, not here.
  const islands = await islandChunks(outputs, entry, preload, lazy, publicPath);
  const boot = await buildBoot({ entry, preload, islands });
  const manifest = { entry, css, deskCss, boot };
  if (!writeManifest)
    return { manifest, metafile: result.metafile, files: Object.keys(outputs).map((f) => path.join(root, f)) };
  await mkdir(path.join(root, 'src/generated'), { recursive: true });
  await writeIfChanged(path.join(root, 'src/generated/assets.json'), JSON.stringify(manifest, null, 2) + '\n');
  return { manifest, metafile: result.metafile };
}

/**
 * For each island in client/islands/registry.ts, the files its code needs beyond what the entry already
 * imports: its own chunk and the chunks that chunk imports statically, and React (which the entry imports with
 * the first island, `lazy`). The boot script preloads them for the islands a page hydrates at once, so their
 * code arrives with the entry instead of two round trips after it.
 */
async function islandChunks(outputs, entry, preload, lazy, publicPath) {
  const registry = await readFile(path.join(root, 'client/islands/registry.ts'), 'utf8');
  const named = [...registry.matchAll(/^\s*(\w+): \(\) => import\('\.\/([\w-]+)'\)/gm)];
  if (named.length === 0) throw new Error('build-client: no islands found in client/islands/registry.ts');
  const byPublic = new Map(Object.entries(outputs).map(([file, meta]) => [publicPath(file), meta]));
  const known = new Set([entry, ...preload]);
  const islands = {};
  for (const [, name, module] of named) {
    const file = Object.keys(outputs).find((f) => outputs[f].entryPoint === `client/islands/${module}.tsx`);
    if (!file) throw new Error(`build-client: no chunk for island ${name} (client/islands/${module}.tsx)`);
    const files = [];
    const visit = (href) => {
      if (known.has(href) || files.includes(href)) return;
      files.push(href);
      for (const i of byPublic.get(href).imports) if (i.kind === 'import-statement') visit(publicPath(i.path));
    };
    visit(publicPath(file));
    for (const href of lazy) visit(href);
    islands[name] = files;
  }
  const chunks = Object.values(outputs).filter((o) => o.entryPoint?.startsWith('client/islands/')).length;
  if (chunks !== named.length)
    throw new Error(`build-client: ${chunks} island chunks but ${named.length} islands read from the registry`);
  return islands;
}

/** client/boot.ts, minified, with this build's file names: the page's inline script (client/document.tsx). */
async function buildBoot(files) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['client/boot.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    target: BROWSERS,
    minify: true,
    define: { __BOOT__: JSON.stringify(files) },
    legalComments: 'none',
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('build-client: the boot script cannot be inlined as it is');
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { manifest } = await buildClient();
  console.log('client built:', manifest.entry, manifest.css);
}
