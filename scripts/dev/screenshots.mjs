// Screenshots of the main screens at a phone and a desktop width, for a human look.
// Usage: node scripts/dev/screenshots.mjs [baseUrl] (default http://127.0.0.1:8787); writes reports/screens/*.png
import { chromium } from '@playwright/test';
/* global document, window -- page.evaluate callbacks run in the page */
import { mkdirSync } from 'node:fs';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8787';
const out = 'reports/screens';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: requireChromium(),
  args: CHROMIUM_ARGS,
});
for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  const page = await browser.newPage({ viewport });
  page.on('console', (m) => m.type() === 'error' && console.log(`[${label}] console.error:`, m.text()));
  for (const [name, path] of [
    ['home', '/'],
    ['quiz', '/quiz'],
  ]) {
    await page.goto(base + path);
    await page
      .locator('html[data-hydrated]')
      .waitFor({ state: 'attached', timeout: 15000 })
      .catch(() => console.log('not hydrated', path));
    // Scroll through once so lazy images and entrance animations run, as for a reader.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: name === 'home' });
    await page.screenshot({ path: `${out}/${name}-${label}-fold.png` });
  }
  await page.close();
}
await browser.close();
console.log('screenshots in', out);
