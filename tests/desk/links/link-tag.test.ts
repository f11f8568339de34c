/**
 * A link's tags from the words an owner types: "Instagram bio" is saved as `instagram-bio` and the page says so;
 * what leaves nothing to make a tag of, or too long a tag, is refused by the field and stores nothing.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { deskLinks as copy } from '../../../src/desk/links/words';
import { tagOf } from '../../../src/desk/links/link-tag';
import { ShareLinkForm } from '../../../src/desk/links/share-links';
import { callWorker, postForm } from '../../support/api';

const rows = async () =>
  (await env.DB.prepare('SELECT source, medium, campaign FROM share_links').all<Record<string, string>>()).results;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM share_links').run();
});

describe('a tag from an owner’s words', () => {
  it.each([
    ['Instagram bio', 'instagram-bio'],
    ['December Retreat', 'december-retreat'],
    ['  TEDx Pune 2026  ', 'tedx-pune-2026'],
    ['Café Conversations', 'cafe-conversations'],
    ['Ça va — Noël!', 'ca-va-noel'],
    ['🎉 New Year 🎉', 'new-year'],
    ['spring-retreat_2026', 'spring-retreat_2026'],
    ['a / b & c', 'a-b-c'],
    ['--Flyer--', 'flyer'],
    ['yoga.day', 'yoga.day'],
    ['🎉🎉', ''],
    ['दिसंबर', ''],
    ['', ''],
  ])('%j makes %j', (words, tag) => {
    expect(tagOf(words)).toBe(tag);
  });

  it('keeps a tag of 40 characters and refuses 41, naming its length', () => {
    const parse = (campaign: string) => ShareLinkForm.safeParse({ source: 'flyer', medium: '', campaign, page: '/' });
    expect(parse(`${'a'.repeat(20)} ${'b'.repeat(19)}`).data?.campaign).toBe(`${'a'.repeat(20)}-${'b'.repeat(19)}`);
    const refused = parse(`${'a'.repeat(20)} ${'b'.repeat(20)}`);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['campaign', copy.errors.tagTooLong(41)],
    ]);
  });
});

describe('the Links form with an owner’s words', () => {
  it('saves "Instagram bio" and "December Retreat" as tags and says so', async () => {
    const made = await postForm(env, '/desk/links', {
      source: 'Instagram bio',
      medium: 'social',
      campaign: 'December Retreat',
      page: '/quiz',
    });
    expect(made.status).toBe(303);
    expect(await rows()).toEqual([{ source: 'instagram-bio', medium: 'social', campaign: 'december-retreat' }]);
    const location = made.headers.get('location')!;
    expect(location).toMatch(/^\/desk\/links\?made=[0-9a-f-]{36}&tidied=source%2Ccampaign$/);
    const page = (await (await callWorker(env, location)).text()).replaceAll('<!-- -->', '');
    expect(page).toContain(`${copy.made} Source saved as instagram-bio. Campaign saved as december-retreat.</p>`);
    expect(page).toContain('utm_source=instagram-bio&amp;utm_medium=social&amp;utm_campaign=december-retreat');
  });

  it('says nothing more when the words were already a tag, and ignores a made note naming no link', async () => {
    const made = await postForm(env, '/desk/links', { source: 'podcast', medium: '', campaign: '', page: '/' });
    expect(made.headers.get('location')).toMatch(/^\/desk\/links\?made=[0-9a-f-]{36}$/);
    const page = await (await callWorker(env, '/desk/links?made=nope&tidied=source')).text();
    expect(page).toContain(copy.made);
    expect(page).not.toContain('saved as');
  });

  it('refuses words that leave no tag, keeping what was typed, storing nothing', async () => {
    const res = await postForm(env, '/desk/links', { source: '🎉', medium: '', campaign: 'Retreat', page: '/' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(`<span id="link-source-error" class="desk-field-error">${copy.errors.noTagSource}</span>`);
    const field = /<input id="link-source"[^>]*>/.exec(page)?.[0];
    expect(field).toContain('aria-invalid="true"');
    expect(field).toContain('value="🎉"');
    expect(await rows()).toEqual([]);
  });
});
