/**
 * The owners' content editor on the desk: each part's form posts back exactly what it shows, a refused field
 * says why by the field and saves nothing, a save from a stale revision is a 409 showing both, the preview renders
 * the draft (never indexed; an invalid draft is a 400 page, not a 500), publishing makes it live on /, an earlier
 * version is published again in one step, a version downloads as JSON, and writes come only from the desk itself.
 */
import { SELF, env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import { previewCopy } from '../../../src/words/sections';
import { PART_NAMES, type PartName } from '../../../src/desk/site-content/content-parts';
import { defaultContent } from '../../../src/shared/default-content';
import { recommend } from '../../../src/shared/recommend';
import type { SiteContent } from '../../../src/shared/site-content';
import { CONTENT_KEY, forgetPublished } from '../../../src/store/site-content/published-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { formOf, get, post, set, setAll, text, unescape } from '../../support/content-form';
import { loggedEvents } from '../../support/logs';

const store = () => contentStore(env.DB, env.FEEDS);
const draft = async () => (await store().readDraft()).json as SiteContent;

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

describe('the content editor', () => {
  it('shows the index with each part, preview, publish and the desk navigation', async () => {
    const res = await get('/desk/content');
    expect(res.status).toBe(200);
    const page = await text(res);
    expect(page).toContain('href="/desk/content" aria-current="page"');
    expect(page).toContain(copy.neverSaved);
    for (const part of PART_NAMES) expect(page).toContain(`href="/desk/content/${part}"`);
    expect(page).toContain('action="/desk/content/publish"');
  });

  it('round-trips every part: its form posted as shown saves the same content', async () => {
    for (const [i, part] of PART_NAMES.entries()) {
      const saved = await post(`/desk/content/${part}`, await formOf(`/desk/content/${part}`));
      expect(saved.status, part).toBe(303);
      expect(saved.headers.get('location')).toBe(`/desk/content?saved=${part}`);
      expect((await store().readDraft()).revision).toBe(i + 1);
    }
    expect(await draft()).toEqual(defaultContent());
    expect(await text(await get('/desk/content?saved=hero'))).toContain(copy.saved);
  });

  it('saves an edit, removes a ticked item and ignores an empty new one', async () => {
    let form = set(await formOf('/desk/content/hero'), 'headline', 'Grow with Mia');
    expect((await post('/desk/content/hero', form)).status).toBe(303);
    expect((await draft()).hero.headline).toBe('Grow with Mia');
    form = set(await formOf('/desk/content/social'), '0._remove', 'on');
    expect((await post('/desk/content/social', form)).status).toBe(303);
    expect((await draft()).social).toEqual(defaultContent().social.slice(1));
  });

  it.each([
    ['talks', '0.link', 'javascript:alert(1)', 'must start with https:// or be a path of this site starting with /'],
    ['talks', '0.date', '2026-02-30', 'is not a date: choose the day, month and year'],
    ['programs', '0.title', 'x'.repeat(81), 'must be at most 80 characters'],
  ])('refuses %s %s = %s with the message by the field, saving nothing', async (part, field, value, message) => {
    let form = await formOf(`/desk/content/${part}`);
    if (part === 'talks') {
      form = [
        ...form.filter(([n]) => !n.startsWith('0.')),
        ['0._item', '1'],
        ['0.date', '2026-03-01'],
        ['0.title', 'A talk'],
        ['0.place', 'Pune'],
        ['0.link', ''],
      ];
    }
    const res = await post(`/desk/content/${part}`, set(form, field, value));
    expect(res.status).toBe(400);
    const page = await text(res);
    const id = `f-${field.replace('.', '-')}`;
    expect(page).toContain(`id="${id}-note" class="desk-field-error">${message}`);
    expect(page).toContain(`aria-invalid="true"`);
    expect(unescape(page)).toContain(value);
    expect((await store().readDraft()).revision).toBe(0);
  });

  it('answers a save from a stale revision 409 with both values, overwriting nothing', async () => {
    const form = await formOf('/desk/content/hero');
    expect((await post('/desk/content/hero', set(form, 'headline', 'First owner'))).status).toBe(303);
    const second = await post('/desk/content/hero', set(form, 'headline', 'Second owner'));
    expect(second.status).toBe(409);
    const page = await text(second);
    expect(page).toContain(copy.conflict);
    expect(page).toContain('value="Second owner"');
    expect(page).toContain(copy.theirsHeading);
    expect(page).toContain('First owner');
    expect(page).toContain('name="revision" value="1"');
    expect((await draft()).hero.headline).toBe('First owner');
    // Saving again from the page's revision is deliberate and goes through.
    const again = set(set(form, 'headline', 'Second owner'), 'revision', '1');
    expect((await post('/desk/content/hero', again)).status).toBe(303);
    expect((await draft()).hero.headline).toBe('Second owner');
  });

  it('previews the draft, noindex, its text escaped; an invalid draft is a 400 page', async () => {
    const quote = 'She helped. <script>alert(1)</script>';
    const added = setAll(await formOf('/desk/content/testimonials'), [
      ['0.quote', quote],
      ['0.name', 'Asha'],
      ['0.role', 'Pune'],
      ['0.consentDate', '2026-01-15'],
      ['0.shown', 'on'],
    ]);
    expect((await post('/desk/content/testimonials', added)).status).toBe(303);
    const hero = set(await formOf('/desk/content/hero'), 'headline', 'Grow <script>alert(2)</script>');
    expect((await post('/desk/content/hero', hero)).status).toBe(303);
    const res = await get('/desk/content/preview');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    const page = await res.text();
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(page).toContain('Grow &lt;script&gt;alert(2)&lt;/script&gt;');
    expect(page).toContain('id="testimonials"');
    expect(page).toContain('She helped. &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/<script>alert\(\d\)<\/script>/);
    // The preview says it is one, and that its forms are real; the live page never does.
    expect(page).toContain(previewCopy.note);
    expect(await (await SELF.fetch('http://example.com/')).text()).not.toContain('preview-note');
    const quiz = await get('/desk/content/preview/quiz?step=3');
    expect(quiz.status).toBe(200);
    expect(quiz.headers.get('x-robots-tag')).toContain('noindex');
    expect(await quiz.text()).toContain(previewCopy.note);

    const broken = { ...defaultContent(), hero: { ...defaultContent().hero, headline: '' } };
    expect((await store().saveDraft(broken, 2, 'test')).ok).toBe(true);
    const invalid = await get('/desk/content/preview');
    expect(invalid.status).toBe(400);
    expect(await text(invalid)).toContain('href="/desk/content/hero"');
  });

  it('publishes to /, refuses an invalid draft by its fields, republishes and exports a version', async () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const form = set(await formOf('/desk/content/hero'), 'headline', 'Published words');
    expect((await post('/desk/content/hero', form)).status).toBe(303);
    expect(await text(await get('/desk/content'))).toContain('Hero: headline edited');
    const published = await post('/desk/content/publish', []);
    expect(published.status).toBe(303);
    const first = Number(published.headers.get('location')!.split('=')[1]);
    expect(await text(await get('/'))).toContain('Published words');

    const next = set(await formOf('/desk/content/hero'), 'headline', 'Second words');
    expect((await post('/desk/content/hero', next)).status).toBe(303);
    const second = await post('/desk/content/publish', []);
    expect(second.status).toBe(303);
    expect(await text(await get('/'))).toContain('Second words');

    const again = await post(`/desk/content/versions/${first}/publish`, []);
    expect(again.status).toBe(303);
    expect(await text(await get('/'))).toContain('Published words');
    expect(await text(await get(`/desk/content?published=${first}`))).toContain(copy.published(first));

    const exported = await get(`/desk/content/versions/${first}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    expect(exported.headers.get('cache-control')).toBe('private, no-store');
    expect(((await exported.json()) as SiteContent).hero.headline).toBe('Published words');

    // Each action is logged by its name alone: never the content.
    const actions = loggedEvents(logged).filter((l) => l.event === 'desk.action');
    expect(actions.map((l) => l.action)).toEqual(
      expect.arrayContaining(['content saved', 'content published', 'content republished', 'content exported']),
    );
    expect(JSON.stringify(loggedEvents(logged))).not.toMatch(/Published words|Second words/);

    const draftNow = await store().readDraft();
    const broken = {
      ...(draftNow.json as SiteContent),
      talks: [{ date: '2026-02-30', title: 'T', place: 'P', link: '' }],
    };
    expect((await store().saveDraft(broken, draftNow.revision, 'test')).ok).toBe(true);
    const refused = await post('/desk/content/publish', []);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(
      'href="/desk/content/talks">Talks and events · “T” · Date: is not a date: choose the day, month and year',
    );
  });

  it('gives a new program a slug from its title, recommended by the answers ticked', async () => {
    const n = defaultContent().programs.length;
    const form = setAll(await formOf('/desk/content/programs'), [
      [`${n}.title`, 'Sunrise Circle'],
      [`${n}.summary`, 'Mornings together.'],
      [`${n}.reason`, 'You attended an event.'],
      [`${n}.recommendedBy.stage`, 'I attended an event'],
      [`${n}.recommendedBy.area`, 'Leadership'],
    ]);
    expect((await post('/desk/content/programs', form)).status).toBe(303);
    const programs = (await draft()).programs;
    expect(programs.at(-1)).toMatchObject({
      slug: 'sunrise-circle',
      recommendedBy: { stage: ['I attended an event'] },
    });
    expect(recommend({ '2': 'I attended an event' }, programs)).toContain('sunrise-circle');
  });

  it('keeps a program’s price in whole rupees, empty for none, and refuses one that is not', async () => {
    let form = set(await formOf('/desk/content/programs'), '0.price', '4,999');
    expect((await post('/desk/content/programs', form)).status).toBe(303);
    expect((await draft()).programs[0]?.price).toBe(4999);
    expect(await text(await get('/desk/content/programs'))).toContain('value="4999"');
    for (const [typed, message] of [
      ['49.50', 'must be a whole number of rupees'],
      ['0', 'must be at least 1 rupee'],
      ['1000001', 'must be at most 10,00,000 rupees'],
    ] as const) {
      const refused = await post(
        '/desk/content/programs',
        set(await formOf('/desk/content/programs'), '0.price', typed),
      );
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain(message);
      expect((await draft()).programs[0]?.price).toBe(4999);
    }
    form = set(await formOf('/desk/content/programs'), '0.price', '');
    expect((await post('/desk/content/programs', form)).status).toBe(303);
    expect((await draft()).programs[0]).not.toHaveProperty('price');
  });

  it('answers an unknown part or version with the desk’s 404 and refuses a cross-origin post', async () => {
    expect((await get('/desk/content/nothing')).status).toBe(404);
    expect((await get('/desk/content/versions/999/export')).status).toBe(404);
    expect((await get('/desk/content/versions/x/export')).status).toBe(404);
    expect((await post('/desk/content/versions/999/publish', [])).status).toBe(404);
    const form = set(await formOf('/desk/content/hero'), 'headline', 'From elsewhere');
    expect((await post('/desk/content/hero', form, 'https://evil.example')).status).toBe(403);
    expect((await post('/desk/content/publish', [], 'https://evil.example')).status).toBe(403);
    expect((await store().readDraft()).revision).toBe(0);
  });
});

describe('the part names', () => {
  it('are the schema’s parts', () => {
    expect([...PART_NAMES].sort()).toEqual(Object.keys(defaultContent()).sort() as PartName[]);
  });
});
