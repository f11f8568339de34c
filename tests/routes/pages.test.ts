import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { assets } from '../../src/assets';

const get = (path: string) => SELF.fetch(`http://example.com${path}`);

describe('page routing and rendering', () => {
  it('renders the landing page at / with the header and the eight sections in order', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('Find Aliveness in Work, Love, and Leadership');
    const order = [
      'class="site-header',
      'class="hero"',
      'id="about"',
      'id="programs"',
      'id="resources"',
      'id="listen"',
      'id="latest"',
      'id="newsletter"',
      'class="site-footer"',
    ];
    const positions = order.map((marker) => html.indexOf(marker));
    positions.forEach((p, i) => expect(p, order[i]).toBeGreaterThan(-1));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('renders the quiz screen at /quiz', async () => {
    const res = await get('/quiz');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('class="quiz-art"');
    expect(html).toMatch(/<title>Step 1 of 4/);
  });

  it('shows the landing page at any other path, as a 404 search engines do not index', async () => {
    for (const path of ['/about', '/some/deep/path', '/programs?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      const html = await res.text();
      expect(html, path).toContain('id="programs"');
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
    for (const path of ['/', '/quiz', '/?utm_source=x']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain('noindex');
    }
  });

  it('answers probe paths with a short plain 404, not a page', async () => {
    for (const path of ['/.env', '/.git/config', '/wp-login.php', '/wp-admin/', '/backup.sql', '/a/.htaccess']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await res.text(), path).toBe('Not found');
    }
  });

  it('marks every HTML answer private and not storable: each carries its own nonce', async () => {
    for (const path of ['/', '/quiz', '/elsewhere']) {
      expect((await get(path)).headers.get('cache-control'), path).toBe('private, no-store');
    }
  });

  it('gives every input on the landing page an explicit type', async () => {
    const html = await (await get('/')).text();
    const inputs = html.match(/<input\b[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(3);
    expect(inputs.filter((tag) => !/\stype="[a-z]+"/.test(tag))).toEqual([]);
  });

  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    const res = await get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: { code: 'not_found', message: expect.any(String) } });
  });

  it('gives each page a title, description, canonical link, Open Graph tags and JSON-LD', async () => {
    for (const path of ['/', '/quiz']) {
      const html = await (await get(path)).text();
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${path === '/' ? '/' : '/quiz'}"`));
      for (const prop of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
        expect(html, prop).toContain(`property="${prop}"`);
      }
      const ld = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)?.[1];
      const data = JSON.parse(ld ?? '{}');
      expect(data['@type']).toBe('ProfilePage');
      expect(data.mainEntity['@type']).toBe('Person');
      expect(data.mainEntity.sameAs).toHaveLength(5);
    }
  });

  it('computes the copyright year at request time', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain(`© <!-- -->${new Date().getFullYear()}`);
  });

  it('renders the header as plain HTML, its phone menu a dialog its button opens without scripts', async () => {
    const html = await (await get('/')).text();
    expect(html).not.toContain('data-island="Header"');
    expect(html).toMatch(/<button[^>]*aria-controls="mobile-menu"[^>]*commandfor="mobile-menu" command="show-modal"/);
    expect(html).toContain('<dialog id="mobile-menu" class="mobile-menu" aria-label="Menu" closedby="any">');
    expect(html).toMatch(/<button[^>]*aria-label="Close menu"[^>]*commandfor="mobile-menu" command="close"/);
  });

  it('starts the islands from one inline script with this build’s entry, and fetches no script from the HTML', async () => {
    const html = await (await get('/')).text();
    const inline = /<script type="module" nonce="[^"]+">(.*?)<\/script>/s.exec(html);
    expect(inline?.[1]).toBe(assets.boot);
    expect(assets.boot).toContain(`"${assets.entry}"`);
    expect(assets.boot).toContain('first-contentful-paint');
    // Nothing in the HTML itself asks for a script: no src, no modulepreload (they would share the first round
    // trips with the page's HTML and stylesheet).
    expect(html).not.toMatch(/<script[^>]* src=/);
    expect(html).not.toMatch(/<link[^>]* rel="modulepreload"/);
  });

  // Issue 58: the first paint is the whole first view. The element named must be in the page, or the browser would
  // paint nothing until it had read the whole document; it comes right after the first view, since Chromium lets the
  // link go as that element is put in (after a page's main, an empty element: client/layout/view-read.tsx).
  it.each([
    ['/', 'about', /<\/section><section id="about"/],
    ['/quiz', 'view-read', /<main id="main" class="quiz-screen">.*<\/main><span id="view-read" hidden=""><\/span>/s],
  ])('%s is painted once its first view has been read (#%s)', async (path, id, element) => {
    const html = await (await get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="expect" href="#${id}" blocking="render"/>`);
    expect(html.match(new RegExp(`id="${id}"`, 'g'))).toHaveLength(1);
    expect(html).toMatch(element);
  });

  it('leaves the other pages to paint as they are read', async () => {
    expect(await (await get('/privacy')).text()).not.toContain('rel="expect"');
  });
});

describe('the landing page is rendered once per content change', () => {
  it('serves the same page to each visitor with that request’s own nonce and submission ids', async () => {
    const pages = await Promise.all([get('/'), get('/'), get('/elsewhere')]);
    const bodies = await Promise.all(
      pages.map(async (res) => {
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
        const html = await res.text();
        expect(nonce.length).toBeGreaterThan(10);
        expect(html).not.toMatch(/slot-/);
        const scriptNonces = [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
        expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
        // Each form's submission id is fresh per request too (in its hidden field and its island's props).
        const ids = [...html.matchAll(/name="submissionId" value="([^"]+)"/g)].map((m) => m[1]!);
        expect(ids).toHaveLength(2);
        return ids.reduce((page, id) => page.replaceAll(id, 'ID'), html.replaceAll(nonce, 'N'));
      }),
    );
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).not.toBe(bodies[0]);
  });
});
