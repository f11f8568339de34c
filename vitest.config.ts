import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { experimental_readRawConfig } from 'wrangler';

const root = import.meta.dirname;

/**
 * The tests run with wrangler.toml's configuration and nothing else. Wrangler adds the variables in
 * `.dev.vars` (or `.env`) beside the config file it is given, and a developer's may hold a real
 * Firestore key, WhatsApp token or owner numbers; so the tests get a copy of wrangler.toml (paths made
 * absolute) in a folder of their own, where no such file is ever found.
 */
/** wrangler.toml's `[alias]` table with its paths made absolute: the Worker's module substitutions. */
function aliases(table: Record<string, string> | undefined) {
  return Object.fromEntries(Object.entries(table ?? {}).map(([name, to]) => [name, path.resolve(root, to)]));
}

function pinnedWranglerConfig() {
  const { rawConfig } = experimental_readRawConfig({ config: path.join(root, 'wrangler.toml') });
  const abs = (p: string | undefined) => (p === undefined ? undefined : path.resolve(root, p));
  const pinned = {
    ...rawConfig,
    main: abs(rawConfig.main),
    assets: rawConfig.assets && { ...rawConfig.assets, directory: abs(rawConfig.assets.directory) },
    alias: aliases(rawConfig.alias),
    d1_databases: rawConfig.d1_databases?.map((db: { migrations_dir?: string }) => ({
      ...db,
      migrations_dir: abs(db.migrations_dir),
    })),
  };
  const dir = path.join(root, '.wrangler/vitest-config');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'wrangler.json');
  writeFileSync(file, JSON.stringify(pinned, null, 2));
  return { file, rawConfig };
}

const TESTS = ['tests/**/*.test.ts', 'tests/**/*.test.tsx'];
const FRESH_STORAGE = [
  'tests/health/health.test.ts',
  'tests/routes/api/leads-accept.test.ts',
  'tests/store/leads/late-write.test.ts',
  'tests/notify/ledger/budgets.test.ts',
  'tests/notify/ledger/consumer.test.ts',
  'tests/notify/ledger/dead-letter.test.ts',
  'tests/notify/email/fallback.test.ts',
  'tests/notify/ledger/queue.test.ts',
  'tests/notify/ledger/replay.test.ts',
  'tests/newsletter/provider.test.ts',
  'tests/config/production-mode.test.ts',
  'tests/notify/email/quiz-result-email.test.ts',
  'tests/store/leads/search-backfill.test.ts',
  // Reads the desk's list of the 50 latest conversations, which other files' newer messages would fill.
  'tests/desk/replies/saved-replies.test.ts',
  // Runs the cron, which deletes every file's old rows, and erases a person: its own storage.
  'tests/store/data-map-people.test.ts',
];

// Tests run inside workerd with the bindings from wrangler.toml (local D1, KV, Queue).
// Migrations are read here and applied by tests/setup.ts before each file.
export default defineConfig(async () => {
  // Nor are the shell's variables passed to the Worker.
  process.env.CLOUDFLARE_INCLUDE_PROCESS_ENV = 'false';
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  const { file, rawConfig } = pinnedWranglerConfig();
  return {
    plugins: [
      cloudflareTest({
        main: path.join(root, 'src/index.ts'),
        wrangler: { configPath: file },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The booking webhooks' secrets, so /webhooks/calcom and /webhooks/calendly exist in the tests
            // (tests/support/bookings.ts signs with them, read from env).
            CALCOM_WEBHOOK_SECRET: 'test-calcom-webhook-secret',
            CALENDLY_WEBHOOK_SIGNING_KEY: 'test-calendly-signing-key',
            // React picks its build from process.env.NODE_ENV (populated from text bindings under nodejs_compat).
            // Wrangler bundles the deployed Worker with the production build; the tests run that build too, not
            // React's development build, which renders the landing page about ten times slower.
            NODE_ENV: 'production',
            // The tests' requests come from inside the runtime: as `npm run dev` on loopback, the development
            // conveniences answer (tests/dev-routes.test.ts also runs without it).
            DEV_LOOPBACK_ONLY: '1',
            // Tests that depend on the queue settings read them from wrangler.toml rather than copying numbers.
            TEST_QUEUE_CONSUMERS: rawConfig.queues?.consumers ?? [],
            TEST_SUBMIT_LIMIT: rawConfig.ratelimits?.find((r: { name: string }) => r.name === 'SUBMIT_LIMITER')?.simple,
          },
          // Nothing in the test suite reaches the network: any outbound request a test has
          // not replaced with a stand-in gets a 503 from here instead of a DNS lookup.
          outboundService: (request: Request) =>
            new Response(`network disabled in tests: ${request.method} ${request.url}`, { status: 503 }),
        },
      }),
    ],
    // The modules wrangler substitutes when it bundles the Worker, substituted here too.
    resolve: { alias: aliases(rawConfig.alias) },
    // The JSX runtime the Worker ships with (production), not the dev runtime Vite picks when it
    // cannot read `jsx` through the solution-style tsconfig.json: renders then cost what they cost deployed.
    oxc: { jsx: { runtime: 'automatic' as const, development: false } },
    test: {
      setupFiles: ['./tests/setup.ts'],
      testTimeout: 20_000,
      // MEASURE=1 runs the measurements in scripts/bench/measure/ instead of the tests (npm run bench:desk, npm run bench):
      // timings, which depend on how busy the machine is, so `npm test` never asserts them.
      projects: process.env.MEASURE
        ? [
            {
              extends: true as const,
              test: { include: ['scripts/bench/measure/*.measure.ts', 'scripts/bench/measure/*.measure.tsx'] },
            },
          ]
        : [
            // Starting a workerd runtime costs several seconds per file: the files that only read and write
            // their own rows share one runtime, one after another (one worker: their rows meet in one database).
            {
              extends: true as const,
              test: { name: 'shared', include: TESTS, exclude: FRESH_STORAGE, isolate: false, maxWorkers: 1 },
            },
            // These assert on the queue, the delivery ledger or stubbed outbound calls as a whole: they share a
            // second runtime, one after another, and each file starts from empty storage (tests/fresh-storage.ts).
            {
              extends: true as const,
              test: {
                name: 'fresh storage',
                include: FRESH_STORAGE,
                isolate: false,
                maxWorkers: 1,
                // After the root's tests/setup.ts (a project's setup files are added to the root's).
                setupFiles: ['./tests/fresh-storage.ts'],
              },
            },
          ],
    },
  };
});
