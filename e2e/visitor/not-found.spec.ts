import { expectFailedResource } from '../support/leads';
import { expect, gotoHydrated, test } from '../support/test';

test.describe('unknown paths', () => {
  test('show the landing page, working, as a 404 that search engines do not index @both', async ({
    page,
    problems,
  }) => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/no-such-page'));
    await gotoHydrated(page, '/no-such-page');
    const res = await answer;
    expect(res.status()).toBe(404);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Aliveness in Work, Love, and Leadership');
    await page.getByRole('link', { name: 'Begin Your Journey' }).first().click();
    await expect(page).toHaveURL(/\/quiz$/);
    await expectFailedResource(problems, 404);
  });

  // HTTP alone, no page and no viewport: run once, in the desktop project.
  test('probe paths get a short plain answer, not the page @desktop', async ({ request }) => {
    for (const path of ['/.env', '/.git/config', '/wp-login.php']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toBe('Not found');
    }
  });
});
