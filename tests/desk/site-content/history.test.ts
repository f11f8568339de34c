/**
 * The content editor's history, as the owners read it: fixing one sentence of a testimonial reads "Testimonials:
 * 1 edited" with the words before and after (in the unpublished changes and in the version kept), and any
 * version can be previewed (landing page and quiz, never indexed) with a note in a landmark saying which version
 * it is and, when it is not live, the button that publishes it again.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentChanges } from '../../../src/words/site-content/content-changes';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import { previewCopy } from '../../../src/words/sections';
import { CONTENT_KEY, forgetPublished } from '../../../src/store/site-content/published-content';
import { formOf, get, post, set, setAll, text } from '../../support/content-form';

const QUOTE =
  'I came to Priya stuck in a job that no longer fit. In three months I found my footing again. She listens like nobody else.';

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});
afterEach(async () => {
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

/** Publishes the draft; the new version's id. */
async function publish(): Promise<number> {
  const res = await post('/desk/content/publish', []);
  expect(res.status).toBe(303);
  return Number(new URL(res.headers.get('location')!, 'http://x').searchParams.get('published'));
}

async function addTestimonial() {
  const form = setAll(await formOf('/desk/content/testimonials'), [
    ['0.quote', QUOTE],
    ['0.name', 'Asha Menon'],
    ['0.role', 'Pune'],
    ['0.consentDate', '2026-01-15'],
    ['0.shown', 'on'],
  ]);
  expect((await post('/desk/content/testimonials', form)).status).toBe(303);
}

describe('the history of the content', () => {
  it('reads one sentence fixed in a testimonial as "1 edited" with its words before and after, never added and removed', async () => {
    await addTestimonial();
    await publish();
    const fixed = QUOTE.replace('In three months', 'In six months');
    const form = set(await formOf('/desk/content/testimonials'), '0.quote', fixed);
    expect((await post('/desk/content/testimonials', form)).status).toBe(303);

    const index = await text(await get('/desk/content'));
    const changes = index.slice(index.indexOf('id="changes-heading"'), index.indexOf('id="parts-heading"'));
    expect(changes).toContain('Testimonials: 1 edited');
    expect(changes).toContain('“Asha Menon” · Quote');
    expect(changes).toContain(`${contentChanges.before}</span> <del>`);
    expect(changes).toContain('In three months I found my footing again.');
    expect(changes).toContain('In six months I found my footing again.');
    expect(changes).not.toMatch(/1 added|1 removed/);

    // The version kept says the same, with the same words.
    const id = await publish();
    const page = await text(await get('/desk/content'));
    const version = page.slice(page.indexOf(`id="version-${id}"`), page.indexOf(`id="version-${id - 1}"`));
    expect(version).toContain('Testimonials: 1 edited');
    expect(version).toMatch(/<del>[^<]*In three months[^<]*<\/del>/);
    expect(version).toMatch(/<ins>[^<]*In six months[^<]*<\/ins>/);
  });

  it('previews an earlier version, noindex, with a note in a landmark saying which, and its button to publish it again', async () => {
    let form = set(await formOf('/desk/content/hero'), 'headline', 'Words of the first version');
    expect((await post('/desk/content/hero', form)).status).toBe(303);
    const first = await publish();
    form = set(await formOf('/desk/content/hero'), 'headline', 'Words of the second version');
    expect((await post('/desk/content/hero', form)).status).toBe(303);
    const second = await publish();

    const index = await text(await get('/desk/content'));
    expect(index).toContain(
      `href="/desk/content/versions/${first}/preview" aria-label="${copy.previewVersionLabel(first)}"`,
    );

    const res = await get(`/desk/content/versions/${first}/preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const page = await text(res);
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain('Words of the first version');
    expect(page).not.toContain('Words of the second version');
    expect(page).toMatch(new RegExp(`<aside class="preview-note" aria-label="${previewCopy.label}">`));
    expect(page).toContain(previewCopy.version(first));
    expect(page).toContain(`action="/desk/content/versions/${first}/publish"`);

    // The live version says it is what visitors see, with no button to publish it again.
    const live = await text(await get(`/desk/content/versions/${second}/preview`));
    expect(live).toContain(previewCopy.liveVersion(second));
    expect(live).toContain('Words of the second version');
    expect(live).not.toContain(`action="/desk/content/versions/${second}/publish"`);

    const quiz = await get(`/desk/content/versions/${first}/preview/quiz?step=3`);
    expect(quiz.status).toBe(200);
    expect(quiz.headers.get('x-robots-tag')).toContain('noindex');
    expect(await text(quiz)).toContain(previewCopy.version(first));

    // The draft's own preview keeps its note, in the same landmark.
    const draft = await text(await get('/desk/content/preview'));
    expect(draft).toMatch(/<aside class="preview-note" aria-label="Preview"><p>Preview of your draft/);

    expect((await get('/desk/content/versions/999/preview')).status).toBe(404);
    expect((await get('/desk/content/versions/x/preview/quiz')).status).toBe(404);
    // The live site is unchanged by a preview.
    expect(await text(await get('/'))).toContain('Words of the second version');
  });
});
