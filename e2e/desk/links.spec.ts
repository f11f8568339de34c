import { readFile } from 'node:fs/promises';
import { openDeskSection, overflowX, signIn } from '../support/desk/desk';
import { expectFailedResource } from '../support/leads';
import { expect, test, keepScreenshot } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test('the owner makes a link to share, copies it and downloads its QR code', async ({
  page,
  context,
  problems,
}, info) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  await signIn(page);
  await page.goto('/desk');
  await openDeskSection(page, 'Links');
  await expect(page.getByRole('heading', { level: 1, name: 'Links to share' })).toBeVisible();

  // The owner types words, not tags: the refused ones are said by the field, the rest made into tags.
  const words = `December Retreat ${info.project.name} ${crypto.randomUUID().slice(0, 6)}`;
  const campaign = words.toLowerCase().replaceAll(' ', '-');
  const make = page.getByRole('region', { name: 'Make a link' });
  await make.getByLabel('Source').fill('🎉');
  await make.getByLabel('Medium (optional)').fill('talk');
  await make.getByLabel('Campaign (optional)').fill(words);
  await make.getByLabel('Page').selectOption({ label: 'Quiz' });
  await make.getByRole('button', { name: 'Make link' }).click();
  await expect(make.getByLabel('Source')).toHaveAccessibleDescription(
    'Use letters a–z or digits to name the source, e.g. Instagram bio.',
  );
  await expect(make.getByLabel('Campaign (optional)')).toHaveValue(words);
  // The refused form answers 400, which Chromium logs.
  await expectFailedResource(problems, 400);
  await make.getByLabel('Source').fill('Instagram bio');
  await make.getByRole('button', { name: 'Make link' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Your link is ready' })).toHaveText(
    `Your link is ready: copy it, or download its QR code for a slide or a flyer. Source saved as instagram-bio. Campaign saved as ${campaign}.`,
  );
  const name = `instagram-bio · talk · ${campaign}`;
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(item).toBeVisible();
  const link = `${BASE}/quiz?utm_source=instagram-bio&utm_medium=talk&utm_campaign=${campaign}`;
  await expect(item.getByLabel('Link')).toHaveValue(link);

  // The QR code is drawn on the server and shown as an image.
  const qr = item.getByRole('img', { name: `QR code of the link for ${name}` });
  await qr.scrollIntoViewIfNeeded();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // With JavaScript, the copy button puts the link on the clipboard.
  await item.getByRole('button', { name: 'Copy link' }).click();
  await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The QR code downloads as a PNG and as an SVG file, named by its source and campaign.
  const png = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Download QR code (PNG)' }).click();
  const pngFile = await png;
  expect(pngFile.suggestedFilename()).toBe(`qr-instagram-bio-${campaign}.png`);
  const bytes = await readFile((await pngFile.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const downloading = page.waitForEvent('download');
  await item.getByRole('link', { name: 'Download QR code (SVG)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`qr-instagram-bio-${campaign}.svg`);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<path /s);

  expect(await overflowX(page)).toBe(0);
  await keepScreenshot(page, { path: info.outputPath(`desk-links-${info.project.name}.png`), fullPage: true });

  // Leave the list as it was.
  await item.getByRole('button', { name: `Remove: ${name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The link was removed' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0);
});
