import { expect, gotoHydrated, test } from '../support/test';

// The browser half of optional Turnstile. The e2e server runs with Turnstile off, so this
// test adds the site-key meta tag the server renders when it is on, and serves a fake
// Turnstile script in place of Cloudflare's (no network here). The server half is in
// tests/security/turnstile.test.ts (siteverify stand-in with the documented test keys).
test.describe('Turnstile in the forms', () => {
  test('loads nothing from Cloudflare until a form is submitted, then sends a token with it', async ({ page }) => {
    const scriptLoads: string[] = [];
    await page.route('https://challenges.cloudflare.com/**', async (route) => {
      scriptLoads.push(route.request().url());
      await route.fulfill({
        contentType: 'text/javascript',
        body: `window.turnstile = {
          render: (el, o) => { window.__tsOptions = o; return 'w1'; },
          execute: () => setTimeout(() => window.__tsOptions.callback('XXXX.DUMMY.TOKEN.XXXX'), 10),
          reset: () => {},
        };`,
      });
    });
    await page.route('**/', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const res = await route.fetch();
      const html = (await res.text()).replace(
        '<meta charSet="utf-8"/>',
        '<meta charSet="utf-8"/><meta name="turnstile-site-key" content="1x00000000000000000000AA"/>',
      );
      // The CSP the server sends when Turnstile is on allows its origin for scripts.
      const csp = (res.headers()['content-security-policy'] ?? '').replace(
        "script-src 'self'",
        "script-src 'self' https://challenges.cloudflare.com",
      );
      await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-security-policy': csp } });
    });
    await gotoHydrated(page, '/', 'NewsletterForm');
    expect(scriptLoads).toEqual([]);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/newsletter') && r.method() === 'POST');
    const form = page.locator('#newsletter');
    await form.getByRole('textbox').fill(`ts-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const body = (await sent).postDataJSON() as { turnstileToken?: string };
    expect(body.turnstileToken).toBe('XXXX.DUMMY.TOKEN.XXXX');
    // The widget is told which form it protects; siteverify reports it back as `action`.
    expect(
      await page.evaluate(() => (window as unknown as { __tsOptions: { action: string } }).__tsOptions.action),
    ).toBe('newsletter');
    expect(scriptLoads).toHaveLength(1);
    await expect(form.getByRole('button', { name: 'Thanks!' })).toBeDisabled();
  });
});
