// Screenshots of the lead forms without JavaScript, at a phone and a desktop width, for a human look:
// the newsletter refused and thanked, a quiz step and the contact step refused, the enquiry form at #contact
// and refused. Usage: node scripts/dev/screenshots-no-js.mjs [baseUrl] (default http://127.0.0.1:8787);
// writes reports/screens/nojs-*.png. Submits test leads to the site it is pointed at.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = process.argv[2] || 'http://127.0.0.1:8787';
const out = 'reports/screens';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  const page = await browser.newPage({ viewport, javaScriptEnabled: false });
  const shot = (name) => page.screenshot({ path: `${out}/nojs-${name}-${label}.png` });
  const news = page.locator('#newsletter');

  await page.goto(`${base}/`);
  await news.getByRole('textbox').fill('not-an-email');
  await news.getByRole('button', { name: 'Subscribe' }).click();
  await news.locator('form').scrollIntoViewIfNeeded();
  await shot('newsletter-refused');
  await news.getByRole('textbox').fill(`shot-${Date.now()}@example.com`);
  await news.getByRole('button', { name: 'Subscribe' }).click();
  await news.locator('form').scrollIntoViewIfNeeded();
  await shot('newsletter-thanks');

  await page.goto(`${base}/quiz`);
  await page.getByRole('button', { name: 'Health' }).click();
  await shot('quiz-step-2');
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await shot('quiz-contact-refused');

  await page.goto(`${base}/`);
  await page.locator('#about').getByRole('button', { name: 'Start a Conversation' }).click();
  await shot('enquiry-form');
  await page.locator('#contact').getByLabel('Name').fill('Ravi');
  await page.locator('#contact').getByRole('button', { name: 'Send message' }).click();
  await shot('enquiry-refused');
  await page.close();
}
await browser.close();
console.log('screenshots in', out);
