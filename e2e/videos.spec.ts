import type { Page } from '@playwright/test';
import { site, youtubeLinks } from '../src/content/site';
import { withFeeds } from './support/feeds';
import { expect, gotoHydrated, hydrateIsland, isPhone, test } from './support/test';

// Every test here sets the YouTube stand-in and empties the feeds cache under one lock
// shared by both workers, so each starts cold from a known upstream (see support/feeds.ts).
test.describe.configure({ timeout: 90_000 });

type Video = { id: string; title: string; published: string };

async function latestVideos(page: Page): Promise<Video[]> {
  const res = await page.request.get('/api/videos');
  return ((await res.json()) as { videos: { latest: { items: Video[] } } }).videos.latest.items;
}

/**
 * Resolves once React has rendered what the timers just run asked of it: it renders in tasks it posts as messages
 * (a long render in several, each posting the next), and a message posted after one of them is delivered after it.
 * A chain of ten such messages outlasts far more rendering than a change of the selection takes.
 */
async function renderedWhatTimersAskedFor(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    }
  });
}

const recentList = (page: Page) =>
  page.getByRole('listbox', { name: isPhone(page) ? 'Recent videos strip' : 'Recent videos', exact: true });
const resources = (page: Page) => page.locator('#resources');
const latest = (page: Page) => page.locator('#latest');
const playerTitle = (page: Page) => latest(page).getByRole('heading', { level: 3 }).first();
/** Where the feed's state shows: the Recent Videos panel on large screens, the strip area on small ones. */
const feedState = (page: Page) => latest(page).locator(isPhone(page) ? '.strip-area' : '.recent-panel');
/** On small screens the Recent Videos panel is hidden whatever state the feed is in. */
const expectPanelHiddenOnPhone = async (page: Page) => {
  if (isPhone(page)) await expect(latest(page).locator('.recent-panel')).toBeHidden();
  else await expect(latest(page).locator('.strip-area')).toBeHidden();
};

test.describe('resources', () => {
  test('topic tabs follow the tabs pattern, Mindset first, with arrow, Home and End keys', async ({ page }) => {
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const section = resources(page);
      await expect(section.getByRole('tab')).toHaveText([
        'Mindset',
        'Health',
        'Wealth',
        'Leadership',
        'Overcoming',
        'Happiness',
      ]);
      const tab = (name: string) => section.getByRole('tab', { name });
      await expect(tab('Mindset')).toHaveAttribute('aria-selected', 'true');
      await expect(tab('Mindset')).toHaveAttribute('tabindex', '0');
      await expect(tab('Health')).toHaveAttribute('tabindex', '-1');

      const panel = section.getByRole('tabpanel');
      await expect(panel).toHaveCount(1);
      await expect(panel).toHaveAccessibleName('Mindset');
      const cards = panel.getByRole('link');
      await expect(cards).toHaveCount(6);
      await expect(cards.first()).toContainText('Mindset talk 1');
      await expect(cards.first()).toHaveAttribute('href', 'https://www.youtube.com/watch?v=Mindse___1x');
      await expect(cards.first()).toHaveAttribute('target', '_blank');
      await expect(cards.first()).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(cards.first().locator('img')).toHaveAttribute('src', '/thumbs/Mindse___1x.jpg');

      await tab('Mindset').focus();
      const expectActive = async (name: string) => {
        await expect(tab(name)).toBeFocused();
        await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
        await expect(panel).toHaveAccessibleName(name);
        await expect(panel.getByRole('link').first()).toContainText(`${name} talk 1`);
      };
      await page.keyboard.press('ArrowRight');
      await expectActive('Health');
      await page.keyboard.press('End');
      await expectActive('Happiness');
      await page.keyboard.press('ArrowRight');
      await expectActive('Mindset');
      await page.keyboard.press('ArrowLeft');
      await expectActive('Happiness');
      await page.keyboard.press('Home');
      await expectActive('Mindset');
      await tab('Wealth').click();
      await expect(panel).toHaveAccessibleName('Wealth');
    });
  });

  test('a playlist shows its first 6 entries, a title naming "short" included', async ({ page }) => {
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs');
      const cards = resources(page).getByRole('tabpanel').getByRole('link');
      await expect(cards).toHaveCount(6);
      await expect(cards.nth(2)).toContainText('Mindset talk 3: a short pause');
      await expect(cards.nth(5)).toContainText('Mindset talk 6');
      await expect(resources(page).getByText('Mindset talk 7')).toHaveCount(0);
    });
  });

  test('previous and next buttons scroll the row by 320 px', async ({ page }) => {
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const row = resources(page).getByRole('tabpanel').getByRole('list');
      const scrollLeft = () => row.evaluate((el) => Math.round(el.scrollLeft));
      expect(await scrollLeft()).toBe(0);
      await resources(page).getByRole('button', { name: 'Next videos' }).click();
      await expect.poll(scrollLeft).toBe(320);
      await resources(page).getByRole('button', { name: 'Next videos' }).click();
      await expect.poll(scrollLeft).toBe(640);
      await resources(page).getByRole('button', { name: 'Previous videos' }).click();
      await expect.poll(scrollLeft).toBe(320);
    });
  });

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

