import { signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, test } from '../support/test';

/**
 * The details a browser, a crawler, a visitor without JavaScript and an owner notice: the icons, manifest
 * and sitemap; a campaign link's tags kept by a form sent without scripts; and the desk finding a lead by
 * what an owner remembers: the start of a name or an address, or a number's last digits.
 */

// The files' answers and the icon's size do not depend on the viewport: run once, in the desktop project.
test.describe('files browsers and crawlers ask for @desktop', () => {
  test('the icons, the manifest and the sitemap answer with their types, and a missing file with a short 404', async ({
    page,
  }) => {
    const types: Record<string, RegExp> = {
      '/favicon.ico': /^image\/(x-icon|vnd\.microsoft\.icon)$/,
      '/favicon.svg': /^image\/svg\+xml/,
      '/apple-touch-icon.png': /^image\/png$/,
      '/icon-192.png': /^image\/png$/,
      '/icon-512.png': /^image\/png$/,
      '/manifest.webmanifest': /^application\/manifest\+json$/,
      '/sitemap.xml': /^application\/xml/,
      '/robots.txt': /^text\/plain/,
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toMatch(type);
    }
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] };
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    const missing = await page.request.get('/apple-touch-icon-precomposed.png');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toBe('Not found');

    // The browser itself finds the icon and the manifest the page names.
    await page.goto('/');
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')!.href;
      const image = new Image();
      image.src = href;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(icon).toEqual([180, 180]);
  });
});

test.describe('attribution without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a subscription sent from a campaign link without scripts keeps the link’s tags', async ({ page }) => {
    const email = uniqueEmail('nojs-utm');
    await page.goto('/?utm_source=instagram&utm_medium=story&utm_campaign=november');
    const section = page.locator('#newsletter');
    await section.getByRole('textbox', { name: 'Email address' }).fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('status')).toContainText('You are subscribed.');
    const [stored] = await waitForLeads<{ attribution: string | null }>('news_letter', email);
    expect(JSON.parse(stored!.attribution!)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'story',
      utm_campaign: 'november',
      landing_path: '/',
    });
  });
});

test.describe('desk search', () => {
  test('finds a lead by the start of a name, of an email address, and by the last digits of a phone', async ({
    page,
  }) => {
    // A name no other test uses: two made-up words, so each search below can find this lead alone.
    const word = () =>
      Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const [first, last] = [`Zy${word()}`, `Qx${word()}`];
    const email = uniqueEmail('desk-search');
    const { e164: phone } = uniquePhone();
    const res = await page.request.post('/api/enquiry', {
      data: { name: `${first} ${last}`, phone, email, description: 'A talk in May' },
    });
    expect(res.status()).toBe(201);

    await signIn(page);
    const search = async (q: string) => {
      await page.goto(`/desk`);
      await page.getByRole('searchbox', { name: 'Search name, email or phone' }).fill(q);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/desk\?q=/);
    };
    const found = page.getByRole('link', { name: new RegExp(`${first} ${last}`) });
    // The search's results: the list of leads, not the unread replies above it (other journeys may leave some).
    const results = page.locator('ol.desk-list > .desk-item');
    for (const q of [
      first.slice(0, 4),
      last.slice(0, 5).toUpperCase(),
      email.split('@')[0]!.slice(0, -2),
      phone.slice(-6),
    ]) {
      await search(q);
      await expect(results, q).toHaveCount(1);
      await expect(found, q).toBeVisible();
    }
    // The middle of a word is not a start.
    await search(first.slice(2, 7));
    await expect(results).toHaveCount(0);
  });
});
