/**
 * Free guides counted on the desk: with the sample guide published, a reader asks for it from a source of their own,
 * confirms and downloads it twice, and a second reader asks and never confirms (both through the dev route that
 * stores a request as the form and its links would). /desk/sources shows the source's requests, confirmations and
 * downloads with nothing past the screen's edge, and the reader's subscription page shows the guide they took.
 */
import { deskGuides } from '../../src/words/guides/desk-guides';
import { signIn } from '../support/desk/desk';
import { uniqueEmail } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { expect, keepScreenshot, test } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** Posts a dev-only route of the Worker (development only, local requests only: src/dev-routes.ts). */
async function dev(path: string, body?: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

test.beforeAll(async () => {
  await dev('/__dev/guides/seed');
});

test('@both a guide’s requests, confirmations and downloads show per source, and on the subscriber’s page', async ({
  page,
}, info) => {
  const width = info.project.name;
  // A source of this run's own, so the counts are this test's alone.
  const source = `guide-${width}-${crypto.randomUUID().slice(0, 6)}`;
  const reader = uniqueEmail('guide-reader');
  const taken = await dev('/__dev/guides/request', { email: reader, source, confirmed: true, downloads: 2 });
  await dev('/__dev/guides/request', { email: uniqueEmail('guide-asker'), source });

  await signIn(page);
  await page.goto('/desk/sources?days=7');
  const section = page.getByRole('region', { name: deskGuides.sources.title, exact: true });
  await expect(section.getByRole('heading', { name: deskGuides.sources.title })).toBeVisible();
  const row = section.locator(`tr[data-source="${source}"]`);
  await expect(row.getByRole('rowheader', { name: source })).toBeVisible();
  const c = deskGuides.sources.columns;
  await expect(row.locator(`td[data-label="${c.guide}"]`)).toHaveText('The Five-Minute Reset');
  await expect(row.locator(`td[data-label="${c.requests}"]`)).toHaveText('2');
  await expect(row.locator(`td[data-label="${c.confirmations}"]`)).toHaveText('1');
  await expect(row.locator(`td[data-label="${c.downloads}"]`)).toHaveText('2');
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on Sources').toEqual([]);
  await section.scrollIntoViewIfNeeded();
  await keepScreenshot(section, { path: info.outputPath(`guide-counts-sources-${width}.png`) });

  await page.goto(`/desk/leads/newsletter/${String(taken.subscriptionId)}`);
  const card = page.getByRole('region', { name: deskGuides.taken.title, exact: true });
  await expect(card.getByText('The Five-Minute Reset')).toBeVisible();
  await expect(card.getByText(deskGuides.taken.downloads(2))).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the subscriber’s page').toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`guide-counts-subscriber-${width}.png`), fullPage: true });
});
