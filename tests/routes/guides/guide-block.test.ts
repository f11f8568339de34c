/**
 * The "Get the free guide" block: on the landing page and under the quiz's result, one form per guide the owners
 * show that has its PDF; a hidden guide or one without a file is never offered, and with none there is no block.
 * Each form posts to /api/guide with the guide's slug, the newsletter's consent and its own submission id.
 */
import { env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import { callWorker } from '../../support/api';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteContentProvider } from '../../../client/site-content';
import { Guides } from '../../../client/sections/guides';
import type { FormState } from '../../../src/shared/lead-rules';
import { site } from '../../../src/words/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultContent } from '../../../src/shared/default-content';
import type { GuideContent, SiteContent } from '../../../src/shared/site-content';
import { CONTENT_KEY, forgetPublished } from '../../../src/store/site-content/published-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { consent } from '../../../src/words/privacy';
import { guideBlock } from '../../../src/words/guides/block';
import { HONEYPOT_FIELD } from '../../../src/shared/lead-rules';

const OWNER = 'owner@example.com';
const FILE = { sha256: 'a'.repeat(64), bytes: 2048 };

const clearContent = () => env.DB.exec('DELETE FROM content_draft; DELETE FROM content_versions;');

beforeEach(clearContent);
afterEach(async () => {
  await clearContent();
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

const guide = (slug: string, more: Partial<GuideContent> = {}): GuideContent => ({
  slug,
  title: `Guide ${slug}`,
  promise: `What ${slug} gives you.`,
  cover: '',
  coverAlt: '',
  file: FILE,
  shown: true,
  ...more,
});

async function publish(guides: GuideContent[]): Promise<SiteContent> {
  const content = { ...defaultContent(), guides };
  const store = contentStore(env.DB, env.FEEDS);
  expect(await store.saveDraft(content, 0, OWNER)).toMatchObject({ ok: true });
  expect(await store.publish(OWNER)).toMatchObject({ ok: true });
  return content;
}

/** A site that sends email (RESULT_EMAIL_FROM): only such a site offers guides. */
const mailing = { ...env, RESULT_EMAIL_FROM: 'priya@site.test' } as Env;
const page = async (path = '/', workerEnv: Env = mailing) => (await callWorker(workerEnv, path)).text();
const forms = (html: string) =>
  [...html.matchAll(/<form[^>]*action="\/api\/guide#guides"[\s\S]*?<\/form>/g)].map((m) => m[0]);

describe('the free guide block', () => {
  it('is not offered by a site that sends no email (no RESULT_EMAIL_FROM): nobody would get the guide', async () => {
    await publish([guide('calm-mornings')]);
    expect(await page('/')).toContain('Guide calm-mornings');
    const silent = { ...env, RESULT_EMAIL_FROM: '' } as Env;
    const html = await page('/', silent);
    expect(html).not.toContain('<section id="guides"');
    expect(html).not.toContain('Guide calm-mornings');
  });

  it('offers each shown guide with a file, after the newsletter, with the form a plain post needs', async () => {
    await publish([
      guide('calm-mornings', { cover: '/images/podcast-cover.jpg', coverAlt: 'A sunrise over a lake' }),
      guide('hidden-one', { shown: false }),
      guide('no-file-yet', { file: undefined }),
    ]);
    const html = await page();
    const block = html.slice(html.indexOf('<section id="guides"'));
    expect(html.indexOf('<section id="guides"')).toBeGreaterThan(html.indexOf('<section id="newsletter"'));
    expect(block).toContain(guideBlock.heading);
    expect(block).toContain('Guide calm-mornings');
    expect(block).toContain('What calm-mornings gives you.');
    expect(block).toContain('src="/images/podcast-cover.jpg" alt="A sunrise over a lake"');
    expect(html).not.toContain('Guide hidden-one');
    expect(html).not.toContain('Guide no-file-yet');

    const [form, ...rest] = forms(html);
    expect(rest).toEqual([]);
    expect(form).toMatch(/method="post"/);
    expect(form).toContain('name="guide" value="calm-mornings"');
    expect(form).toContain(`name="consent" value="${consent.notices.newsletter.version}"`);
    expect(form).toMatch(/name="submissionId" value="[0-9a-f-]{36}"/);
    expect(form).toMatch(/name="attribution"/);
    expect(form).toMatch(/name="email"[^>]*type="email"|type="email"[^>]*name="email"/);
    // The honeypot, as on every lead form.
    expect(form).toContain(`name="${HONEYPOT_FIELD}"`);
    // No address of the file reaches the page.
    expect(html).not.toContain(FILE.sha256);
  });

  it('is not on the page when no guide is offered', async () => {
    await publish([guide('hidden-one', { shown: false }), guide('no-file-yet', { file: undefined })]);
    const html = await page();
    expect(html).not.toContain('id="guides"');
    expect(forms(html)).toEqual([]);
  });

  it('is offered again under the quiz’s result, each form with ids and a submission id of its own', async () => {
    const content = await publish([guide('calm-mornings'), guide('deep-work')]);
    const html = await page(`/?recommended=${content.programs[0]!.slug}`);
    const result = html.indexOf('class="quiz-result"');
    const after = html.indexOf('class="guides-after-quiz"');
    expect(result).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(result);
    expect(after).toBeLessThan(html.indexOf('id="programs-title"'));
    expect(html.slice(after)).toContain(guideBlock.afterQuiz);

    const all = forms(html);
    expect(all).toHaveLength(4);
    const ids = all.map((f) => f.match(/name="submissionId" value="([^"]+)"/)![1]);
    expect(new Set(ids).size).toBe(4);
    const emailIds = [...html.matchAll(/<input id="([^"]+-email)"/g)].map((m) => m[1]);
    expect(new Set(emailIds).size).toBe(emailIds.length);
    expect(emailIds).toEqual(
      expect.arrayContaining(['quiz-guide-calm-mornings-email', 'guide-calm-mornings-email', 'guide-deep-work-email']),
    );
    // A second request of the kept page gets new submission ids.
    const again = forms(await page(`/?recommended=${content.programs[0]!.slug}`));
    expect(again.map((f) => f.match(/name="submissionId" value="([^"]+)"/)![1])).not.toEqual(ids);
  });
});

describe('a guide’s form after a plain post (no JavaScript)', () => {
  const content = { ...defaultContent(), guides: [guide('calm-mornings'), guide('deep-work')] };
  const render = (state: FormState) =>
    renderToStaticMarkup(
      createElement(SiteContentProvider, {
        content,
        children: createElement(Guides, { place: 'page', forms: { state, idFor: () => crypto.randomUUID() } }),
      }),
    );
  const formOf = (html: string, slug: string) => forms(html).find((f) => f.includes(`value="${slug}"`))!;

  it('shows a refused address again in its guide’s form, with the message by the field', () => {
    const html = render({
      submissionId: '0a6f3b1e-0d7e-4c57-9a51-6b4f4d8e2f10',
      values: { guide: 'deep-work', email: 'not-an-address' },
      errors: { email: site.forms.invalidEmail },
    });
    const refused = formOf(html, 'deep-work');
    expect(refused).toContain('value="not-an-address"');
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toMatch(
      new RegExp(`id="guide-deep-work-message" class="guide-message is-error"[^>]*>${site.forms.invalidEmail}<`),
    );
    expect(refused).toContain('value="0a6f3b1e-0d7e-4c57-9a51-6b4f4d8e2f10"');
    const other = formOf(html, 'calm-mornings');
    expect(other).not.toContain(site.forms.invalidEmail);
    expect(other).not.toContain('aria-invalid');
  });

  it('says "check your inbox" in the form of the guide asked for', () => {
    const html = render({ submissionId: crypto.randomUUID(), values: { guide: 'calm-mornings' }, done: true });
    const done = formOf(html, 'calm-mornings');
    expect(done).toContain(guideBlock.success);
    expect(done).toMatch(new RegExp(`disabled=""[^>]*>${guideBlock.done}<`));
    expect(formOf(html, 'deep-work')).not.toContain(guideBlock.success);
  });
});
