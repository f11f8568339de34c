// The preflight's table and its list of problems agree: a secret that is set but unusable (a Firestore key cut at
// its first newline, or one that does not parse) is "problem" in the table, never "ok", while the list names it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { privatePem, run, secretsFile, standinConfig } from './support/operator.mjs';

/** The production preflight of a secrets file without its live checks (nothing reaches a service). */
const preflightWith = (overrides) =>
  run('scripts/ops/preflight.mjs', [
    '--env',
    'production',
    '--config',
    standinConfig(),
    '--secrets-file',
    secretsFile(overrides),
    '--skip-live',
  ]);

/** The table's row of a setting: its state and what it says. */
function row(out, name) {
  const line = out.split('\n').find((l) => l.startsWith(`| ${name} `));
  assert.ok(line, `${name} has a row:\n${out}`);
  const [, , , state, note] = line.split('|').map((cell) => cell.trim());
  return { state, note };
}

describe('npm run preflight: a Firestore key that is set but unusable', { timeout: 120_000 }, () => {
  it('a key cut at its first newline is "problem" in the table, as in the list of problems', async () => {
    const { code, out } = await preflightWith({ FIRESTORE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----' });
    assert.equal(code, 1, out);
    assert.match(out, /\n {2}- FIRESTORE_PRIVATE_KEY: is one line: the key was cut at its first newline/);
    const { state, note } = row(out, 'FIRESTORE_PRIVATE_KEY');
    assert.equal(state, 'problem', out);
    assert.match(note, /^is one line: the key was cut at its first newline/);
  });

  it('a key that does not parse is "problem" too; a whole key is "ok"', async () => {
    const mangled = await preflightWith({ FIRESTORE_PRIVATE_KEY: privatePem.replace(/[A-Za-z]{8}\n/, '\n') });
    assert.equal(mangled.code, 1, mangled.out);
    assert.equal(row(mangled.out, 'FIRESTORE_PRIVATE_KEY').state, 'problem', mangled.out);
    assert.match(row(mangled.out, 'FIRESTORE_PRIVATE_KEY').note, /^does not parse as a private key/);
    const whole = await preflightWith({});
    assert.equal(row(whole.out, 'FIRESTORE_PRIVATE_KEY').state, 'ok', whole.out);
    assert.doesNotMatch(whole.out, /- FIRESTORE_PRIVATE_KEY:/);
  });
});
