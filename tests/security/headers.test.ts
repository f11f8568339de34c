/** Headers: every Worker response carries the security headers; the CSP nonce is per request. */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

const get = (path: string, init?: RequestInit) => SELF.fetch(`https://site.test${path}`, init);

describe('security headers', () => {
  it.each(['/', '/quiz', '/api/nope', '/api/videos'])(
    '%s carries CSP, HSTS, nosniff, referrer and permissions policies',
    async (path) => {
      const res = await get(path);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "img-src 'self'"]) {
        expect(csp).toContain(directive);
      }
      expect(csp).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com https:\/\/open\.spotify\.com/);
      expect(csp).not.toContain('challenges.cloudflare.com'); // Turnstile is off by default
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    },
  );

  it('uses a fresh nonce per request, and the page scripts carry it', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await get('/');
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      const html = await res.text();
      expect(html).toContain(`<script type="module" nonce="${nonce}">`);
      const scriptNonces = [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
