import type { Page } from '@playwright/test';
import { site } from '../../src/words/site';
import { stubPodcastHost } from '../support/feeds/podcast';
import { expect, gotoHydrated, test } from '../support/test';

const [featured, ...others] = site.episodes;

const playerDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

test.describe('listen', () => {
  test('shows the featured episode with its meta line and the five others, each with a play button', async ({
    page,
  }) => {
    await gotoHydrated(page, '/', 'PodcastPlayer');
    const listen = page.locator('#listen');
    await expect(listen.getByRole('heading', { level: 2, name: 'Listen' })).toBeVisible();
    const card = listen.locator('article');
    await expect(card.getByRole('heading', { name: featured!.title })).toBeVisible();
    await expect(card).toContainText(site.listen.featuredMeta);
    await expect(card).toContainText('28 Oct 2026');
    for (const tag of featured!.tags) await expect(card.getByRole('listitem').filter({ hasText: tag })).toBeVisible();

    const rows = listen.getByRole('list', { name: 'More episodes' }).locator(':scope > li');
    await expect(rows).toHaveCount(5);
    for (const [i, episode] of others.entries()) {
      await expect(rows.nth(i).getByRole('heading', { name: episode.title })).toBeVisible();
      await expect(rows.nth(i).locator('time')).toHaveAttribute('datetime', episode.date);
      await expect(rows.nth(i).locator('img')).toHaveAttribute('src', episode.image);
    }
    await expect(listen.getByRole('button', { name: /^Play episode: / })).toHaveCount(6);
  });

  test('"Explore Episodes" opens the show page in a new tab', async ({ page }) => {
    await gotoHydrated(page, '/', 'PodcastPlayer');
    const link = page.locator('#listen').getByRole('link', { name: /Explore Episodes/ });
    await expect(link).toHaveAttribute('href', site.listen.showUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  });

  test('a play button opens the player modal; no player loads before that', async ({ page }) => {
    const loaded = await stubPodcastHost(page);
    await gotoHydrated(page, '/', 'PodcastPlayer');
    await expect(page.locator('#listen iframe')).toHaveCount(0);
    expect(loaded).toEqual([]);

    const episode = others[1]!;
    const play = page.getByRole('button', { name: `Play episode: ${episode.title}` });
    await play.click();
    const dialog = playerDialog(page, episode.title);
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', episode.link);
    await expect(frame).toHaveAttribute('height', '232');
    await expect(frame).toHaveAttribute('width', '100%');
    await expect(frame).toHaveAttribute('title', `Podcast player: ${episode.title}`);
    await expect(frame).toHaveAttribute('allow', /autoplay.*encrypted-media/);
    // Polled: the dialog opens with a slight scale (modal-in), so a box read during it is a pixel or so short.
    await expect.poll(async () => Math.round((await frame.boundingBox())!.height)).toBe(232);
    await expect.poll(() => loaded).toEqual([episode.link]);
    await expect.poll(() => scrollLocked(page)).toBe(true);
  });

  test('the player modal closes on its button, a backdrop click and Escape; the player goes on in a small player until stopped', async ({
    page,
  }) => {
    const loaded = await stubPodcastHost(page);
    await gotoHydrated(page, '/', 'PodcastPlayer');
    const episode = featured!;
    const play = page.getByRole('button', { name: `Play episode: ${episode.title}` });
    const dialog = playerDialog(page, episode.title);
    const mini = page.getByRole('region', { name: 'Podcast player' });
    const close: Record<string, () => Promise<void>> = {
      button: () => dialog.getByRole('button', { name: 'Close player' }).click(),
      backdrop: () => page.mouse.click(4, 4),
      Escape: () => page.keyboard.press('Escape'),
    };
    for (const [how, act] of Object.entries(close)) {
      await play.click();
      await expect(dialog, how).toBeVisible();
      await expect(dialog.locator('iframe')).toHaveAttribute('src', episode.link);
      await act();
      await expect(dialog, how).toBeHidden();
      await expect(play, how).toBeFocused();
      await expect.poll(() => scrollLocked(page), { message: how }).toBe(false);
      // The provider's player is kept (hidden), so what it plays goes on; the small player names the episode.
      await expect(page.locator('iframe'), how).toHaveCount(1);
      await expect(mini, how).toBeVisible();
      await expect(mini, how).toContainText(episode.title);
      // The page cannot pause the provider's player: the small player offers to open it again, or to stop.
      await expect(mini.getByRole('button', { name: 'Pause', exact: true })).toHaveCount(0);
      await mini.getByRole('button', { name: 'Open player' }).click();
      await expect(dialog, how).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog, how).toBeHidden();
      await expect(mini.getByRole('button', { name: 'Open player' })).toBeFocused();
      await mini.getByRole('button', { name: 'Stop and close player' }).click();
      await expect(page.locator('iframe'), how).toHaveCount(0);
      await expect(mini, how).toHaveCount(0);
      await expect(play, how).toBeFocused();
    }
    // Each press of play loaded the player once; opening it again from the small player did not reload it.
    expect(loaded).toEqual([episode.link, episode.link, episode.link]);
  });
});

test('the podcast dialog always has a heading: the featured episode before any choice, then the last chosen', async ({
  page,
}) => {
  await stubPodcastHost(page);
  await gotoHydrated(page, '/');
  const heading = page.locator('#podcast-title');
  await expect(heading).toHaveText(featured!.title);
  const episode = others[2]!;
  await page.getByRole('button', { name: `Play episode: ${episode.title}` }).click();
  await expect(playerDialog(page, episode.title)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(playerDialog(page, episode.title)).toBeHidden();
  await expect(heading).toHaveText(episode.title);
});
