import type { Page } from '@playwright/test';

/** The test browser has no internet: the podcast host answers with a tiny local page instead. */
export async function stubPodcastHost(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  await page.route('https://open.spotify.com/**', (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' });
  });
  return loaded;
}