test.describe('latest videos', () => {
  test('arrow keys select the next and previous video, wrapping at both ends', async ({ page }) => {
    // The page's timers run on a clock the test can move on; until then it runs as usual.
    await page.clock.install();
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const videos = await latestVideos(page);
      const shown = videos.slice(0, isPhone(page) ? 12 : videos.length);
      const list = recentList(page);
      await expect(list.getByRole('option')).toHaveCount(shown.length);
      const expectSelected = async (i: number) => {
        await expect(list.getByRole('option', { selected: true })).toContainText(shown[i]!.title);
        await expect(playerTitle(page)).toHaveText(shown[i]!.title);
      };
      await expect(latest(page).getByText('Now Playing')).toBeVisible();
      await expectSelected(0);
      await expect(latest(page).locator('.player-meta time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      await list.focus();
      await page.keyboard.press('ArrowDown');
      await expectSelected(1);
      await page.keyboard.press('ArrowRight');
      await expectSelected(2);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');
      await expectSelected(0);
      await page.keyboard.press('ArrowUp');
      await expectSelected(shown.length - 1);
      await page.keyboard.press('ArrowDown');
      await expectSelected(0);
      await list.getByRole('option').nth(3).click();
      await expectSelected(3);
      // The selection never changes on its own: a minute of the page's timers, run now, leaves it where it is.
      await page.clock.runFor(60_000);
      await renderedWhatTimersAskedFor(page);
      await expectSelected(3);
    });
  });

  test('shows the Recent Videos panel beside an 8-column player @desktop', async ({ page }) => {
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const section = latest(page);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(`Latest from ${site.brand}`);
      const subscribe = section.getByRole('link', { name: 'Subscribe on YouTube' });
      await expect(subscribe).toHaveAttribute('href', youtubeLinks.subscribe);
      await expect(subscribe).toHaveAttribute('target', '_blank');
      await expect(section.getByRole('heading', { name: 'Recent Videos' })).toBeVisible();
      const viewAll = section.getByRole('link', { name: /View all/ });
      await expect(viewAll).toHaveAttribute('href', youtubeLinks.videos);
      await expect(viewAll).toHaveAttribute('target', '_blank');
      const list = recentList(page);
      expect((await list.boundingBox())?.height).toBe(360);
      await expect(page.getByRole('listbox', { name: 'Recent videos strip' })).toBeHidden();
      const player = (await section.locator('.player').boundingBox())!;
      const panel = (await section.locator('.recent-panel').boundingBox())!;
      expect(player.x).toBeLessThan(panel.x);
      expect(player.width / panel.width).toBeGreaterThan(1.8);
    });
  });

  test('shows a horizontal strip of the first 12 videos instead of the panel @phone', async ({ page }) => {
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const strip = recentList(page);
      await expect(strip).toBeVisible();
      const count = await strip.getByRole('option').count();
      expect(count).toBeGreaterThan(1);
      expect(count).toBeLessThanOrEqual(12);
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expect(latest(page).getByRole('heading', { name: 'Recent Videos' })).toBeHidden();
      await expect(page.getByRole('listbox', { name: 'Recent videos', exact: true })).toBeHidden();
    });
  });

  test('the player is a facade: nothing from YouTube loads until play is pressed', async ({ page, baseURL }) => {
    const outside: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) outside.push(req.url());
    });
    // Chromium here has no internet: answer the embed with a stub so the frame loads cleanly.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await withFeeds({}, async () => {
      await gotoHydrated(page, '/', 'ResourceTabs', 'LatestVideos');
      const [first, second] = await latestVideos(page);
      await latest(page).scrollIntoViewIfNeeded();
      await expect(latest(page).locator('iframe')).toHaveCount(0);
      expect(outside).toEqual([]);

      await latest(page)
        .getByRole('button', { name: `Play video: ${first!.title}` })
        .click();
      const frame = latest(page).locator('iframe');
      await expect(frame).toHaveAttribute(
        'src',
        `https://www.youtube-nocookie.com/embed/${first!.id}?rel=0&modestbranding=1&playsinline=1&autohide=1&autoplay=1`,
      );
      await expect(frame).toHaveAttribute('title', `YouTube player: ${first!.title}`);
      await expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      await expect(frame).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture');

      await recentList(page).getByRole('option').nth(1).click();
      await expect(latest(page).locator('.player-frame')).toHaveClass(/is-switching/);
      await expect(frame).toHaveAttribute('src', new RegExp(`/embed/${second!.id}\\?`));
      expect(outside.every((u) => u.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
    });
  });
});

test.describe('feed states', () => {
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
