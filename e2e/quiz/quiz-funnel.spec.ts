import type { Browser, Page } from '@playwright/test';
import { overflowX, signIn } from '../support/desk/desk';
import { uniqueEmail } from '../support/leads';
import { expect, holdSiteScripts, test, keepScreenshot } from '../support/test';

/** A visitor of their own: a client address nobody else uses (visits count per address and browser). */
const address = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::7`;

/**
 * A new visitor in a browser context of its own (the viewport of the test's project), whose console errors, page
 * errors and CSP violations fail the test as the suite's own page's do; and the steps it reports to /api/funnel.
 */
async function visitor(browser: Browser, page: Page, problems: string[]) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    extraHTTPHeaders: { 'CF-Connecting-IP': address() },
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const tab = await context.newPage();
  tab.on('console', (msg) => msg.type() === 'error' && problems.push(`console.error: ${msg.text()}`));
  tab.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  const reported: number[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/funnel' && request.method() === 'POST') {
      reported.push((request.postDataJSON() as { step: number }).step);
    }
  });
  return { context, tab, reported };
}

async function expectStep(tab: Page, n: number) {
  await expect(tab.getByRole('heading', { level: 1, name: `Step ${n} of 4` })).toBeVisible();
}

/** Takes the whole quiz with the island running, step by step, and sends it. */
async function takeQuiz(tab: Page, source: string, email: string) {
  await tab.goto(`/quiz?utm_source=${source}`);
  await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expectStep(tab, 1);
  // The first answer is taken by the page's inline script, which starts the island; the island reports it when it
  // arrives. A press while React takes over would be a plain form post (the server counts that step itself), so
  // the journey waits for the island before its next press.
  await tab.getByRole('button', { name: 'Health' }).click();
  await expectStep(tab, 2);
  await tab.locator('[data-island="QuizWizard"][data-hydrated]').waitFor({ state: 'attached' });
  await tab.getByRole('button', { name: '26-39' }).click();
  await expectStep(tab, 3);
  // Back and forward again: the steps already reached are not reported again.
  await tab.getByRole('button', { name: 'Back' }).click();
  await expectStep(tab, 2);
  await tab.getByRole('button', { name: 'Next step' }).click();
  await expectStep(tab, 3);
  await tab.getByRole('button', { name: 'I know a little' }).click();
  await expectStep(tab, 4);
  await tab.getByLabel('First name').fill('Asha');
  await tab.getByLabel('Last name').fill('Verma');
  await tab.getByLabel('Email').fill(email);
  await tab.getByRole('button', { name: 'Submit' }).click();
  await expect(tab).toHaveURL(/\/\?recommended=[a-z,-]+#programs$/);
}

/** The Numbers page's funnel: opened, step 2, step 3, finished, then the quiz leads. */
async function numbersFunnel(page: Page): Promise<number[]> {
  await page.goto('/desk/numbers');
  const cells = page.locator('table.numbers-funnel tr td:nth-child(2)');
  return (await cells.allInnerTexts()).map(Number);
}

/** The Sources page's funnel of all sources for 30 days: each step reached (the quiz's table), then the quiz leads. */
async function sourcesFunnel(page: Page, source?: string): Promise<number[]> {
  await page.goto(source ? `/desk/sources?days=30&source=${source}` : '/desk/sources?days=30');
  const steps = (await page.locator('.sources-steps tbody tr td:nth-child(2)').allInnerTexts()).map(Number);
  const header = (await page.locator('.sources-table thead th').allInnerTexts()).map((t) => t.trim());
  const row = page.locator(source ? `.sources-table tbody tr[data-source="${source}"]` : '.sources-table tfoot tr');
  const counts = (await row.first().locator('td .sources-count').allInnerTexts()).map(Number);
  const cell = (name: RegExp) => counts[header.findIndex((h) => name.test(h)) - 1]!;
  return [...steps, cell(/^quiz finished$/i), cell(/^quiz leads$/i), cell(/^quiz opened$/i)];
}

test.describe('the quiz funnel, taken in a browser with JavaScript', () => {
  test('three quizzes sent and one left at step 3: each step counted once, Sources and Numbers agree', async ({
    page,
    browser,
    problems,
  }, info) => {
    test.setTimeout(150_000);
    const source = `e2e-funnel-${info.project.name}-${Date.now().toString(36)}`;
    const visitors = [];
    for (let i = 0; i < 3; i++) {
      const v = await visitor(browser, page, problems);
      await takeQuiz(v.tab, source, uniqueEmail(`funnel-${i}`));
      visitors.push(v);
    }
    // A fourth visitor taps before the scripts arrive (the page's inline script moves the quiz), then the island
    // takes over, goes to step 3, back and forward, and the visitor leaves there.
    const late = await visitor(browser, page, problems);
    const { release } = await holdSiteScripts(late.tab);
    await late.tab.goto(`/quiz?utm_source=${source}`, { waitUntil: 'domcontentloaded' });
    await late.tab.getByRole('button', { name: 'Wealth' }).click();
    await expectStep(late.tab, 2);
    release();
    await late.tab.locator('[data-island="QuizWizard"][data-hydrated]').waitFor();
    await late.tab.getByRole('button', { name: '40-55' }).click();
    await expectStep(late.tab, 3);
    await late.tab.getByRole('button', { name: 'Back' }).click();
    await late.tab.getByRole('button', { name: 'Next step' }).click();
    await expectStep(late.tab, 3);
    // Each step after the first reported once (step 1 is the view of /quiz, counted by the server).
    await expect.poll(() => late.reported).toEqual([2, 3]);
    visitors.forEach((v, i) => expect(v.reported, `the steps visitor ${i + 1} reported`).toEqual([2, 3, 4]));
    for (const v of [...visitors, late]) await v.context.close();

    await signIn(page);
    // Steps 1..4 reached, finished, quiz leads, opened: counted after each answer, so polled.
    await expect(async () => {
      expect(await sourcesFunnel(page, source)).toEqual([4, 4, 4, 3, 3, 3, 4]);
    }).toPass({ timeout: 30_000 });
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const shot = info.outputPath(`sources-funnel-${info.project.name}.png`);
    await keepScreenshot(page, { path: shot, fullPage: true });

    // Numbers shows the Sources page's counts for the same 30 days: opened, steps 2–3, finished, quiz leads. Other
    // journeys take the quiz meanwhile, so the two are read again until they come from the same moment.
    await expect(async () => {
      const [numbers, all] = [await numbersFunnel(page), await sourcesFunnel(page)];
      expect(numbers).toEqual([...all.slice(0, 4), all[5]]);
      expect(all[0]).toBe(all[6]);
      expect(all[3]).toBe(all[4]);
      expect(numbers.slice(0, 3).every((n) => n >= 4)).toBe(true);
    }).toPass({ timeout: 30_000 });
    await keepScreenshot(page, { path: info.outputPath(`numbers-funnel-${info.project.name}.png`), fullPage: true });
  });
});
