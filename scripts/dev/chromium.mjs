// The Chromium that the e2e suite, Lighthouse and the screenshot script drive, and the flags it needs
// here (closed network, root, no GPU). Chosen in this order: CHROMIUM_PATH, else the system's
// /usr/bin/chromium when present, else Playwright's own Chromium (`npx playwright install chromium`).
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function playwrightChromium() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined; // No Playwright build for this platform.
  }
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv } : { problem: `CHROMIUM_PATH=${fromEnv} does not exist.` };
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM };
  const own = playwrightChromium();
  if (own) return { path: own };
  return {
    problem:
      `No Chromium found: CHROMIUM_PATH is not set, ${SYSTEM_CHROMIUM} does not exist and Playwright's own Chromium ` +
      'is not installed. Install one: `npx playwright install chromium` (where it can download), or your system ' +
      'package (Debian: `apt-get install -y chromium`), or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  };
}

const found = findChromium();

/** The executable to launch, or undefined when none was found (then CHROMIUM_PROBLEM says why). */
export const CHROMIUM_PATH = found.path;
export const CHROMIUM_PROBLEM = found.problem;

const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the e2e suite drives: CHROMIUM_PATH when set; else Chromium's headless shell when the system has it (Debian:
 * `apt-get install -y chromium-headless-shell`), which is what Playwright itself runs for headless Chromium: the same
 * Blink and V8 as the browser, without the desktop browser around them, so each journey costs about a quarter less
 * processor time; else the Chromium found above. Lighthouse and the screenshot scripts keep the full browser.
 */
export const E2E_CHROMIUM_PATH =
  !process.env.CHROMIUM_PATH && existsSync(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : CHROMIUM_PATH;

/** The executable, or an error that says how to install one. */
export function requireChromium() {
  if (!CHROMIUM_PATH) throw new Error(CHROMIUM_PROBLEM);
  return CHROMIUM_PATH;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
