import type { Page, TestInfo } from '@playwright/test';
import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { previewCopy } from '../../src/words/sections';
import { expectNoViolations } from '../support/axe';
import { addItem, liveVersion, publish, withContentLock } from '../support/desk/content';
import { overflowX, signIn } from '../support/desk/desk';
import { expectFailedResource } from '../support/leads';
import { animationsSettled, expect, test, keepScreenshot } from '../support/test';

/**
 * The owners trust the content editor's history: one sentence fixed in a testimonial reads "1 edited" with its
 * words before and after; an earlier version is previewed (with a note saying which) before it is published
 * again; a testimonial is moved up by a button; an episode's image is uploaded (a PNG kept, an SVG renamed .png
 * refused by the field) and served back; a date is picked in one format. Each page passes axe and fits the
 * screen. The journeys that edit the content share one draft: each holds the content lock and leaves live what it found.
 */

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Checks the page as an owner sees it (axe, nothing past the right edge) and keeps a full-page screenshot. */
async function look(page: Page, info: TestInfo, name: string, site = false) {
  // A preview is the site's page: its islands hydrate and its sections fade in before axe judges their colours.
  if (site) await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  await animationsSettled(page);
  await expectNoViolations(page, name);
  expect(await overflowX(page), name).toBe(0);
  // On a phone a page wider than the screen widens the layout viewport itself (the page is zoomed out).
  expect(await page.evaluate(() => window.innerWidth), name).toBe(page.viewportSize()!.width);
  await keepScreenshot(page, { path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
  await keepScreenshot(page, { path: info.outputPath(`${name}-top-${info.project.name}.png`) });
}

test.describe.configure({ mode: 'serial' });

test('the owner fixes one sentence and reads it as edited, previews an earlier version, reorders, uploads an image and picks a date', async ({
  page,
  baseURL,
  problems,
}, info) => {
  test.setTimeout(420_000);
  const run = `${info.project.name} ${crypto.randomUUID().slice(0, 6)}`;
  const first = `Asha ${run}`;
  const second = `Ravi ${run}`;
  const quote = `I came stuck in a job that no longer fit. In three months I found my footing again (${run}).`;
  const fixed = quote.replace('In three months', 'In six months');
  await signIn(page);
  await withContentLock(async () => {
    let baseline = await liveVersion(page);
    baseline ??= await publish(page, copy.publish);
    try {
      for (const [name, words] of [
        [first, quote],
        [second, `Kind and practical (${run}).`],
      ]) {
        await addItem(page, 'testimonials', async (item) => {
          await item.getByLabel('Quote', { exact: true }).fill(words!);
          await item.getByLabel('Name', { exact: true }).fill(name!);
          await item.getByLabel('Date they agreed to be quoted', { exact: true }).fill('2026-01-15');
          await item.getByLabel('Shown on the site', { exact: true }).check();
        });
      }
      const earlier = await publish(page, copy.publish);

      // One sentence fixed: "1 edited", with the words before and after.
      await page.goto('/desk/content/testimonials');
      await page.getByRole('group', { name: first, exact: true }).getByLabel('Quote', { exact: true }).fill(fixed);
      await page.getByRole('button', { name: copy.save }).first().click();
      await expect(page).toHaveURL(/\/desk\/content\?saved=testimonials$/);
      const changes = page.locator('section[aria-labelledby="changes-heading"]');
      await expect(changes).toContainText('Testimonials: 1 edited');
      await expect(changes).toContainText(`“${first}” · Quote`);
      await expect(changes.locator('del')).toContainText('In three months I found my footing again');
      await expect(changes.locator('ins')).toContainText('In six months I found my footing again');
      await expect(changes).not.toContainText('1 added');
      await look(page, info, 'content-edited');
      const later = await publish(page, copy.publish);
      await expect(page.locator(`#version-${later}`)).toContainText('Testimonials: 1 edited');

      // The earlier version, previewed before it is published again.
      await page.getByRole('link', { name: copy.previewVersionLabel(earlier) }).click();
      await expect(page).toHaveURL(new RegExp(`/desk/content/versions/${earlier}/preview$`));
      const note = page.getByRole('complementary', { name: previewCopy.label });
      await expect(note).toContainText(previewCopy.version(earlier));
      await expect(note.getByRole('button', { name: previewCopy.republish(earlier) })).toBeVisible();
      await expect(page.locator('#testimonials')).toContainText(quote);
      await expect(page.locator('#testimonials')).not.toContainText(fixed);
      await look(page, info, 'version-preview', true);
      await page.goto('/desk/content/preview');
      await expect(page.getByRole('complementary', { name: previewCopy.label })).toContainText(previewCopy.note);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
      await animationsSettled(page);
      await expectNoViolations(page, 'draft preview');

      // Moved up by its button (a form post: it works without JavaScript too).
      await page.goto('/desk/content/testimonials');
      await page.getByRole('button', { name: copy.moveUpLabel(second) }).click();
      await expect(page).toHaveURL(/\/desk\/content\/testimonials\?moved=\d+#item-\d+$/);
      await expect(page.getByText(copy.moved(second))).toBeVisible();
      const legends = await page.locator('.desk-content-item > legend').allTextContents();
      expect(legends.indexOf(second)).toBe(legends.indexOf(first) - 1);
      await look(page, info, 'content-moved');

      // An episode's image uploaded: a renamed SVG refused by the field, a PNG kept and served.
      await page.goto('/desk/content/episodes');
      const upload = page.locator('.desk-content-item').first().getByLabel(copy.labels['image.upload']!);
      await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: SVG });
      await page.getByRole('button', { name: copy.save }).first().click();
      await expect(page.locator('#f-0-image-note')).toHaveText(copy.upload.notImage);
      // The refused form comes back as a 400 page, which Chromium logs.
      await expectFailedResource(problems, 400);
      await look(page, info, 'content-upload-refused');
      await page.goto('/desk/content/episodes');
      await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: copy.save }).first().click();
      await expect(page).toHaveURL(/\/desk\/content\?saved=episodes$/);
      await page.goto('/desk/content/episodes');
      const path = await page.locator('#f-0-image').inputValue();
      expect(path).toMatch(/^\/site-images\/[0-9a-f]{64}\.png$/);
      const thumb = page.locator('.desk-content-item').first().locator('img.desk-content-thumb');
      await expect(thumb).toHaveAttribute('src', path);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      // Public, without the desk's sign-in: a year's cache, never sniffed.
      const served = await fetch(new URL(path, baseURL));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      await look(page, info, 'content-upload');
      await keepScreenshot(
        page
          .locator('.desk-content-item')
          .first()
          .locator('.desk-field', { has: page.locator('.desk-content-upload') }),
        { path: info.outputPath(`content-upload-field-${info.project.name}.png`) },
      );

      // A date: a picker and its hint in words, in one format.
      await page.goto('/desk/content/talks');
      const item = page.getByRole('group', { name: copy.newItem, exact: true });
      const date = item.getByLabel('Date', { exact: true });
      await expect(date).toHaveAttribute('type', 'date');
      await expect(item.getByText(copy.hints.date)).toBeVisible();
      await expect(page.locator('body')).not.toContainText('YYYY-MM-DD');
      await date.fill('2030-05-01');
      await expect(date).toHaveValue('2030-05-01');
      await look(page, info, 'content-date');
    } finally {
      // Leave live what was live, and the draft with it (publishing a version again makes it the draft).
      if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
    }
  });
});
