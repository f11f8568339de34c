import { site, youtubeLinks } from '../../src/words/site';
import { withFeeds } from '../support/feeds/feeds';
import { expect, gotoHydrated, hydrateIsland, test } from '../support/test';
import { expectPanelHiddenOnPhone, feedState, latest, recentList, resources } from '../support/feeds/videos';

// Every test here sets the YouTube stand-in and empties the feeds cache under one lock shared by every worker, so
// each starts cold from a known upstream (see support/feeds/feeds.ts); they run once the other journeys are done
// (playwright.config.ts), as a page another test loaded meanwhile would find its videos changed or gone.
test.describe.configure({ timeout: 90_000 });

test.describe('resources', () => {
  test('a playlist that cannot be loaded says so while the others show their videos', async ({ page }) => {
    await withFeeds({ failPlaylists: [site.youtube.playlists.Health] }, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const section = resources(page);
      await expect(section.getByRole('tabpanel').getByRole('link')).toHaveCount(6);
      await section.getByRole('tab', { name: 'Health' }).click();
      await expect(section.getByRole('tabpanel')).toHaveText(site.resources.failed);
      await expect(section.getByText('Loading videos…')).toHaveCount(0);
    });
  });
});

test.describe('feed states @both', () => {
  test('a cold cache renders loading states, then the islands fetch the videos; a warm one has them in the HTML', async ({
    page,
  }) => {
    await withFeeds({ delayMs: 1_200 }, async () => {
      const apiCalls: string[] = [];
      page.on('request', (req) => req.url().includes('/api/videos') && apiCalls.push(req.url()));
      await page.goto('/');
      await expect(resources(page).getByRole('tabpanel').getByText('Loading videos…')).toBeVisible();
      await expect(feedState(page).locator('.placeholder-row:visible')).toHaveCount(6);
      await expectPanelHiddenOnPhone(page);
      // The islands load when they come near; then they fetch what the cold page lacked.
      for (const island of ['ResourceTabs', 'LatestVideos']) await hydrateIsland(page, island);
      await expect(resources(page).getByRole('tabpanel').getByRole('link')).toHaveCount(6, { timeout: 10_000 });
      await expect(recentList(page).getByRole('option').first()).toBeVisible();
      await expectPanelHiddenOnPhone(page);
      expect(apiCalls.length).toBeGreaterThan(0);

      apiCalls.length = 0;
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      await expect(resources(page).getByRole('tabpanel').getByRole('link')).toHaveCount(6);
      await expect(page.getByText('Loading videos…')).toHaveCount(0);
      expect(apiCalls).toEqual([]);
    });
  });

  test('when the feeds cannot be loaded, the panel says so and the player offers the uploads playlist', async ({
    page,
  }) => {
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await withFeeds({ mode: 'error' }, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      await expect(
        feedState(page).getByText('Could not load YouTube feed. Showing a fallback playlist.'),
      ).toBeVisible();
      await expectPanelHiddenOnPhone(page);
      await expect(resources(page).getByRole('tabpanel')).toHaveText(site.resources.failed);
      await expect(page.getByText('Loading videos…')).toHaveCount(0);
      await latest(page)
        .getByRole('button', { name: /^Play video/ })
        .click();
      await expect(latest(page).locator('iframe')).toHaveAttribute(
        'src',
        new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/videoseries\\?list=${youtubeLinks.uploadsPlaylist}&`),
      );
    });
  });

  test('an empty feed says there are no videos', async ({ page }) => {
    await withFeeds({ mode: 'empty' }, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      await expect(feedState(page).getByText('No videos found. Try again later.')).toBeVisible();
      await expectPanelHiddenOnPhone(page);
      await expect(resources(page).getByRole('tabpanel')).toHaveText(site.resources.empty);
      await expect(latest(page).getByRole('button', { name: /^Play video/ })).toHaveCount(0);
    });
  });
});
