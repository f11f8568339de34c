import { applyD1Migrations, env } from 'cloudflare:test';
import { afterEach, beforeEach, vi } from 'vitest';

// Every test file starts with the schema applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// An unexpected console.error fails the test that caused it.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  const seen = errors;
  errors = [];
  if (seen.length > 0 && !expectedErrors) {
    throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
  expectedErrors = false;
});

let expectedErrors = false;
/** Call in a test that deliberately triggers logged errors (e.g. an upstream failure). */
export function allowConsoleErrors(): void {
  expectedErrors = true;
}
