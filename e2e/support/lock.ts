import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const E2E_PORT = process.env.E2E_PORT || 8788;

/**
 * Runs `fn` holding the lock `name`, shared by every Playwright worker (an atomic mkdir on the shared disk), for
 * tests that change something all of them see. It waits at most `waitMs`; a lock older than `staleMs` was left by
 * a killed run and is taken over.
 */
export async function withLock<T>(
  name: string,
  { staleMs, waitMs }: { staleMs: number; waitMs: number },
  fn: () => Promise<T>,
): Promise<T> {
  const dir = path.resolve(`.wrangler/e2e-state-${E2E_PORT}/${name}.lock`);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > staleMs) rmSync(dir, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the ${name} lock`);
      // Nothing tells another process the lock was freed: it asks again a moment later.
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
