import { CHROMIUM_PROBLEM } from '../../scripts/dev/chromium.mjs';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/**
 * Fails early, saying how to install one, when no Chromium was found. Then offers the sample free guide (POST
 * /__dev/guides/seed: its PDF, the guide in the draft, published), so every journey sees the same landing page,
 * its "Get the free guide" block included. Playwright runs this once the e2e server answers; the seed changes
 * nothing when the guide is there already.
 */
export default async function globalSetup(): Promise<void> {
  if (CHROMIUM_PROBLEM) throw new Error(CHROMIUM_PROBLEM);
  const res = await fetch(`${BASE}/__dev/guides/seed`, { method: 'POST' });
  if (!res.ok) throw new Error(`POST /__dev/guides/seed answered ${res.status}: ${await res.text()}`);
}
