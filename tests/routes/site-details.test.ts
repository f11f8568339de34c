/**
 * What a browser and a crawler ask every site for, and the attribution the server puts into each form:
 * icons, manifest, sitemap and robots.txt; a missing file never answered with a page; no CSP source
 * twice; and the campaign tags of the request in the forms' hidden field, per request.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { webManifest } from '../../src/seo';
import { site } from '../../src/words/site';

const get = (path: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://127.0.0.1:8787${path}`, { headers });

/** The decoded values of every hidden `attribution` field in a page. */
function attributionFields(html: string): string[] {
  return [...html.matchAll(/<input type="hidden" name="attribution" value="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('files every browser and crawler asks for', () => {
  it('names the icons and the manifest in every page (the files themselves: e2e/visitor/site-details.spec.ts)', async () => {
    for (const path of ['/', '/quiz', '/privacy']) {
      const html = await (await get(path)).text();
      for (const link of [
        '<link rel="icon" href="/favicon.ico" sizes="48x48"/>',
        '<link rel="icon" href="/icon-192.png" sizes="192x192" type="image/png"/>',
        '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
        '<link rel="manifest" href="/manifest.webmanifest"/>',
      ]) {
        expect(html, path).toContain(link);
      }
    }
  });

  it('serves a manifest with the site’s name, colours and icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as ReturnType<typeof webManifest> & Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: site.siteName,
      short_name: site.brand,
      start_url: '/',
      theme_color: site.theme.teal,
      background_color: site.theme.paper,
    });
    const icons = manifest.icons as Array<{ src: string; sizes: string }>;
    expect(icons.map((i) => [i.src, i.sizes])).toEqual([
      ['/icon-192.png', '192x192'],
      ['/icon-512.png', '512x512'],
      ['/favicon.svg', 'any'],
    ]);
  });

  it('lists the three pages in the sitemap at SITE_URL, and robots.txt names it', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'http://127.0.0.1:8787/',
      'http://127.0.0.1:8787/quiz',
      'http://127.0.0.1:8787/privacy',
    ]);
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://127.0.0.1:8787/sitemap.xml');
    expect(robots).toContain('Disallow: /desk');
  });

  it('answers a missing file with a short plain 404, never a page', async () => {
    for (const path of [
      '/apple-touch-icon-precomposed.png',
      '/assets/missing-abc123.js',
      '/images/missing.svg',
      '/browserconfig.xml',
      '/site.webmanifest',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await res.text(), path).toBe('Not found');
    }
    // A page-like address still shows the landing page as a 404.
    expect(await (await get('/about')).text()).toContain('id="programs"');
  });

  it('names no CSP source twice in any directive', async () => {
    for (const path of ['/', '/quiz', '/privacy', '/robots.txt']) {
      const csp = (await get(path)).headers.get('content-security-policy')!;
      for (const directive of csp.split(';')) {
        const [name, ...sources] = directive.trim().split(/\s+/);
        expect(new Set(sources).size, `${path} ${name}`).toBe(sources.length);
      }
    }
  });
});

describe('the attribution the server renders into the forms', () => {
  it('fills every form on the landing page from the address and the referring site', async () => {
    const html = await (
      await get('/?utm_source=instagram&utm_medium=social&utm_campaign=spring&fbclid=x', {
        referer: 'https://l.instagram.com/some/path?u=1',
      })
    ).text();
    const fields = attributionFields(html);
    expect(fields).toHaveLength(2); // newsletter and enquiry
    for (const field of fields) {
      expect(JSON.parse(field)).toEqual({
        utm_source: 'instagram',
        utm_medium: 'social',
        utm_campaign: 'spring',
        referrer_host: 'l.instagram.com',
        landing_path: '/',
      });
    }
  });

  it('keeps each request’s own: the next visitor gets only theirs, and this site is never the referrer', async () => {
    await get('/?utm_source=first');
    const plain = attributionFields(await (await get('/', { referer: 'http://127.0.0.1:8787/quiz' })).text());
    expect(plain.map((f) => JSON.parse(f))).toEqual([{ landing_path: '/' }, { landing_path: '/' }]);
  });

  it('writes hostile tags cleaned and escaped, so they can neither break the page nor reach the lead raw', async () => {
    const hostile = encodeURIComponent(`"><script>alert(1)</script>&amp;'`);
    const html = await (await get(`/?utm_source=${hostile}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    const [field] = attributionFields(html);
    expect(JSON.parse(field!)).toEqual({ utm_source: `" script alert(1) /script &amp;'`, landing_path: '/' });
  });

  it('carries it through the quiz without JavaScript, step by step, to the contact form', async () => {
    const first = await (await get('/quiz?utm_source=newsletter&utm_campaign=nov')).text();
    const [field] = attributionFields(first);
    expect(JSON.parse(field!)).toEqual({ utm_source: 'newsletter', utm_campaign: 'nov', landing_path: '/quiz' });
    let fields = new URLSearchParams({ step: '0', choice: 'Mindset', attribution: field! });
    for (let step = 0; step < 3; step++) {
      const res = await SELF.fetch('http://127.0.0.1:8787/quiz', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://127.0.0.1:8787/quiz' },
        body: fields,
      });
      const html = await res.text();
      const carried = attributionFields(html);
      expect(carried.length, `after step ${step + 1}`).toBeGreaterThan(0);
      for (const value of carried) expect(JSON.parse(value)).toEqual(JSON.parse(field!));
      fields = new URLSearchParams({ step: String(step + 1), go: 'next', attribution: field! });
    }
  });
});
