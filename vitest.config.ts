import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { experimental_readRawConfig } from 'wrangler';

// Tests run inside workerd with the bindings from wrangler.toml (local D1, KV, Queue).
// Migrations are read here and applied by tests/setup.ts before each file.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  // Tests that depend on the queue settings read them from wrangler.toml rather than copying numbers.
  const { rawConfig } = experimental_readRawConfig({ config: path.join(import.meta.dirname, 'wrangler.toml') });
  return {
    plugins: [
      cloudflareTest({
        main: './src/index.ts',
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, TEST_QUEUE_CONSUMERS: rawConfig.queues?.consumers ?? [] },
          // Nothing in the test suite reaches the network: any outbound request a test has
          // not replaced with a stand-in gets a 503 from here instead of a DNS lookup.
          outboundService: (request: Request) =>
            new Response(`network disabled in tests: ${request.method} ${request.url}`, { status: 503 }),
        },
      }),
    ],
    test: {
      // DESK_BENCH=1 (npm run bench:desk) runs the 100,000-lead listing measurement instead of the tests.
      include: process.env.DESK_BENCH ? ['bench/**/*.measure.ts'] : ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
      setupFiles: ['./tests/setup.ts'],
      testTimeout: 20_000,
    },
  };
});
