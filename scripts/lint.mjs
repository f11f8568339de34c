// Small project rules prettier cannot check.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const problems = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx|mjs)$/.test(name)) check(full);
  }
}
function check(file) {
  const text = readFileSync(file, 'utf8');
  if (/^[A-Z]/.test(path.basename(file))) problems.push(`${file}: file names are kebab-case`);
  if (/\bdebug:\s*true/.test(text)) problems.push(`${file}: never enable library debug logging (it logs secrets)`);
  if (/\b(it|test|describe)\.only\(/.test(text)) problems.push(`${file}: .only left in a test`);
  if (file.startsWith('client') && /process\.env\.(?!NODE_ENV)/.test(text))
    problems.push(`${file}: the client reads no environment`);
}
for (const dir of ['src', 'client', 'tests', 'e2e', 'scripts']) walk(dir);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('lint: ok');
