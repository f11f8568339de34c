import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Tests run inside workerd with the bindings from wrangler.toml (local D1, KV, Queue).
// Migrations are read here and applied by tests/setup.ts before each file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations },
          // Nothing in the test suite reaches the network: any outbound request a test has
          // not replaced with a stand-in gets a 503 from here instead of a DNS lookup.
          outboundService: (request: Request) =>
            new Response(`network disabled in tests: ${request.method} ${request.url}`, { status: 503 }),
        },
      }),
    ],
    test: {
      include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
      setupFiles: ['./tests/setup.ts'],
      testTimeout: 20_000,
    },
  };
});
