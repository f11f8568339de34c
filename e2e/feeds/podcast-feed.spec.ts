import type { Page } from '@playwright/test';
import { site } from '../../src/words/site';
import { clearFeedsCache, withFeedsLock } from '../support/feeds/feeds';
import { configureStandin } from '../support/standins';
import { FIXTURE_NEWEST } from '../../tests/standins/feeds/podcast-rules.mjs';
import { expect, gotoHydrated, test, keepScreenshot } from '../support/test';

// The e2e server sets PODCAST_FEED_URL to the podcast stand-in, whose feed answers 404 until a journey turns it on
// (the other journeys see the published episodes). This one turns it on under the feeds lock, with the feeds
// cache emptied before and after, and runs with the feed journeys once the others are done (playwright.config.ts).
const PODCAST_HOST = `http://127.0.0.1:${process.env.STANDIN_PORT || 8790}/podcast/`;
const NEWEST = FIXTURE_NEWEST;

test.describe.configure({ timeout: 60_000 });

async function withPodcastFeed(fn: () => Promise<void>): Promise<void> {
  await withFeedsLock(async () => {
    await configureStandin('podcast', { mode: 'ok' });
    await clearFeedsCache();
    try {
      await fn();
    } finally {
      await configureStandin('podcast', { mode: 'absent' });
      await clearFeedsCache();
    }
  });
}

const listenTitles = (page: Page) => page.locator('#listen h3').allTextContents();

test('the Listen section shows the feed’s newest episodes; one plays in the site’s own player, the host asked only after the press', async ({
  page,
}, testInfo) => {
  await withPodcastFeed(async () => {
    const toHost: string[] = [];
    page.on('request', (request) => void (request.url().startsWith(PODCAST_HOST) && toHost.push(request.url())));

    // A cold cache shows the published episodes at once and fetches the feed meanwhile.
    await page.goto('/');
    expect(await listenTitles(page)).toEqual(site.episodes.map((e) => e.title));
    await expect
      .poll(async () => {
        await page.goto('/');
        return listenTitles(page);
      })
      .toEqual(NEWEST);

    await gotoHydrated(page, '/', 'PodcastPlayer');
    const listen = page.locator('#listen');
    await listen.scrollIntoViewIfNeeded();
    await expect(listen.locator('article')).toContainText('24 Nov 2026 · 34:12');
    await expect(listen.getByRole('list', { name: 'More episodes' }).locator(':scope > li').first()).toContainText(
      '17 Nov 2026 · 1:02:03',
    );
    const images = listen.locator('img');
    await expect(images).toHaveCount(6);
    for (const src of await images.evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? '')))
      expect(src).toMatch(/^\/podcast-art\/[0-9a-f]{24}$/);
    // The cover art arrived through this origin (a real PNG the browser decodes).
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(listen.locator('audio, iframe')).toHaveCount(0);
    expect(toHost, 'nothing asked of the podcast host before play').toEqual([]);

    const episode = NEWEST[1]!;
    await page.getByRole('button', { name: `Play episode: ${episode}` }).click();
    const dialog = page.getByRole('dialog', { name: episode });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveCount(0);
    const audio = dialog.locator('audio');
    await expect(audio).toHaveAttribute('controls', '');
    await expect(audio).toHaveAttribute('preload', 'none');
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      await el.play();
      if (!(el.duration > 0)) await new Promise((r) => el.addEventListener('durationchange', r, { once: true }));
      return { src: el.currentSrc, duration: el.duration };
    });
    expect(played.src).toBe(`${PODCAST_HOST}audio/ep47.ogg`);
    expect(played.duration).toBeGreaterThan(0);
    expect(toHost.length).toBeGreaterThan(0);
    expect(toHost.every((url) => url === `${PODCAST_HOST}audio/ep47.ogg`)).toBe(true);

    // Closing the pop-up leaves the episode playing, in the small player at the foot of the screen. (The stand-in's
    // audio lasts a second: looped, so that a pause seen below is the page's doing, not the episode's end.)
    await audio.evaluate((el: HTMLAudioElement) => void (el.loop = true));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const player = page.locator('audio');
    const paused = () => player.evaluate((el: HTMLAudioElement) => el.paused);
    await expect(player).toHaveCount(1);
    expect(await paused()).toBe(false);
    const mini = page.getByRole('region', { name: 'Podcast player' });
    await expect(mini).toContainText(episode);
    // The page's end stays reachable above the small player, and only while it is shown.
    const body = page.locator('body');
    await expect(body).toHaveCSS('padding-bottom', '72px');
    if (testInfo.project.name.startsWith('phone')) {
      await keepScreenshot(page, { path: testInfo.outputPath('podcast-mini-player-390.png') });
    }
    await mini.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect.poll(paused).toBe(true);
    await mini.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(paused).toBe(false);
    await expect(mini.getByRole('button', { name: 'Pause', exact: true })).toBeFocused();
    await mini.getByRole('button', { name: 'Stop and close player' }).click();
    await expect(page.locator('audio')).toHaveCount(0);
    await expect(mini).toHaveCount(0);
    await expect(body).toHaveCSS('padding-bottom', '0px');
    await expect(page.getByRole('button', { name: `Play episode: ${episode}` })).toBeFocused();
  });
});
