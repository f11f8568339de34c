import { readFile } from 'node:fs/promises';
import { openDeskSection, overflowX, signIn } from './support/desk';
import { expect, test } from './support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test('the owner makes a link to share, copies it and downloads its QR code', async ({ page, context }, info) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await signIn(page);
  await page.goto('/desk');
  await openDeskSection(page, 'Links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links to share' })).toBeVisible();

  const campaign = `talk-${info.project.name}-${crypto.randomUUID().slice(0, 6)}`;
  const make = page.getByRole('region', { name: 'Make a link' });
  await make.getByLabel('Source').fill('slides');
  await make.getByLabel('Medium (optional)').fill('talk');
  await make.getByLabel('Campaign (optional)').fill(campaign);
  await make.getByLabel('Page').selectOption({ label: 'Quiz' });
  await make.getByRole('button', { name: 'Make link' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your link is ready' })).toBeVisible();
  const name = `slides · talk · ${campaign}`;
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(item).toBeVisible();
  const link = `${BASE}/quiz?utm_source=slides&utm_medium=talk&utm_campaign=${campaign}`;
  await expect(item.getByLabel('Link')).toHaveValue(link);

  // The QR code is drawn on the server and shown as an image.
  const qr = item.getByRole('img', { name: `QR code of the link for ${name}` });
  await qr.scrollIntoViewIfNeeded();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // With JavaScript, the copy button puts the link on the clipboard.
  await item.getByRole('button', { name: 'Copy link' }).click();
  await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code downloads as an SVG file named by its source and campaign.
  const downloading = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Download QR code (SVG)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`qr-slides-${campaign}.svg`);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<path /s);

  expect(await overflowX(page)).toBe(0);
  await page.screenshot({ path: info.outputPath(`desk-links-${info.project.name}.png`), fullPage: true });

  // Leave the list as it was.
  await item.getByRole('button', { name: `Remove: ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The link was removed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0);
});
