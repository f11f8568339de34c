import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { CHROMIUM_PATH } from './scripts/dev/chromium.mjs';

// `npm run vitals`: the Core Web Vitals benchmark of / on an emulated phone (e2e/bench/web-vitals.bench.ts).
// A benchmark, not a test: its timings depend on how busy the machine is, so `npm test` never runs it.
export default defineConfig({
  ...base,
  testDir: './e2e/bench',
  testMatch: '*.bench.ts',
  timeout: 180_000,
  // Measured in the full browser, as a visitor's renders and composites (the suite itself runs the headless shell).
  projects: base
    .projects!.filter((p) => p.name === 'phone')
    .map((p) => ({
      ...p,
      testIgnore: undefined,
      use: { ...p.use, launchOptions: { ...p.use?.launchOptions, executablePath: CHROMIUM_PATH } },
    })),
});
