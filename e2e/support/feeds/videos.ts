import { expect, type Page } from '@playwright/test';
import { isPhone } from '../test';

/** The videos sections of /, as e2e/visitor/videos.spec.ts and e2e/feeds/feed-states.spec.ts look at them. */

export type Video = { id: string; title: string; published: string };

/** The latest videos as the Worker serves them to the islands. */
export async function latestVideos(page: Page): Promise<Video[]> {
  const res = await page.request.get('/api/videos');
  return ((await res.json()) as { videos: { latest: { items: Video[] } } }).videos.latest.items;
}

export const recentList = (page: Page) =>
  page.getByRole('listbox', { name: isPhone(page) ? 'Recent videos strip' : 'Recent videos', exact: true });
export const resources = (page: Page) => page.locator('#resources');
export const latest = (page: Page) => page.locator('#latest');
export const playerTitle = (page: Page) => latest(page).getByRole('heading', { level: 3 }).first();
/** Where the feed's state shows: the Recent Videos panel on large screens, the strip area on small ones. */
export const feedState = (page: Page) => latest(page).locator(isPhone(page) ? '.strip-area' : '.recent-panel');
/** On small screens the Recent Videos panel is hidden whatever state the feed is in. */
export const expectPanelHiddenOnPhone = async (page: Page) => {
  if (isPhone(page)) await expect(latest(page).locator('.recent-panel')).toBeHidden();
  else await expect(latest(page).locator('.strip-area')).toBeHidden();
};
