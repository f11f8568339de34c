import { expect, islandObserversReported, startedIslands, test } from '../support/test';

const hydrated = (page: import('@playwright/test').Page, name: string) =>
  page.locator(`[data-island="${name}"][data-hydrated]`);

// The islands below the fold: none loads for the first view; each loads once the visitor scrolls near it,
// without touching it; and the page keeps its layout while they do, so a tap lands where it was aimed.
test.describe('islands below the fold', () => {
  test('load when the visitor scrolls near them, not before', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The header is no island: it works without React, and nothing on the first view of / starts React.
    await expect(page.locator('[data-island="Header"]')).toHaveCount(0);
    // Once the entry's observer has been told where each island is, nothing below the fold has started loading:
    // none has hydrated, and none is on its way (the entry would have taken <html data-hydrated> away).
    await islandObserversReported(page);
    expect(await startedIslands(page), 'islands started before scrolling').toEqual({ hydrated: [], pending: false });
    for (const name of ['ResourceTabs', 'PodcastPlayer', 'LatestVideos']) {
      await expect(page.locator(`[data-island="${name}"]`), `${name} is on the page`).not.toHaveCount(0);
    }
    // The newsletter's form is not in the page yet: it is put in as its section nears (client/forms-later.ts); nor
    // the enquiry's dialog, put in as an opener is pressed.
    await expect(page.locator('noscript[data-later="NewsletterForm"]')).toHaveCount(1);
    await expect(page.locator('noscript[data-later="EnquiryModal"]')).toHaveCount(1);

    // A scroll, not a touch: the newsletter form comes into view and its island loads.
    await page.evaluate(() => document.querySelector('#newsletter')!.scrollIntoView({ block: 'center' }));
    await expect(hydrated(page, 'NewsletterForm')).toHaveCount(1);
    // The enquiry dialog loads only when asked for.
    await expect(hydrated(page, 'EnquiryModal')).toHaveCount(0);
  });

  test('after a jump to the footer, its islands load without moving what the visitor sees', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const privacy = page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' });
    // The sections render as they come near (content-visibility), each in the frame that first shows it: once the
    // jump has been drawn, what is on the screen stays where it is.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const drawn = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
          ),
      );
    await drawn();
    const where = async () => ({ scroll: await drawn(), link: (await privacy.boundingBox())?.y });
    const before = await where();
    // The island nearest the footer (the free guide's form when one is offered, else the newsletter's) loads.
    const last = page.locator('main [data-island][data-load="visible"]').last();
    await expect(last).toHaveAttribute('data-hydrated', /.*/);
    expect(await where(), 'the footer after the island above it has loaded').toEqual(before);
    // A tap right after the jump reaches its link.
    await privacy.click();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});
