import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * What a slow phone's main thread is spared while / loads (issue 58): the browser reads the page's forms for autofill
 * as DOMContentLoaded is dispatched, and for a form in a section below the first view that read would lay the whole
 * section out; and the browser renders what is within one and a half screens of the view, which on a phone would be
 * About's words and Programs' cards too. Each waits until it is near, and nothing the visitor sees moves for it.
 */

/** Records, at DOMContentLoaded, which forms are out of the layout for autofill's read (client/autofill-hold.ts). */
async function recordHeldForms(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { heldAtDcl: string[] };
    document.addEventListener('DOMContentLoaded', () => {
      w.heldAtDcl = Array.from(document.forms)
        .filter((form) => form.hasAttribute('data-autofill-hold'))
        .map((form) => form.className);
    });
  });
}

const heldAtDcl = (page: Page) => page.evaluate(() => (window as unknown as { heldAtDcl: string[] }).heldAtDcl);
const held = (page: Page) => page.locator('form[data-autofill-hold]');

/** Whether the element is rendered, not skipped by its own or a section's `content-visibility: auto`. */
const rendered = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

test.describe('the first view of / @both', () => {
  test('the forms below the first view are out of the layout for the browser’s read of the forms only', async ({
    page,
  }) => {
    await recordHeldForms(page);
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // At DOMContentLoaded the newsletter's form, far below, was held (with the enquiry form, in a closed dialog and
    // hidden anyway, and a free guide's form when one is published).
    expect(await heldAtDcl(page)).toContain('email-form newsletter-form');
    // The next task gave them back: the form is there, and works, when the visitor comes to it.
    await expect(held(page)).toHaveCount(0);
    const form = page.locator('#newsletter form');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible();
    await expect(page.locator('[data-island="NewsletterForm"]')).toHaveAttribute('data-hydrated', '');
    await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#newsletter-message')).toHaveText('Please enter a valid email.');
  });

  test('a form in view when the page opens is never taken out of the layout', async ({ page }) => {
    await recordHeldForms(page);
    // Arriving at the newsletter (the page renders every section for an address's target): no form is held.
    await page.goto('/#newsletter');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await heldAtDcl(page)).toEqual([]);
    await expect(page.locator('#newsletter')).toBeInViewport();
    expect(await rendered(page, '#newsletter form')).toBe(true);
    // Every section and every held part is rendered for a target, so the scroll lands where the target really is.
    const held = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.section, .site-footer, .about-copy, .program-grid, .benefit-grid'))
        .filter((el) => getComputedStyle(el).contentVisibility !== 'visible')
        .map((el) => el.id || el.className),
    );
    expect(held).toEqual([]);
  });

  test('what is further than the first view renders as it nears, and nothing on the screen moves for it', async ({
    page,
    isMobile,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number };
      w.shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) w.shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const frames = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await frames();
    // The portrait beside About's words is rendered with the first view.
    expect(await rendered(page, '#about .about-art svg')).toBe(true);
    if (isMobile) {
      // On a phone, About's words and Programs' cards are not yet (a laptop's screen shows them at once).
      expect(await rendered(page, '#about .about-copy h2')).toBe(false);
      expect(await rendered(page, '#programs .program-card')).toBe(false);
    }
    // Scrolled down half a screen at a time, as a visitor reads: each renders while it is still below the screen.
    const height = await page.evaluate(() => window.innerHeight);
    for (const selector of ['#about .about-copy h2', '#programs .program-card']) {
      for (let step = 0; step < 12 && !(await rendered(page, selector)); step++) {
        await page.evaluate((by) => window.scrollBy(0, by), height / 2);
        await frames();
      }
      expect(await rendered(page, selector), `${selector} rendered`).toBe(true);
      const top = await page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
      if (isMobile) expect(top, `${selector} below the screen when it rendered`).toBeGreaterThan(height);
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      await frames();
    }
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift), 'layout shift').toBeLessThan(
      0.05,
    );
  });
});
