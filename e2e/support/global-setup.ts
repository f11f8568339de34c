import { CHROMIUM_PROBLEM } from '../../scripts/dev/chromium.mjs';

/** Fails early, saying how to install one, when no Chromium was found. */
export default function globalSetup(): void {
  if (CHROMIUM_PROBLEM) throw new Error(CHROMIUM_PROBLEM);
}
