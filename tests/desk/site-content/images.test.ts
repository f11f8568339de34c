/**
 * Images the owners upload in the content editor (an episode's picture): accepted by their bytes only (PNG, JPEG,
 * WebP, AVIF), never by their name or claimed type (an SVG or a web page renamed .png is refused), at most 5 MB,
 * each refusal said by the field with nothing saved; an accepted one is kept in R2 under its own prefix and
 * served back publicly with a year's cache and nosniff, its path the field's value. A typed path still works.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import type { SiteContent } from '../../../src/shared/site-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { MAX_IMAGE_BYTES, SITE_IMAGE_PREFIX, imageKind } from '../../../src/store/site-content/site-images';
import { formOf, get, post, postMultipart, set, text } from '../../support/content-form';

const store = () => contentStore(env.DB, env.FEEDS);
const draft = async () => (await store().readDraft()).json as SiteContent;
const stored = async () => (await env.MEDIA.list({ prefix: SITE_IMAGE_PREFIX })).objects.map((o) => o.key);

/** The smallest real PNG: one transparent pixel. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);
const bytes = (s: string) => new TextEncoder().encode(s);

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  const keys = await stored();
  if (keys.length > 0) await env.MEDIA.delete(keys);
});

describe('an uploaded image', () => {
  it('is kept when its bytes are a PNG, becomes the field’s value and is served with a long cache and nosniff', async () => {
    const form = await formOf('/desk/content/episodes');
    const res = await postMultipart('/desk/content/episodes', form, [
      ['1.image.upload', new File([PNG], 'cover.png', { type: 'image/png' })],
    ]);
    expect(res.status).toBe(303);
    const image = (await draft()).episodes[1]!.image;
    expect(image).toMatch(/^\/site-images\/[0-9a-f]{64}\.png$/);
    expect(await stored()).toEqual([image.slice(1)]);

    const served = await get(image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // The form shows the path as the field's value, ready to be posted again.
    expect(await text(await get('/desk/content/episodes'))).toContain(`value="${image}"`);
  });

  it.each([
    ['an SVG renamed .png', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a web page renamed .png', bytes('<!doctype html><html><body>hello</body></html>')],
    ['a GIF', bytes('GIF89a\x01\x00\x01\x00\x00\x00\x00;')],
  ])('refuses %s by its bytes, by the field, saving and keeping nothing', async (_what, content) => {
    const form = await formOf('/desk/content/episodes');
    const before = await draft();
    const res = await postMultipart('/desk/content/episodes', form, [
      ['0.image.upload', new File([content], 'cover.png', { type: 'image/png' })],
    ]);
    expect(res.status).toBe(400);
    const page = await text(res);
    expect(page).toContain(`id="f-0-image-note" class="desk-field-error">${copy.upload.notImage}`);
    // Above the form, the field by its item's title and its label.
    expect(page).toContain(`“${before.episodes[0]!.title}” · Image address: ${copy.upload.notImage}`);
    expect(page).toContain(`value="${before.episodes[0]!.image}"`);
    expect(await draft()).toEqual(before);
    expect((await store().readDraft()).revision).toBe(0);
    expect(await stored()).toEqual([]);
  });

  it('refuses an image larger than 5 MB by the field', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const res = await postMultipart('/desk/content/episodes', await formOf('/desk/content/episodes'), [
      ['0.image.upload', new File([big], 'huge.png', { type: 'image/png' })],
    ]);
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(`id="f-0-image-note" class="desk-field-error">${copy.upload.tooBig(5)}`);
    expect(await stored()).toEqual([]);
  });

  it('leaves a typed path of a built-in image as it is, and an empty file field changes nothing', async () => {
    const form = set(await formOf('/desk/content/episodes'), '0.image', '/images/podcast-cover.jpg');
    const res = await postMultipart('/desk/content/episodes', form, [
      ['0.image.upload', new File([], '', { type: 'application/octet-stream' })],
    ]);
    expect(res.status).toBe(303);
    expect((await draft()).episodes[0]!.image).toBe('/images/podcast-cover.jpg');
    expect(await stored()).toEqual([]);
    // The form with an image field posts multipart, and the urlencoded post of the tests still works.
    expect(await text(await get('/desk/content/episodes'))).toMatch(/enctype="multipart\/form-data"/i);
    expect((await post('/desk/content/episodes', await formOf('/desk/content/episodes'))).status).toBe(303);
  });

  it('answers 404 for an image not kept or a name that is not an image’s', async () => {
    expect((await get(`/site-images/${'a'.repeat(64)}.png`)).status).toBe(404);
    expect((await get('/site-images/..%2Fwhatsapp%2Fx')).status).toBe(404);
    expect((await get('/site-images/x.svg')).status).toBe(404);
  });
});

describe('the kind of an image', () => {
  it('is read from its first bytes: PNG, JPEG, WebP and AVIF, nothing else', () => {
    expect(imageKind(PNG)).toBe('png');
    expect(imageKind(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpg');
    expect(imageKind(bytes('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(imageKind(Uint8Array.of(0, 0, 0, 0x1c, ...bytes('ftypavif'), 0, 0, 0, 0, ...bytes('avifmif1miaf')))).toBe(
      'avif',
    );
    expect(imageKind(Uint8Array.of(0, 0, 0, 0x18, ...bytes('ftypmif1'), 0, 0, 0, 0, ...bytes('mif1avif')))).toBe(
      'avif',
    );
    expect(imageKind(Uint8Array.of(0, 0, 0, 0x18, ...bytes('ftypisom'), 0, 0, 0, 0, ...bytes('isommp41')))).toBeNull();
    expect(imageKind(bytes('<svg'))).toBeNull();
    expect(imageKind(new Uint8Array())).toBeNull();
  });
});
