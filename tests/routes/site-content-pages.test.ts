import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import beforeText from '../fixtures/pages-before-content.json?raw';
import { SNAPSHOT_PATHS, pageSnapshot } from '../support/page-snapshot';
import { defaultContent } from '../../src/shared/default-content';
import { QUIZ_STEP_COUNT } from '../../src/words/site';
import type { SiteContent } from '../../src/shared/site-content';
import {
  CONTENT_KEY,
  CONTENT_TTL_MS,
  forgetPublished,
  publishedContent,
  putPublished,
} from '../../src/store/site-content/published-content';
import { contentStore } from '../../src/store/site-content/site-content';
import { allowConsoleErrors } from '../setup';
import { renderLandingPreview } from '../../src/routes/landing-render';
import { post, row } from '../support/api';
import { renderQuizPreview } from '../../src/routes/pages';
import type { AppEnv } from '../../src/routes/page-render';

const get = (path: string) => SELF.fetch(`http://example.com${path}`);

afterEach(async () => {
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

/** The default content with one edit. */
function edited(change: (c: SiteContent) => void): SiteContent {
  const content = defaultContent();
  change(content);
  return content;
}

/** The pages as the code rendered them before their words became editable content (nonces, ids, year replaced). */
const before = JSON.parse(beforeText) as Record<string, string>;

describe('a fresh site', () => {
  it('renders /, /quiz, the view after the quiz and /privacy exactly as before the content became editable', async () => {
    for (const path of SNAPSHOT_PATHS) {
      expect(await pageSnapshot(path), path).toBe(before[path]);
    }
  });
});

describe('the published content on a visitor’s request', () => {
  it('shows a published change on / and /quiz, read from KV and never from D1', async () => {
    const content = edited((c) => {
      c.hero.headline = 'A new <b>headline</b>';
      c.quiz.contactTitle = 'Tell me where to write';
      c.programs[1]!.summary = 'Two days in the hills, together.';
    });
    await env.FEEDS.put(CONTENT_KEY, JSON.stringify({ versionId: 7, content }));
    const landing = await (await get('/')).text();
    expect(landing).toContain('A new &lt;b&gt;headline&lt;/b&gt;');
    expect(landing).not.toContain('<b>headline</b>');
    expect(landing).toContain('Two days in the hills, together.');
    expect(await (await get('/quiz')).text()).toContain('Tell me where to write');
  });

  it('keeps what it read for CONTENT_TTL_MS, then reads KV again', async () => {
    const t0 = 1_000_000;
    expect((await publishedContent(env.FEEDS, t0)).versionId).toBeNull();
    const content = edited((c) => (c.footer.blurb = 'New blurb'));
    await env.FEEDS.put(CONTENT_KEY, JSON.stringify({ versionId: 3, content }));
    expect((await publishedContent(env.FEEDS, t0 + CONTENT_TTL_MS - 1)).versionId).toBeNull();
    const later = await publishedContent(env.FEEDS, t0 + CONTENT_TTL_MS);
    expect(later.versionId).toBe(3);
    expect(later.content.footer.blurb).toBe('New blurb');
  });

  it('never asks D1 for the content on a page request, even right after a publish', async () => {
    const store = contentStore(env.DB, env.FEEDS);
    const saved = await store.saveDraft(
      edited((c) => (c.hero.lede = 'Published lede')),
      0,
      'owner@example.com',
    );
    expect(saved.ok).toBe(true);
    expect((await store.publish('owner@example.com')).ok).toBe(true);
    forgetPublished(env.FEEDS);
    // The pages reach the D1 binding of the Worker's env; a spy there counts every statement.
    const statements: string[] = [];
    const prepare = env.DB.prepare.bind(env.DB);
    env.DB.prepare = (sql: string) => {
      statements.push(sql);
      return prepare(sql);
    };
    try {
      expect(await (await get('/')).text()).toContain('Published lede');
      await get('/quiz');
    } finally {
      env.DB.prepare = prepare;
    }
    // The spy sees the pages' own statements (the visit counts), and none of them is about the content.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((sql) => /content_(draft|versions)/.test(sql))).toEqual([]);
  });

  it('falls back to the default content when the KV entry does not match the schema', async () => {
    allowConsoleErrors();
    await env.FEEDS.put(CONTENT_KEY, JSON.stringify({ versionId: 1, content: { hero: 'broken' } }));
    const html = await (await get('/')).text();
    expect(html).toContain(defaultContent().hero.headline);
  });

  it('keeps line breaks of a plain text, escaped', async () => {
    const content = edited((c) => (c.programsSection.intro = 'First line\n<script>alert(1)</script>'));
    await putPublished(env.FEEDS, { versionId: 9, content });
    const html = await (await get('/')).text();
    expect(html).toContain('First line<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the preview of a draft', () => {
  /** The preview as the desk will route it (behind Access there; here on its own). */
  async function preview(path: '/landing' | '/quiz', content: SiteContent) {
    const app = new Hono<AppEnv>();
    app.get('/landing', (c) => renderLandingPreview(c, content));
    app.get('/quiz', (c) => renderQuizPreview(c, content, { step: QUIZ_STEP_COUNT - 1, answers: {} }));
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`http://example.com${path}`), env, ctx);
    await waitOnExecutionContext(ctx);
    return res.text();
  }

  it('renders the landing page and the quiz with the draft, not indexed, and leaves the live page alone', async () => {
    const draft = edited((c) => {
      c.hero.headline = 'Draft headline';
      c.quiz.contactIntroNoEmail = 'Draft contact intro';
    });
    const landing = await preview('/landing', draft);
    expect(landing).toContain('Draft headline');
    expect(landing).toContain('<meta name="robots" content="noindex');
    // The contact step, rendered on the server with the draft's words.
    expect(await preview('/quiz', draft)).toMatch(/<p[^>]*>Draft contact intro<\/p>/);
    const live = await (await get('/')).text();
    expect(live).not.toContain('Draft headline');
    expect(live).toContain(defaultContent().hero.headline);
  });
});

describe('the quiz with edited programs', () => {
  it('recommends a program the owners added, by the answers they gave it, and the landing view marks it', async () => {
    const content = edited((c) => {
      c.programs[2]!.recommendedBy.area = ['Leadership'];
      c.programs.push({
        ...c.programs[0]!,
        slug: 'team-coaching',
        title: 'Team Coaching',
        reason: 'Your team is ready.',
        recommendedBy: { stage: [], area: ['Business'], age: [] },
      });
    });
    await putPublished(env.FEEDS, { versionId: 11, content });
    const body = {
      submissionId: crypto.randomUUID(),
      answers: { '0': 'Business', '1': '26-39', '2': 'I know a little' },
      contact: { first: 'Meera', last: 'Iyer', email: 'meera@example.com' },
    };
    const res = await post('quiz', body);
    expect(res).toMatchObject({ status: 201, body: { recommended: ['team-coaching'] } });
    expect(JSON.parse((await row('quiz_responses', body.submissionId))!.recommended)).toEqual(['Team Coaching']);
    const html = await (await get('/?recommended=team-coaching')).text();
    expect(html).toMatch(/id="program-team-coaching" class="card program-card is-recommended"/);
    expect(html).toContain('Your team is ready.');
  });
});
