// Draws the site's icons from one design (the white "P" on teal of public/favicon.svg, drawn as a
// full square so phones can round or mask it) and writes them to public/: apple-touch-icon.png (180),
// icon-192.png and icon-512.png for the web app manifest, and favicon.ico (16, 32 and 48 px PNGs in one
// ICO, the file every browser asks for). Run it after changing the design: `node scripts/dev/make-icons.mjs`.
// The files are committed; nothing in the build or the tests runs this.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const site = readFileSync(new URL('../../src/words/site.ts', import.meta.url), 'utf8');
const teal = /teal: '(#[0-9a-fA-F]{6})'/.exec(site)?.[1];
if (!teal) throw new Error('src/words/site.ts has no theme.teal colour');

/** The "P" centred in the inner 80% (the safe zone of a maskable icon) of a full teal square. */
const square = (size) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" fill="${teal}"/>
<text x="32" y="43.5" text-anchor="middle" font-family="Georgia,serif" font-size="34" font-weight="700" fill="#fff">P</text></svg>`;
/** The favicon as the tab shows it: the disc of public/favicon.svg. */
const disc = (size) =>
  readFileSync(new URL('../../public/favicon.svg', import.meta.url), 'utf8').replace(
    '<svg ',
    `<svg width="${size}" height="${size}" `,
  );

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage({ deviceScaleFactor: 1 });
async function png(svg, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  return page.locator('svg').screenshot({ omitBackground: true });
}

const out = (name) => new URL(`../../public/${name}`, import.meta.url);
writeFileSync(out('apple-touch-icon.png'), await png(square(180), 180));
writeFileSync(out('icon-192.png'), await png(square(192), 192));
writeFileSync(out('icon-512.png'), await png(square(512), 512));

// ICO: a 6-byte header, a 16-byte entry per image, then the PNGs themselves.
const sizes = [16, 32, 48];
const images = [];
for (const size of sizes) images.push(await png(disc(size), size));
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((image, i) => {
  const at = 6 + 16 * i;
  header.writeUInt8(sizes[i], at);
  header.writeUInt8(sizes[i], at + 1);
  header.writeUInt16LE(1, at + 4); // colour planes
  header.writeUInt16LE(32, at + 6); // bits per pixel
  header.writeUInt32LE(image.length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += image.length;
});
writeFileSync(out('favicon.ico'), Buffer.concat([header, ...images]));
await browser.close();
console.log('icons written: public/apple-touch-icon.png, icon-192.png, icon-512.png, favicon.ico');
