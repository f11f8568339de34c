/**
 * Health at a phone's width (390 px) and a laptop's: each part of the site in the owners' words, in cards whose words
 * stay whole and inside them; a check that did not run says "Not checked yet", never "Working"; the developer's
 * words (settings, services) only under "Details for the developer".
 */
import { accessToken, signIn } from '../support/desk/desk';
import { brokenWordsAndSpill, elementsPastRightEdge } from '../support/overflow';
import { expect, test, keepScreenshot } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

async function checkedAt(): Promise<string | null> {
  const res = await fetch(`${BASE}/desk/health.json`, {
    headers: { 'Cf-Access-Jwt-Assertion': await accessToken({ email: 'priya@example.com' }) },
  });
  return ((await res.json()) as { checkedAt: string | null }).checkedAt;
}

/** The developer's words an owner does not use. */
const TECHNICAL = /\bD1\b|\bR2\b|ERASURE_KEY|GREEN|\b[A-Z]+_[A-Z_]+\b|Firestore|Graph API|Turnstile|binding/;

test('Health says in plain words what works, what was not checked and what to do @both', async ({ page }, info) => {
  test.setTimeout(60_000);
  // The self-check runs, as the cron runs it every 15 minutes (its answer comes before the check ends).
  const before = await checkedAt();
  expect((await fetch(`${BASE}/__scheduled?cron=*/15+*+*+*+*`)).status).toBe(200);
  await expect.poll(checkedAt, { timeout: 15_000 }).not.toBe(before);

  await signIn(page);
  await page.goto('/desk/health');
  await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
  const cards = page.locator('.desk-health-check');
  expect(await cards.count()).toBeGreaterThanOrEqual(10);

  // This server has no WhatsApp business account set: the templates were not checked, and the page says so.
  const templates = cards.filter({ has: page.getByRole('heading', { name: 'WhatsApp messages approved' }) });
  await expect(templates).toContainText('Not checked yet');
  await expect(templates).not.toContainText('Working');
  for (const card of await cards.all()) {
    const text = await card.innerText();
    expect(text.includes('Working') && text.includes('Not checked'), text).toBe(false);
  }
  await expect(cards.filter({ has: page.getByRole('heading', { name: 'Saving leads' }) })).toContainText(
    'New leads are saved the moment they arrive.',
  );

  // What shows is in the owners' words; the developer's are folded.
  expect(await page.locator('main').innerText()).not.toMatch(TECHNICAL);
  expect(await brokenWordsAndSpill(page, '.desk-health-check')).toEqual({ broken: [], spill: [] });
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`health-${info.project.name}.png`), fullPage: true });

  await templates.getByText('Details for the developer').click();
  await expect(templates.getByText(/WHATSAPP_BUSINESS_ACCOUNT_ID/)).toBeVisible();
  for (const summary of await page.locator('.desk-health-details summary').all()) {
    if (!(await summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open))) await summary.click();
  }
  expect((await brokenWordsAndSpill(page, '.desk-health-check')).spill).toEqual([]);
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`health-details-${info.project.name}.png`), fullPage: true });
});
