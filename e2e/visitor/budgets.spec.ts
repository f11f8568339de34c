import { gzipSync } from 'node:zlib';
import { bareReactGzipBytes } from '../../scripts/bench/budget/bare-react.mjs';
import { setYoutube, withFeedsLock } from '../support/feeds/feeds';
import { expect, islandObserversReported, test } from '../support/test';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** First-view JavaScript of / may weigh at most this many times the bare React hydrateRoot bundle. */
const JS_RATIO_BUDGET = 1.08;

// What the browser downloads for a first view of / on a phone, without scrolling: the page, its
// stylesheet and the scripts of the islands on screen (the others load only when they come near).
// Measured in a known state: the YouTube stand-in serving its feeds and the cache warm (under the feeds lock).
test.describe('budgets @phone', () => {
  test('first-view JavaScript within 1.08x bare React; CSS <= 20 KB and HTML <= 60 KB gzip', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const bodies = new Map<string, { type: string; bytes: Buffer }>();
    const reads: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      const type = response.request().resourceType();
      if (!['script', 'stylesheet', 'document'].includes(type)) return;
      const read = async () => {
        bodies.set(url.pathname, { type, bytes: await response.body().catch(() => Buffer.alloc(0)) });
      };
      reads.push(read());
    });
    await withFeedsLock(async () => {
      await setYoutube({});
      expect((await page.request.get('/')).status(), 'the warm-up view of /').toBe(200);
      await page.goto('/');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
      // Whatever the first view loads has started once the entry's observer has reported where each island is;
      // an island it started has hydrated once <html data-hydrated> is back, and its scripts are counted below.
      await islandObserversReported(page);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.waitForLoadState('networkidle');
    });
    await Promise.all(reads);
    expect(await page.evaluate(() => window.scrollY), 'the first view is not scrolled').toBe(0);

    const gz = (type: string) =>
      [...bodies.values()]
        .filter((b) => b.type === type)
        .reduce((s, b) => s + gzipSync(b.bytes, { level: 9 }).length, 0);
    const js = gz('script');
    const css = gz('stylesheet');
    const html = gz('document');
    const floor = await bareReactGzipBytes();
    const ratio = js / floor;
    console.log(
      `first view of / (390x844, not scrolled): JS ${kb(js)} gzip (${[...bodies].filter(([, b]) => b.type === 'script').length} files), ` +
        `bare React hydrateRoot ${kb(floor)}, ratio ${ratio.toFixed(3)}; CSS ${kb(css)}; HTML ${kb(html)}`,
    );
    expect(js).toBeGreaterThan(0);
    expect(ratio, 'first-view JS / bare React bundle').toBeLessThanOrEqual(JS_RATIO_BUDGET);
    expect(css).toBeLessThanOrEqual(20 * 1024);
    expect(html).toBeLessThanOrEqual(60 * 1024);
  });
});
