// The shape a newcomer reads (README, "Where things live" and "An enquiry's path"): no two folders of src/
// import each other, the browser's code imports nothing of the Worker's but what is safe to ship, the JSON API
// nothing of the pages, no file is over 300 lines, and the enquiry's path stays short enough to read in one sitting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .flatMap((e) =>
      e.isFile() && /\.tsx?$/.test(e.name) ? [path.relative(root, path.join(e.parentPath, e.name))] : [],
    );
}

/** `src/leads/accept.ts` → `leads`; a file directly in src/ is its own unit (`src/log.ts` → `log`). */
function unitOf(file) {
  const parts = file.split(path.sep);
  if (parts[0] === 'client') return 'client';
  return parts[1].replace(/\.tsx?$/, '');
}

/** Every [from unit, to unit, file] of a relative import between two units. */
function edges() {
  const out = [];
  for (const file of [...sources('src'), ...sources('client')]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from !== to) out.push([from, to, file]);
    }
  }
  return out;
}

test('no two folders of the Worker import each other', () => {
  const all = edges();
  const pairs = new Set(all.map(([a, b]) => `${a}>${b}`));
  assert.ok(pairs.size > 20, 'the import scan found the imports');
  const twoWay = all.filter(([a, b]) => pairs.has(`${b}>${a}`)).map(([a, b, file]) => `${a} ⇄ ${b} (${file})`);
  assert.deepEqual(twoWay, []);
});

test('the lower layers import nothing above them', () => {
  const below = {
    store: ['config', 'content', 'shared', 'log', 'env', 'generated'],
    queue: ['store', 'config', 'content', 'shared', 'log', 'env'],
    shared: ['content', 'shared'],
    content: ['content', 'shared'],
  };
  const wrong = edges()
    .filter(([from, to]) => from in below && !below[from].includes(to))
    .map(([from, to, file]) => `${from} → ${to} (${file})`);
  assert.deepEqual(wrong, []);
});

test("the browser's code imports only what may ship: shared rules, content and the feeds' types", () => {
  const wrong = edges()
    .filter(([from, to]) => from === 'client' && !['shared', 'content', 'feeds'].includes(to))
    .map(([, to, file]) => `${file} → ${to}`);
  assert.deepEqual(wrong, []);
});

/** Every file `file` reaches through relative imports (type-only imports too), itself included. */
function reachedFrom(file) {
  const seen = new Set();
  const todo = [file];
  while (todo.length > 0) {
    const next = todo.pop();
    if (seen.has(next)) continue;
    seen.add(next);
    const text = fs.readFileSync(path.join(root, next), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(root, path.dirname(next), spec));
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((ext) => target + ext);
      const real = found.find((f) => fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile());
      if (real) todo.push(real);
    }
  }
  return seen;
}

test('the JSON API imports nothing from the pages', () => {
  const reached = [...reachedFrom(path.join('src', 'routes', 'api.ts'))];
  assert.ok(reached.includes(path.join('src', 'routes', 'api', 'leads.ts')), 'the import walk followed the API');
  const pages = reached.filter(
    (file) =>
      file === path.join('src', 'routes', 'pages.tsx') ||
      file.startsWith(path.join('src', 'routes', 'forms')) ||
      file.split(path.sep)[0] === 'client',
  );
  assert.deepEqual(pages, []);
});

test('no file in src/ or client/ is over 300 lines (src/generated aside)', () => {
  const long = [...sources('src'), ...sources('client')]
    .filter((file) => !file.startsWith(path.join('src', 'generated') + path.sep))
    .map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1])
    .filter(([, lines]) => lines > 300)
    .map(([file, lines]) => `${file}: ${lines} lines`);
  assert.deepEqual(long, []);
});

test("the README's enquiry path names at most 20 files, each of which exists", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const list = /<!-- enquiry-path:start -->([\s\S]*?)<!-- enquiry-path:end -->/.exec(readme)?.[1] ?? '';
  const files = [...list.matchAll(/^\d+\. `([^`]+)`/gm)].map(([, file]) => file);
  assert.ok(files.length > 10, 'the README lists the enquiry path between its markers');
  assert.ok(files.length <= 20, `${files.length} files on the enquiry path`);
  assert.deepEqual(
    files.filter((file) => !fs.existsSync(path.join(root, file))),
    [],
  );
});
