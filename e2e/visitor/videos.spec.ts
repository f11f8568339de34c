import { site, youtubeLinks } from '../../src/words/site';
import { expect, gotoHydrated, isPhone, renderedWhatTimersAskedFor, test } from '../support/test';
import { latest, latestVideos, playerTitle, recentList, resources } from '../support/feeds/videos';

// The videos as every page shows them: the YouTube stand-in's feeds, from the Worker's shared cache (warm, or cold
// until a page asks). Nothing here changes them, so these run beside the other journeys; the journeys that do
// change them are in e2e/feeds/.

test.describe('resources', () => {
  test('topic tabs follow the tabs pattern, Mindset first, with arrow, Home and End keys', async ({ page }) => {
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

  test('a playlist shows its first 6 entries, a title naming "short" included', async ({ page }) => {
    await gotoHydrated(page, '/', 'ResourceTabs');
    const cards = resources(page).getByRole('tabpanel').getByRole('link');
    await expect(cards).toHaveCount(6);
    await expect(cards.nth(2)).toContainText('Mindset talk 3: a short pause');
    await expect(cards.nth(5)).toContainText('Mindset talk 6');
    await expect(resources(page).getByText('Mindset talk 7')).toHaveCount(0);
  });

  test('previous and next buttons scroll the row by 320 px', async ({ page }) => {
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

test.describe('latest videos', () => {
  test('arrow keys select the next and previous video, wrapping at both ends @both', async ({ page }) => {
    // The page's timers run on a clock the test can move on; until then it runs as usual.
    await page.clock.install();
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

  test('shows the Recent Videos panel beside an 8-column player @desktop', async ({ page }) => {
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

  test('shows a horizontal strip of the first 12 videos instead of the panel @phone', async ({ page }) => {
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

  test('the player is a facade: nothing from YouTube loads until play is pressed', async ({ page, baseURL }) => {
    const outside: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(baseURL!) && !req.url().startsWith('data:')) outside.push(req.url());
    });
    // Chromium here has no internet: answer the embed with a stub so the frame loads cleanly.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
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
