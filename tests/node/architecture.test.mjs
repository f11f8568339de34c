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

/** The strongly connected groups of a graph (Tarjan) with more than one member: each holds an import cycle. */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** A graph of `key(file)` → `key(target)` over every relative import of src/ and client/. */
function graphBy(key) {
  const graph = new Map();
  for (const file of [...sources('src'), ...sources('client')]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
      const [from, to] = [key(file), key(target)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
    }
  }
  return graph;
}

test('no import cycle between folders, of any length: neither between the top folders nor between any two folders', () => {
  const units = graphBy(unitOf);
  assert.ok(units.size > 15, 'the import scan found the folders');
  assert.deepEqual(cycles(units), []);
  // A file's folder; an import of a folder (its index) counts as an import of that folder.
  const folderOf = (file) => (/\.(tsx?|mts|cjs|mjs)$/.test(file) ? path.dirname(file) : file);
  assert.deepEqual(cycles(graphBy(folderOf)), []);
});

test('the cycle finder finds a cycle of three', () => {
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set(['a'])],
  ]);
  assert.deepEqual(cycles(graph), [['a', 'b', 'c']]);
});

test('a port imports no adapter: only the factory beside it (open.ts) chooses the D1 or the Firestore one', () => {
  const wrong = [];
  for (const file of sources('src')) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      if (!/-(d1|firestore)$/.test(spec)) continue;
      const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
      // The factory beside the port, choosing an adapter in its folder or a folder of its own below it; or one
      // adapter's file reading another's helpers.
      const below = path.dirname(target).startsWith(path.dirname(file));
      const adapter = /-(d1|firestore)(-[a-z-]+)?\.ts$/.test(path.basename(file));
      const sameAdapter = adapter && path.dirname(target) === path.dirname(file);
      if (!((path.basename(file) === 'open.ts' && below) || sameAdapter)) wrong.push(`${file} → ${spec}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/** Every folder under `dir` (itself included) with the number of files it holds directly. */
function folderSizes(dir) {
  const out = [];
  const walk = (d) => {
    const entries = fs.readdirSync(path.join(root, d), { withFileTypes: true });
    out.push([d, entries.filter((e) => e.isFile()).length]);
    for (const e of entries) if (e.isDirectory() && e.name !== 'node_modules') walk(path.join(d, e.name));
  };
  walk(dir);
  return out;
}

test('no folder of src/, client/, tests/ or e2e/ holds more than 15 files directly', () => {
  const all = ['src', 'client', 'tests', 'e2e'].flatMap(folderSizes);
  assert.ok(all.length > 20, 'the walk found the folders');
  assert.deepEqual(
    all.filter(([, n]) => n > 15).map(([d, n]) => `${d}: ${n} files`),
    [],
  );
});

test('no test file holds more than 400 lines', () => {
  const tests = [...sources('tests'), ...sources('e2e')].filter((f) => /\.(test|spec)\.tsx?$/.test(f));
  const node = fs
    .readdirSync(path.join(root, 'tests', 'node'), { recursive: true })
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('tests', 'node', f));
  assert.ok(tests.length > 50 && node.length > 3, 'the walk found the tests');
  const long = [...tests, ...node]
    .map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1])
    .filter(([, lines]) => lines > 400)
    .map(([file, lines]) => `${file}: ${lines} lines`);
  assert.deepEqual(long, []);
});

test('the lower layers import nothing above them', () => {
  const below = {
    store: ['config', 'words', 'shared', 'log', 'env', 'generated'],
    queue: ['store', 'config', 'words', 'shared', 'log', 'env'],
    shared: ['words', 'shared'],
    words: ['words', 'shared'],
  };
  const wrong = edges()
    .filter(([from, to]) => from in below && !below[from].includes(to))
    .map(([from, to, file]) => `${from} → ${to} (${file})`);
  assert.deepEqual(wrong, []);
});

test("the browser's code imports only what may ship: shared rules, the site's words and the feeds' types", () => {
  const wrong = edges()
    .filter(([from, to]) => from === 'client' && !['shared', 'words', 'feeds'].includes(to))
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

/** The files `file` calls into: its relative imports of values (an `import type` calls nothing). */
function callees(file) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const out = new Set();
  for (const [, spec] of text.matchAll(/import\s+(?!type\s)[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
    const real = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => target + ext)
      .find((f) => fs.existsSync(path.join(root, f)));
    if (real) out.add(real);
  }
  return out;
}

test("the README's enquiry path is followed as a reader would: each file is called by one listed before it", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const list = /<!-- enquiry-path:start -->([\s\S]*?)<!-- enquiry-path:end -->/.exec(readme)?.[1] ?? '';
  const steps = [...list.matchAll(/^\d+\. `([^`]+)`(.*)$/gm)].map(([, file, rest]) => ({
    file,
    queue: /\(the queue\)/.test(rest),
  }));
  assert.ok(steps.length > 10, 'the README lists the enquiry path between its markers');
  assert.ok(steps.length <= 20, `${steps.length} files on the enquiry path`);
  assert.deepEqual(
    steps.filter(({ file }) => !fs.existsSync(path.join(root, file))).map(({ file }) => file),
    [],
  );
  assert.equal(steps[0].file, 'src/index.ts', 'the path starts where a request comes in');
  const broken = [];
  steps.forEach(({ file, queue }, i) => {
    if (i === 0) return;
    const before = steps.slice(0, i).map((s) => s.file);
    // The one hop no import makes: a listed file queues a job (src/queue/jobs.ts's enqueue), and the Worker's queue
    // handler, which src/index.ts hands the runtime, takes it.
    const viaQueue =
      queue &&
      before.includes('src/queue/jobs.ts') &&
      callees('src/index.ts').has(file) &&
      /\bqueue\b/.test(fs.readFileSync(path.join(root, 'src/index.ts'), 'utf8'));
    if (!viaQueue && !before.some((caller) => callees(caller).has(file))) broken.push(`${i + 1}. ${file}`);
  });
  assert.deepEqual(broken, [], 'each of these is called by no file listed before it');
});

test('the enquiry path check refuses a file nobody before it calls', () => {
  assert.ok(callees('src/routes/api.ts').has('src/routes/api/leads.ts'), 'the API calls the enquiry handler');
  assert.ok(!callees('src/routes/api.ts').has('src/notify/whatsapp/whatsapp.ts'), 'the API does not call WhatsApp');
  assert.ok(
    !callees('src/notify/ledger/deliver.ts').has('src/notify/ledger/ledger-store.ts'),
    'a type-only import is no call',
  );
});
