/**
 * Counting visits has a ceiling: past VISITS_DAILY_LIMIT new visitors in a day, visits are not written one by one and
 * the desk's Sources page says counting paused and since when. On a Worker of its own with a ceiling of 2 (the shared
 * e2e server's day must keep counting for the other journeys), whose desk signs in the local owner. On the phone
 * only, so the Worker is started once.
 */
import { deskSources } from '../../src/desk/sources/words';
import { startLocalWorker } from '../../scripts/dev/local-worker.mjs';
import { overflowX } from '../support/desk/desk';
import { expect, test, keepScreenshot } from '../support/test';

const CEILING = 2;

test('past the day’s ceiling, counting pauses and the Sources page says so and since when', async ({ page }, info) => {
  test.setTimeout(120_000);
  // Beside the shared server (E2E_PORT), the sentinel Worker (+1) and the stand-ins (+2, +3).
  const port = Number(process.env.E2E_PORT || 8788) + 4;
  const worker = await startLocalWorker({ port, build: false, vars: { VISITS_DAILY_LIMIT: String(CEILING) } });
  try {
    const browser = (await page.evaluate(() => navigator.userAgent)) as string;
    let visitor = 10;
    const visit = async () => {
      visitor += 1;
      const headers = { 'CF-Connecting-IP': `192.0.2.${visitor}`, 'User-Agent': browser };
      const res = await fetch(`${worker.origin}/privacy`, { headers });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    };
    // Visitors, each from an address of its own: two are counted, a later one finds the ceiling reached. A visit is
    // counted after its page was answered, so a new visitor comes until the Sources page says counting paused.
    await visit();
    await visit();
    const note = page.getByText(/^Counting visits paused today at \d{2}:\d{2}: 2 new visitors were counted/);
    await expect(async () => {
      await visit();
      await page.goto(`${worker.origin}/desk/sources?days=7`);
      await expect(note).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    // The rest of the owners' words, as the content gives them for today (the time aside).
    const words = deskSources.paused('', new Date().toISOString(), CEILING, true).replace(/^.*? at \d{2}:\d{2}/, '');
    await expect(note).toContainText(words);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`sources-paused-${info.project.name}.png`), fullPage: true });
  } finally {
    await worker.stop();
  }
});
