/**
 * A program's sessions and terms in the content editor: saved to the draft (a whole number of sessions 1–50 or
 * empty for none; terms up to 6000 characters or empty for none), refused by the field otherwise with nothing
 * saved, published with the rest, and never shown to visitors on the landing page.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import type { SiteContent } from '../../../src/shared/site-content';
import { forgetPublished, publishedContent } from '../../../src/store/site-content/published-content';
import { contentStore } from '../../../src/store/site-content/site-content';
import { formOf, get, post, set, text } from '../../support/content-form';

const PART = '/desk/content/programs';
const store = () => contentStore(env.DB, env.FEEDS);
const draft = async () => (await store().readDraft()).json as SiteContent;
const TERMS = 'Clients’ terms: a session missed without a day’s notice counts as used.';

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
});

describe('a program’s sessions and terms', () => {
  it('are fields of each program, with their hints', async () => {
    const page = await text(await get(PART));
    expect(page).toContain(copy.labels.sessions);
    expect(page).toContain(copy.labels.terms);
    expect(page).toContain('name="0.sessions"');
    expect(page).toMatch(/<textarea[^>]*name="0.terms"/);
  });

  it('are saved to the draft, empty for none, and refused by the field when not a whole number 1–50', async () => {
    let form = set(set(await formOf(PART), '0.sessions', '6'), '0.terms', TERMS);
    expect((await post(PART, form)).status).toBe(303);
    expect((await draft()).programs[0]).toMatchObject({ sessions: 6, terms: TERMS });
    for (const [typed, message] of [
      ['6.5', 'must be a whole number of sessions'],
      ['six', 'must be a whole number of sessions'],
      ['0', 'must be at least 1 session'],
      ['51', 'must be at most 50 sessions'],
    ] as const) {
      const refused = await post(PART, set(await formOf(PART), '0.sessions', typed));
      expect(refused.status).toBe(400);
      expect(await text(refused)).toContain(message);
      expect((await draft()).programs[0]?.sessions).toBe(6);
    }
    const long = await post(PART, set(await formOf(PART), '0.terms', 't'.repeat(6001)));
    expect(long.status).toBe(400);
    expect((await draft()).programs[0]?.terms).toBe(TERMS);
    form = set(set(await formOf(PART), '0.sessions', ''), '0.terms', '');
    expect((await post(PART, form)).status).toBe(303);
    expect((await draft()).programs[0]).not.toHaveProperty('sessions');
    expect((await draft()).programs[0]).not.toHaveProperty('terms');
  });

  it('are published with the rest and never shown on the landing page', async () => {
    const form = set(set(await formOf(PART), '0.sessions', '12'), '0.terms', TERMS);
    expect((await post(PART, form)).status).toBe(303);
    expect((await post('/desk/content/publish', [])).status).toBe(303);
    forgetPublished(env.FEEDS);
    const live = (await publishedContent(env.FEEDS)).content;
    expect(live.programs[0]).toMatchObject({ sessions: 12, terms: TERMS });
    const landing = await text(await get('/'));
    expect(landing).toContain(live.programs[0]!.title.replaceAll('&', '&amp;'));
    expect(landing).not.toContain('a day’s notice');
    expect(landing).not.toContain('Clients’ terms');
  });
});
