import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from './scripts/dev/chromium.mjs';

const PORT = Number(process.env.E2E_PORT || 8788);

const launchOptions = { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS };
// The phone is drawn at one device pixel per CSS pixel: its layout, touch and media queries are the Pixel 7's, and
// nothing the journeys check depends on the pixel density, while drawing at the Pixel 7's 2.625 costs the browser about
// a seventh more processor time over the suite (docs/performance.md). The review screenshots (E2E_SCREENSHOTS=1) keep
// the Pixel 7's density, as a person looks at them.
const deviceScaleFactor = process.env.E2E_SCREENSHOTS ? devices['Pixel 7'].deviceScaleFactor : 1;
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor, launchOptions };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
/** The journeys that change the feeds every page reads: those in e2e/feeds/. */
const FEED_STATES = /[\\/]e2e[\\/]feeds[\\/][^\\/]+\.spec\.ts$/;

// Which width a journey runs at is said by a tag in its title (or its describe's), docs/decisions/040:
//   no tag     the phone (390 px) only: the owners use the desk on their phones, and most visitors come on one;
//   @both      the phone and the desktop (1280 px): the two layouts differ in what the journey checks;
//   @desktop   the desktop only: what it checks is the desktop layout, or no layout at all (files, a build);
//   @phone     the phone only, and never both: the UI exists on a phone alone (the hamburger menu, the video strip).
// Every page a visitor or an owner opens is still loaded at both widths: the sweeps (e2e/visitor/a11y.spec.ts,
// e2e/desk/desk-phone.spec.ts) are tagged @both. The journeys live in e2e/ by feature, at most 15 files a folder.
/** The phone runs every journey but the desktop-only ones. */
const PHONE = { grepInvert: /@desktop/ };
/** The desktop runs the desktop-only journeys and those tagged for both widths. */
const DESKTOP = { grep: /@both|@desktop/, grepInvert: /@phone/ };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Three: a journey spends much of its time waiting on the other processes (browser, Worker, stand-ins), so two
  // workers kept the suite alone on about 1.2 of the 2 cores; three keep it near 1.8 (docs/decisions/026).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', ...PHONE, testIgnore: FEED_STATES, use: phone },
    { name: 'desktop', ...DESKTOP, testIgnore: FEED_STATES, use: desktop },
    // The feed journeys switch the YouTube stand-in and empty the shared feeds cache; a page another test loads
    // meanwhile would find its thumbnails gone (404: only cached videos have thumbnails). They run once the
    // other journeys are done, one at a time (e2e/support/feeds/feeds.ts holds a lock).
    { name: 'phone feeds', ...PHONE, testMatch: FEED_STATES, dependencies: ['phone', 'desktop'], use: phone },
    { name: 'desktop feeds', ...DESKTOP, testMatch: FEED_STATES, dependencies: ['phone', 'desktop'], use: desktop },
  ],
  webServer: {
    command: 'node scripts/dev/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // The client build, the migrated database (made once per set of migrations) and wrangler's start: well under a
    // minute alone, but the checks beside it share the two cores (scripts/dev/test.mjs).
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
