import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * The suite's `test`: every page records console errors, uncaught exceptions and
 * CSP violations, and the test fails if any occurred.
 */
export const test = base.extend<{ problems: string[] }>({
  // Each test is a distinct visitor: its own client address, so per-address rate
  // limits (CF-Connecting-IP; wrangler dev only fills it in when absent) apply per test.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    const visitor = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    await use({ ...extraHTTPHeaders, 'CF-Connecting-IP': visitor });
  },
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        // A failed resource names its address (after the message, which callers match by its start).
        const where = msg.text().startsWith('Failed to load resource') ? ` (${msg.location().url})` : '';
        if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}${where}`);
      });
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, 'no console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page and waits until the islands it loads at once have hydrated. Islands below the fold load
 * when they come near or are first touched: name the ones a test uses, and they are loaded (by a touch,
 * without scrolling) and waited for too.
 */
export async function gotoHydrated(page: Page, path: string, ...islands: string[]): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 });
  for (const name of islands) await hydrateIsland(page, name);
}

/**
 * Scrolls to the section of each form of island `name` still held until near (`<noscript data-later
 * data-put-in="near">`, client/forms-later.ts), as a visitor comes to it, and waits until the form is in. (The
 * enquiry's dialog, held until opened, comes with a press on an opener.)
 */
export async function comeToHeldForms(page: Page, name: string): Promise<void> {
  const held = page.locator(`noscript[data-later="${name}"][data-put-in="near"]`);
  for (let left = await held.count(); left > 0; left = await held.count()) {
    await held.first().evaluate((noscript) => noscript.closest('section')?.scrollIntoView());
    await expect.poll(() => held.count(), { timeout: 5_000 }).toBeLessThan(left);
  }
}

/**
 * Loads every island named `name` on the page and waits until each has hydrated: a pointer press inside it (as a first
 * touch would), and a click on no control of it (what starts a `touch` island: client/entry.tsx).
 */
export async function hydrateIsland(page: Page, name: string): Promise<void> {
  await comeToHeldForms(page, name);
  const markers = page.locator(`[data-island="${name}"]`);
  expect(await markers.count(), `islands named ${name}`).toBeGreaterThan(0);
  await markers.evaluateAll((els) =>
    els.forEach((el) => {
      el.dispatchEvent(new Event('pointerdown'));
      el.dispatchEvent(new Event('click'));
    }),
  );
  await expect(page.locator(`[data-island="${name}"]:not([data-hydrated])`)).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Resolves once no finite animation or transition is running on the page (or inside `within`): each is awaited,
 * then the page is asked again, since one ending can start another (a hover reached as a box moves under the
 * pointer). One replaced or cancelled on the way rejects its `finished`; that counts as ended, not as a failure.
 * One in a section the browser is not rendering (`content-visibility: auto`, far from the view) is not awaited:
 * Chromium does not advance those until the section renders again, so its `finished` may wait for ever, and nothing
 * of it can be seen or measured meanwhile. One that has not ended after 15 s fails the test by its name.
 */
export async function animationsSettled(page: Page, within?: string): Promise<void> {
  await page.evaluate(async (selector) => {
    const root: Document | Element = (selector && document.querySelector(selector)) || document;
    for (let round = 0; round < 20; round++) {
      const running = root
        .getAnimations({ subtree: true } as GetAnimationsOptions)
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .filter((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        });
      if (running.length === 0) return;
      const ended = Promise.all(running.map((a) => a.finished.catch(() => undefined))).then(() => true);
      const stuck = new Promise<boolean>((done) => setTimeout(() => done(false), 15_000));
      if (!(await Promise.race([ended, stuck]))) {
        const names = running.map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target;
          const what =
            a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : a.id;
          return `${what} on ${target?.tagName.toLowerCase()}.${target?.className} at ${String(a.currentTime)} ms`;
        });
        throw new Error(`animations still running after 15 s: ${names.join('; ')}`);
      }
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
  }, within);
}

/**
 * Resolves once React has rendered what the timers just run asked of it: it renders in tasks it posts as messages
 * (a long render in several, each posting the next), and a message posted after one of them is delivered after it.
 * A chain of ten such messages outlasts far more rendering than a small change of state takes.
 */
export async function renderedWhatTimersAskedFor(page: Page): Promise<void> {
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

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 900;
}

/**
 * Resolves once the page's IntersectionObservers have reported where every island's boxes are (the entry's
 * observer starts an island, synchronously in its callback, when one comes near). An observer made now reports
 * its first records in the same frame as the observers made before it, or a later one; all of a frame's records
 * are delivered in one task, so once that task has ended the earlier observers have had theirs. Call it after
 * <html data-hydrated> is set (the entry has run and made its observer).
 */
export async function islandObserversReported(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const boxes = Array.from(document.querySelectorAll('[data-island] > *'));
        if (boxes.length === 0) return resolve();
        const observer = new IntersectionObserver(() => {
          observer.disconnect();
          // The delivery task this callback runs in ends before the next task: the other observers' callbacks too.
          setTimeout(resolve, 0);
        });
        for (const box of boxes) observer.observe(box);
      }),
  );
}

/**
 * Which islands have started loading: those hydrated, and whether any started is still pending (the entry takes
 * <html data-hydrated> away while one is). Read at once, in the page, so an island cannot slip between the two.
 */
export function startedIslands(page: Page): Promise<{ hydrated: string[]; pending: boolean }> {
  return page.evaluate(() => ({
    hydrated: Array.from(
      document.querySelectorAll<HTMLElement>('[data-island][data-hydrated]'),
      (el) => el.dataset.island ?? '',
    ),
    pending: !document.documentElement.hasAttribute('data-hydrated'),
  }));
}

/**
 * For the tests of a describe block: the site's scripts (everything under /assets/ that ends in .js) fail to load
 * as a blocker would make them, after the HTML has arrived; the page's inline script still runs. The blocked
 * scripts are the only errors forgiven: anything else still fails the test.
 */
export function blockSiteScripts(): void {
  test.beforeEach(async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort('blockedbyclient'));
  });
  test.afterEach(({ problems }) => {
    for (let i = problems.length - 1; i >= 0; i--) {
      if (/Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/.test(problems[i]!)) problems.splice(i, 1);
    }
  });
}

/**
 * Holds the site's scripts on their way until `release()` is called: the page is in the state of a slow phone
 * whose scripts have not arrived yet. `asked()` counts the requests for them so far.
 */
export async function holdSiteScripts(page: Page): Promise<{ asked: () => number; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/assets/*.js', async (route) => {
    asked++;
    await held;
    await route.continue().catch(() => {});
  });
  return { asked: () => asked, release };
}

/** The folder for the screenshots a journey keeps for a note (E2E_SCREENSHOTS=1): E2E_SHOTS_DIR, else test-results/shots. */
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? 'test-results/shots';

/** Where a kept screenshot goes: E2E_SHOTS_DIR when set (for a note), else the test's output folder. */
export const shotPath = (info: TestInfo, name: string) =>
  `${process.env.E2E_SHOTS_DIR ?? info.outputPath('')}/${name}-${info.project.name}.png`;

/**
 * A screenshot for a person to look at (the desk at 390 px, a page after a change), kept in the test's output folder
 * when `E2E_SCREENSHOTS=1`. No test reads it, so `npm test` skips it: a full-page PNG at the phone's pixel density
 * costs the browser up to a second of processor time, and the suite takes about forty.
 */
export async function keepScreenshot(
  target: Pick<Page, 'screenshot'> | Pick<Locator, 'screenshot'>,
  options: { path: string; fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } },
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await target.screenshot(options);
}
