import { existsSync } from 'node:fs';

/** Fails early with a clear message when Debian's Chromium is missing. */
export default function globalSetup(): void {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install Debian's Chromium (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH. Playwright cannot download browsers on this machine.',
    );
  }
}
