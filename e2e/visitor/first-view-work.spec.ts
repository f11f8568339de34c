import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from '../support/test';

/**
 * What the first view leaves undone (decision 036). On a phone with no GPU to spare, every frame the page makes
 * while it loads is composited and drawn on the same cores that parse and lay it out; and React's start is the
 * largest task a page runs. So the page does not animate anything as it opens, the header draws its blur only once
 * there is something under it, and the quiz's React starts on the visitor's first touch, not on its own.
 */

/** Records, from the first frame, every keyframe animation that runs on the page (transitions answer a change). */
async function recordAnimations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<Animation>();
    const names: string[] = [];
    (window as unknown as { animationsSeen: string[] }).animationsSeen = names;
    const poll = () => {
      for (const animation of document.getAnimations()) {
        if (seen.has(animation)) continue;
        seen.add(animation);
        if (animation instanceof CSSTransition) continue;
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name = animation instanceof CSSAnimation ? animation.animationName : 'script';
        names.push(`${name} on ${target?.tagName.toLowerCase() ?? '?'}.${target?.className ?? ''}`);
      }
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
}

const animationsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { animationsSeen: string[] }).animationsSeen);

/** The header's translucent background's backdrop filter, as the browser computes it. */
const headerBlur = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('header.site-header')!, '::before').backdropFilter);

for (const path of ['/', '/quiz']) {
  test(`${path} opens without an animation`, async ({ page }) => {
    await recordAnimations(page);
    await gotoHydrated(page, path);
    // Two more frames: anything the last island's start set off has been seen by the recorder.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await animationsSeen(page)).toEqual([]);
  });
}

test('the header blurs what is under it only once the page has scrolled', async ({ page }) => {
  await gotoHydrated(page, '/');
  const header = page.locator('header.site-header');
  expect(await headerBlur(page)).toBe('none');
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveClass(/is-scrolled/);
  expect(await headerBlur(page)).toBe('saturate(1.4) blur(8px)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveClass(/is-scrolled/);
  expect(await headerBlur(page)).toBe('none');
});

/** The files of the quiz island's code, as the build wrote them into the page's boot script. */
function quizFiles(): string[] {
  const { boot } = JSON.parse(readFileSync(new URL('../../src/generated/assets.json', import.meta.url), 'utf8')) as {
    boot: string;
  };
  return /QuizWizard:\[([^\]]*)\]/.exec(boot)?.[1]?.match(/\/assets\/[\w-]+\.js/g) ?? [];
}

test('the quiz’s code arrives after the paint, and its React starts once the first answer is shown', async ({
  page,
}) => {
  await recordAnimations(page);
  // Every island the page started has hydrated by then: the quiz is not one of them.
  await gotoHydrated(page, '/quiz');
  const island = page.locator('[data-island="QuizWizard"]');
  const files = quizFiles();
  expect(files.length, 'the quiz island’s files in the boot script').toBeGreaterThan(1);
  // Preloaded one file per task once the page has painted: each arrives in turn.
  const fetched = () =>
    page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
  await expect.poll(fetched, { message: 'the quiz island’s files, fetched' }).toEqual(expect.arrayContaining(files));
  await expect(island).not.toHaveAttribute('data-react');
  await expect(island).not.toHaveAttribute('data-hydrated');

  await page.getByRole('button', { name: 'Wealth' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2 of 4' })).toBeFocused();
  await expect(island).toHaveAttribute('data-hydrated', '');
  // React took over on the step reached, with the focus where it was.
  await expect(page.getByRole('heading', { level: 1, name: 'Step 2 of 4' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Wealth' })).toHaveCount(0);

  // A step the visitor moves to slides in; nothing moved before.
  expect(await animationsSeen(page)).toEqual([]);
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Step 3 of 4' })).toBeFocused();
  await expect.poll(() => animationsSeen(page)).toEqual(['quiz-step-in on form.quiz-step']);
});

test('on the contact step the server showed, typing starts the quiz’s React and keeps what was typed', async ({
  page,
}) => {
  await gotoHydrated(page, '/quiz');
  // The contact step as a page of its own (a plain post from the last choice step, as without the scripts).
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form.quiz-step')!;
    form.querySelector<HTMLInputElement>('input[name="step"]')!.value = '2';
    form.requestSubmit(form.querySelector<HTMLButtonElement>('button[name="go"][value="next"]'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Step 4 of 4' })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const island = page.locator('[data-island="QuizWizard"]');
  await expect(island).not.toHaveAttribute('data-react');

  await page.getByLabel('First name').pressSequentially('Asha');
  await expect(island).toHaveAttribute('data-hydrated', '');
  await expect(page.getByLabel('First name')).toHaveValue('Asha');
});

test('a section left pending in the tab is finished only by a visit from the site’s own page', async ({ page }) => {
  // A section link on /quiz keeps its section in sessionStorage for the landing page. A visit to / from anywhere else
  // does not look (the first read of the tab's storage waits for the browser process, in the load's own task):
  // the page opens at its top and the section stays pending.
  await page.goto('/privacy');
  await page.evaluate(() => sessionStorage.setItem('nav:section', 'listen'));
  await gotoHydrated(page, '/');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('nav:section'))).toBe('listen');
  // From one of its own pages (the logo on /privacy) the landing page finishes it: the address, then the scroll.
  await page.goto('/privacy');
  await page.locator('header.site-header a.logo').click();
  await expect(page).toHaveURL(/\/#listen$/);
  await expect
    .poll(() => page.locator('#listen').evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
      timeout: 10_000,
    })
    .toBeLessThanOrEqual(80);
  expect(await page.evaluate(() => sessionStorage.getItem('nav:section'))).toBeNull();
});
