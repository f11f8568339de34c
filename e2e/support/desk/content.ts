import type { Page } from '@playwright/test';
import { deskContent as copy } from '../../../src/words/site-content/desk-content';
import { withLock } from '../lock';
import { expect } from '../test';

// The owners' site content on the desk, for the journeys that edit it: they share one server and one draft, so each
// edits it holding one lock and leaves the version it found live.

/** Each run edits the one draft alone: a whole run may take minutes on a busy machine. */
export const withContentLock = <T>(fn: () => Promise<T>) =>
  withLock('site-content-e2e', { staleMs: 200_000, waitMs: 240_000 }, fn);

/** The version live now, as the editor's list marks it (null: nothing published yet). */
export async function liveVersion(page: Page): Promise<number | null> {
  await page.goto('/desk/content');
  const live = page.locator('.desk-content-versions h3', { hasText: copy.live });
  if ((await live.count()) === 0) return null;
  return Number((await live.textContent())!.match(/\d+/)![0]);
}

/** Fills the part's new item and saves it; a save another owner beat (409) opens the form again and retries. */
export async function addItem(page: Page, part: string, fill: (item: ReturnType<Page['getByRole']>) => Promise<void>) {
  for (let attempt = 0; ; attempt++) {
    await page.goto(`/desk/content/${part}`);
    await fill(page.getByRole('group', { name: copy.newItem, exact: true }));
    // A list's form has the save button at its top and its end.
    await page.getByRole('button', { name: copy.save }).first().click();
    if (page.url().endsWith(`/desk/content?saved=${part}`) || attempt === 2) break;
  }
  await expect(page).toHaveURL(new RegExp(`/desk/content\\?saved=${part}$`));
  await expect(page.getByText(copy.saved)).toBeVisible();
}

/** Presses a publish button of the content page (the draft's, or an earlier version's); the version it made. */
export async function publish(page: Page, button: string): Promise<number> {
  await page.goto('/desk/content');
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/desk\/content\?published=\d+$/);
  return Number(new URL(page.url()).searchParams.get('published'));
}

/** The landing page once it shows (or no longer shows) `text` in `section`: a publish is live within a minute. */
export async function landingShows(page: Page, section: string, text: string, shown = true) {
  await expect(async () => {
    await page.goto('/');
    const where = page.locator(section);
    if (shown) await expect(where).toContainText(text, { timeout: 1000 });
    else await expect(page.locator('body')).not.toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 75_000 });
}
