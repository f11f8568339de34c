import { gzipSync } from 'node:zlib';
import { bareReactGzipBytes } from '../scripts/budget/bare-react.mjs';
import { expect, gotoHydrated, test } from './support/test';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Budgets of issue 7, measured on what the browser actually downloads for a first view of /.
test.describe('budgets @desktop', () => {
  test('first-view JavaScript within 1.25x bare React; CSS <= 20 KB and HTML <= 60 KB gzip', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const bodies = new Map<string, { type: string; bytes: Buffer }>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin) return;
      const type = response.request().resourceType();
      if (!['script', 'stylesheet', 'document'].includes(type)) return;
      bodies.set(url.pathname, { type, bytes: await response.body().catch(() => Buffer.alloc(0)) });
    });
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');

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
      `first view of /: JS ${kb(js)} gzip (${[...bodies].filter(([, b]) => b.type === 'script').length} files), ` +
        `bare React hydrateRoot ${kb(floor)}, ratio ${ratio.toFixed(2)}; CSS ${kb(css)}; HTML ${kb(html)}`,
    );
    expect(js).toBeGreaterThan(0);
    expect(ratio, 'first-view JS / bare React bundle').toBeLessThanOrEqual(1.25);
    expect(css).toBeLessThanOrEqual(20 * 1024);
    expect(html).toBeLessThanOrEqual(60 * 1024);
  });
});
