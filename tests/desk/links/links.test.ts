/**
 * The owners' tagged links (in D1: their own settings, not personal data): made by a form post with a source,
 * medium, campaign and page (a refused form says why by the field and stores nothing), the same link made twice
 * kept once, listed newest first, removed; each link's QR code is an SVG that decodes to the link.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { deskLinks as copy } from '../../../src/desk/links/words';
import { MAX_SHARE_LINKS } from '../../../src/desk/links/share-links';
import { readConfig } from '../../../src/env';
import { callWorker, postForm } from '../../support/api';
import { decodeQrSvg } from '../../support/qr';

const get = (path: string) => callWorker(env, path);
const post = (path: string, fields: Record<string, string>) => postForm(env, path, fields);

const rows = async () =>
  (await env.DB.prepare('SELECT * FROM share_links ORDER BY made_at DESC, rowid DESC').all<Record<string, string>>())
    .results;
const site = () => readConfig(env).site.url;
/** The page's text with React's comment markers between adjacent texts taken out. */
const html = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '');
const escaped = (url: string) => url.replaceAll('&', '&amp;');

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM share_links').run();
});

describe('links to share', () => {
  it('makes a link from the canonical address, the page and the encoded tags, and lists it ready to copy', async () => {
    const made = await post('/desk/links', {
      source: ' Instagram ',
      medium: 'social',
      campaign: 'spring-retreat_2026',
      page: '/#programs',
    });
    expect(made.status).toBe(303);
    const [row] = await rows();
    // Its words were made into a tag (lower case), and the note after it says so.
    expect(made.headers.get('location')).toBe(`/desk/links?made=${row!.id}&tidied=source`);
    expect(row).toMatchObject({
      source: 'instagram',
      medium: 'social',
      campaign: 'spring-retreat_2026',
      page: '/#programs',
    });
    expect(row!.created_by).toBe('owner@localhost');

    const link = `${site()}/?utm_source=instagram&utm_medium=social&utm_campaign=spring-retreat_2026#programs`;
    const page = await html(await get(made.headers.get('location')!));
    expect(page).toContain(`${copy.made} Source saved as instagram.`);
    const field = new RegExp(`<input id="link-${row!.id}"[^>]*>`).exec(page)?.[0];
    expect(field).toContain('readOnly=""');
    expect(field).toContain(`value="${escaped(link)}"`);
    expect(page).toContain(`<img src="/desk/links/${row!.id}/qr.svg" width="168" height="168" loading="lazy"`);
    expect(page).toContain(`href="/desk/links/${row!.id}/qr.svg?download=1"`);
    expect(page).toContain('href="/desk/links" aria-current="page"');
    // The copy button is there for the script to show; the script carries the page's nonce.
    expect(page).toMatch(/<button type="button" class="btn" hidden="" data-copies="link-[0-9a-f-]{36}"/);
    const nonce = /<script nonce="([^"]+)">/.exec(page)?.[1];
    expect(nonce).toBeTruthy();
  });

  it('leaves out the medium and campaign not given, and opens the quiz', async () => {
    expect((await post('/desk/links', { source: 'podcast', medium: '', campaign: '', page: '/quiz' })).status).toBe(
      303,
    );
    const page = await html(await get('/desk/links'));
    expect(page).toContain(`value="${site()}/quiz?utm_source=podcast"`);
  });

  it('keeps the same link made twice as one row, shown first again', async () => {
    const a = { source: 'linkedin', medium: 'social', campaign: 'launch', page: '/' };
    const b = { source: 'newsletter', medium: 'email', campaign: 'june', page: '/quiz' };
    for (const fields of [a, b, a]) expect((await post('/desk/links', fields)).status).toBe(303);
    const stored = await rows();
    expect(stored.map((r) => r.source)).toEqual(['linkedin', 'newsletter']);
    expect(stored[0]!.made_at! >= stored[0]!.created_at!).toBe(true);
    const page = await html(await get('/desk/links'));
    expect(page.indexOf('linkedin · social · launch')).toBeLessThan(page.indexOf('newsletter · email · june'));
    expect(page).toContain(copy.count(2, MAX_SHARE_LINKS));
  });

  it('keeps the newest MAX_SHARE_LINKS, letting the one made longest ago go', async () => {
    const insert = env.DB.prepare(
      `INSERT INTO share_links (id, source, medium, campaign, page, created_at, created_by, made_at)
       VALUES (?1, ?2, '', '', '/', ?3, 'owner@localhost', ?3)`,
    );
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
    await env.DB.batch(
      Array.from({ length: MAX_SHARE_LINKS }, (_, n) => insert.bind(crypto.randomUUID(), `source-${n}`, day(n))),
    );
    expect((await post('/desk/links', { source: 'newest', page: '/' })).status).toBe(303);
    const kept = await rows();
    expect(kept).toHaveLength(MAX_SHARE_LINKS);
    expect(kept[0]!.source).toBe('newest');
    expect(kept.map((r) => r.source)).not.toContain('source-0');
    expect(kept.map((r) => r.source)).toContain('source-1');
  });

  it.each([
    ['no source', { source: '' }, 'source', copy.errors.sourceEmpty],
    ['a source of emoji alone', { source: '🎉🎉' }, 'source', copy.errors.noTagSource],
    ['a source too long', { source: 'a'.repeat(41) }, 'source', copy.errors.tagTooLong(41)],
    ['a medium of punctuation alone', { medium: '/ & ?' }, 'medium', copy.errors.noTag],
    ['a campaign in a script a link cannot carry', { campaign: 'दिसंबर' }, 'campaign', copy.errors.noTag],
    ['a campaign too long', { campaign: 'c'.repeat(41) }, 'campaign', copy.errors.tagTooLong(41)],
    ['a page not offered', { page: 'https://evil.example/' }, 'page', copy.errors.page],
  ])('refuses %s with a message by the field, storing nothing', async (_label, over, field, message) => {
    const fields = { source: 'instagram', medium: 'social', campaign: 'spring', page: '/', ...over };
    const res = await post('/desk/links', fields);
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain(`<span id="link-${field}-error" class="desk-field-error">${message}</span>`);
    expect(page).toContain(`aria-describedby="link-${field}-error"`);
    expect(await rows()).toHaveLength(0);
  });

  it('removes a link by a form post; an unknown or removed one is a 404', async () => {
    await post('/desk/links', { source: 'talk', medium: '', campaign: 'tedx', page: '/' });
    const [row] = await rows();
    const removed = await post(`/desk/links/${row!.id}/delete`, {});
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/desk/links?removed');
    expect(await rows()).toHaveLength(0);
    expect(await html(await get('/desk/links?removed'))).toContain(copy.removedNote);
    expect((await post(`/desk/links/${row!.id}/delete`, {})).status).toBe(404);
    expect((await get(`/desk/links/${row!.id}/qr.svg`)).status).toBe(404);
    expect((await get('/desk/links/not-an-id/qr.svg')).status).toBe(404);
  });

  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('refuses a change with %s (403), storing nothing', async (_label, headers: Record<string, string>) => {
    const res = await callWorker(env, '/desk/links', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ source: 'instagram', medium: '', campaign: '', page: '/' }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await rows()).toHaveLength(0);
    // The same form from the desk itself is taken.
    expect((await post('/desk/links', { source: 'instagram', page: '/' })).status).toBe(303);
    expect((await rows())[0]?.created_by).toBe('owner@localhost');
  });
});

describe("a link's QR code", () => {
  it('is an SVG drawn with a quiet zone that decodes to the link', async () => {
    await post('/desk/links', { source: 'flyer', medium: 'print', campaign: 'yoga-day', page: '/quiz' });
    const [row] = await rows();
    const res = await get(`/desk/links/${row!.id}/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const { text, quietZone } = decodeQrSvg(svg);
    expect(text).toBe(`${site()}/quiz?utm_source=flyer&utm_medium=print&utm_campaign=yoga-day`);
    expect(quietZone).toBe(4);
  });

  it('downloads as a file named by its source and campaign', async () => {
    await post('/desk/links', { source: 'slides', medium: 'talk', campaign: 'tedx-pune', page: '/#about' });
    const [row] = await rows();
    const res = await get(`/desk/links/${row!.id}/qr.svg?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="qr-slides-tedx-pune.svg"');
    expect(decodeQrSvg(await res.text()).text).toBe(
      `${site()}/?utm_source=slides&utm_medium=talk&utm_campaign=tedx-pune#about`,
    );
  });

  it('leaves the pages around it with the site’s own policy', async () => {
    const res = await get('/desk/links');
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self'");
  });
});
