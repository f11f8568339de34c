/**
 * A guide in the content editor: its fields, and its PDF uploaded through the desk (multipart, works without
 * JavaScript), accepted by its bytes only (a renamed image is refused), at most 10 MiB, each refusal said by the
 * field with nothing saved or kept. The editor shows a kept file's size, never an address of it.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../../src/shared/site-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { GUIDE_FILE_PREFIX, MAX_GUIDE_BYTES, getGuideFile } from '../../../src/store/guides/guide-files';
import { SITE_IMAGE_PREFIX } from '../../../src/store/site-content/site-images';
import { guideFileWords } from '../../../src/words/guides/block';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import { formOf, get, postMultipart, setAll, text, type Pairs } from '../../support/content-form';

const store = () => contentStore(env.DB, env.FEEDS);
const draft = async () => (await store().readDraft()).json as SiteContent;
const kept = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.map((o) => o.key);

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** The smallest real PNG: one transparent pixel. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

const NEW_GUIDE: Pairs = [
  ['0.slug', 'calm-mornings'],
  ['0.title', 'Calm Mornings'],
  ['0.promise', 'Ten quiet minutes before the day begins.'],
  ['0.coverAlt', 'A cup of tea by a window'],
  ['0.shown', 'on'],
];

/** No draft, version or file is left for another file's tests (the shared pool keeps D1 and R2 between files). */
async function clear() {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  for (const prefix of [GUIDE_FILE_PREFIX, SITE_IMAGE_PREFIX]) {
    const keys = await kept(prefix);
    if (keys.length > 0) await env.MEDIA.delete(keys);
  }
}

beforeEach(clear);
afterEach(clear);

/** The guides' form with a new guide typed in, and `files` chosen. */
const postGuide = async (files: [string, File][], pairs: Pairs = NEW_GUIDE) =>
  postMultipart('/desk/content/guides', setAll(await formOf('/desk/content/guides'), pairs), files);

describe('a guide’s PDF in the content editor', () => {
  it('is kept when its bytes are a PDF, with a cover image, and the guide holds its SHA-256 and size', async () => {
    const res = await postGuide([
      ['0.file.upload', new File([PDF], 'calm.pdf', { type: 'application/pdf' })],
      ['0.cover.upload', new File([PNG], 'cover.png', { type: 'image/png' })],
    ]);
    expect(res.status).toBe(303);
    const [guide, ...others] = (await draft()).guides;
    expect(others).toEqual([]);
    expect(guide).toMatchObject({
      slug: 'calm-mornings',
      title: 'Calm Mornings',
      promise: 'Ten quiet minutes before the day begins.',
      coverAlt: 'A cup of tea by a window',
      shown: true,
      file: { sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: PDF.byteLength },
    });
    expect(guide!.cover).toMatch(/^\/site-images\/[0-9a-f]{64}\.png$/);
    expect(await kept(GUIDE_FILE_PREFIX)).toEqual([`${GUIDE_FILE_PREFIX}${guide!.file!.sha256}.pdf`]);
    const stored = await getGuideFile(env.MEDIA, guide!.file!.sha256);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PDF);

    // The editor shows the file's size, and posts the file back so a save without a new one keeps it.
    const page = await text(await get('/desk/content/guides'));
    expect(page).toContain(guideFileWords.kept(guideFileWords.size(PDF.byteLength)));
    expect(page).not.toContain(`/${GUIDE_FILE_PREFIX}`);
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    const again = await postMultipart('/desk/content/guides', await formOf('/desk/content/guides'), []);
    expect(again.status).toBe(303);
    expect((await draft()).guides[0]!.file).toEqual(guide!.file);
  });

  it.each([
    ['a PNG renamed .pdf', PNG],
    ['a web page renamed .pdf', new TextEncoder().encode('<!doctype html><p>%PDF-1.4</p>')],
    ['an empty file named .pdf', new TextEncoder().encode('%PDF-')],
  ])('refuses %s by its bytes, by the field, saving and keeping nothing', async (_what, bytes) => {
    const before = await store().readDraft();
    const res = await postGuide([['0.file.upload', new File([bytes], 'guide.pdf', { type: 'application/pdf' })]]);
    expect(res.status).toBe(400);
    const page = await text(res);
    expect(page).toContain(`id="f-0-file-note" class="desk-field-error">${guideFileWords.notPdf}`);
    // What was typed comes back, to be sent again with another file.
    expect(page).toContain('value="Calm Mornings"');
    expect((await store().readDraft()).revision).toBe(before.revision);
    expect((await store().readDraft()).json).toEqual(before.json);
    expect(await kept(GUIDE_FILE_PREFIX)).toEqual([]);
  });

  it('refuses a PDF larger than 10 MiB by the field, keeping nothing', async () => {
    const big = new Uint8Array(MAX_GUIDE_BYTES + 1);
    big.set(PDF);
    const res = await postGuide([['0.file.upload', new File([big], 'huge.pdf', { type: 'application/pdf' })]]);
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(`id="f-0-file-note" class="desk-field-error">${guideFileWords.tooBig(10)}`);
    expect((await store().readDraft()).revision).toBe(0);
    expect(await kept(GUIDE_FILE_PREFIX)).toEqual([]);
  });

  it('answers a form far over the limit with its page and a message, reading, saving and keeping nothing', async () => {
    const huge = new Uint8Array(MAX_GUIDE_BYTES * 2);
    huge.set(PDF);
    const res = await postGuide([['0.file.upload', new File([huge], 'huge.pdf', { type: 'application/pdf' })]]);
    expect(res.status).toBe(413);
    expect(await text(res)).toContain(`${copy.labels.files}: ${copy.upload.formTooLarge(15)}`);
    expect((await store().readDraft()).revision).toBe(0);
    expect(await kept(GUIDE_FILE_PREFIX)).toEqual([]);
  });

  it('keeps a guide without a PDF (not offered yet), and makes its address name from its title when left empty', async () => {
    const res = await postGuide([], setAll(NEW_GUIDE, [['0.slug', '']]));
    expect(res.status).toBe(303);
    const [guide] = (await draft()).guides;
    expect(guide).toMatchObject({ slug: 'calm-mornings', title: 'Calm Mornings' });
    expect(guide!.file).toBeUndefined();
    expect(await text(await get('/desk/content/guides'))).toContain(guideFileWords.none);
  });

  it('refuses a file field posted with a value that is not a kept file’s', async () => {
    const res = await postGuide([], setAll(NEW_GUIDE, [['0.file', '../../whatsapp/x:12']]));
    expect(res.status).toBe(400);
    expect((await store().readDraft()).revision).toBe(0);
  });
});
