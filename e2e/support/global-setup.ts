import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../../scripts/chromium.mjs';

/** Fails early with a clear message when Debian's Chromium is missing. */
export default function globalSetup(): void {
  const path = CHROMIUM_PATH;
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's Chromium (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH. Playwright cannot download browsers on this machine.',
    );
  }
}
