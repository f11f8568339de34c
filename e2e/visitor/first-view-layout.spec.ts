import type { Page } from '@playwright/test';
import { expect, holdSiteScripts, test } from '../support/test';

/**
 * What a slow phone's main thread is spared while / loads (issue 58): the browser reads the page's forms for autofill
 * as DOMContentLoaded is dispatched, laying out each field, so the forms below the first view are put in only as their
 * section nears (client/forms-later.ts); and the browser renders what is within one and a half screens of the view,
 * which on a phone would be About's words and Programs' cards too. Each waits until it is near, and nothing the
 * visitor sees moves for it.
 */

interface AtDcl {
  forms: string[];
  /** The islands whose forms were still held for later, by name. */
  held: string[];
  /** Those of them the browser would draw (what is inside a `<noscript>` is text to a browser that runs scripts). */
  drawn: string[];
}

/** Records, at DOMContentLoaded, the forms in the page and the forms still held for later. */
async function recordFormsAtDcl(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { atDcl: AtDcl };
    document.addEventListener('DOMContentLoaded', () => {
      const held = Array.from(document.querySelectorAll('noscript[data-later]'));
      const name = (el: Element) => el.getAttribute('data-later') ?? '';
      w.atDcl = {
        forms: Array.from(document.forms, (form) => form.className),
        held: held.map(name),
        drawn: held.filter((el) => getComputedStyle(el).display !== 'none').map(name),
      };
    });
  });
}

const atDcl = (page: Page) => page.evaluate(() => (window as unknown as { atDcl: AtDcl }).atDcl);
const held = (page: Page) => page.locator('noscript[data-later]');

/** Whether the element is rendered, not skipped by its own or a section's `content-visibility: auto`. */
const rendered = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));

/** Every section and held part that is not rendered in full (content-visibility other than visible). */
const unrenderedParts = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('.section, .site-footer, .about-copy, .program-grid'))
      .filter((el) => getComputedStyle(el).contentVisibility !== 'visible')
      .map((el) => el.id || el.className),
  );

/** How far the target's top is from where a scroll to it puts it (below the sticky header), in px. */
const offTarget = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((el) => Math.abs(el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop)));

test.describe('the first view of / @both', () => {
  test('the forms below the first view are put in only as their section nears, and then work', async ({ page }) => {
    await recordFormsAtDcl(page);
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // At DOMContentLoaded the newsletter's form, far below, was not in the page, nor a free guide's when one is
    // offered, nor the enquiry's in its closed dialog: the page had no form at all.
    const first = await atDcl(page);
    expect(first.forms).toEqual([]);
    expect(first.held).toContain('NewsletterForm');
    expect(first.held).toContain('EnquiryModal');
    expect(first.drawn).toEqual([]);
    // With the islands' code running, both are still held: the enquiry's dialog comes when an opener is pressed
    // (client/forms-later.ts; the enquiry's own tests open it from each).
    await expect(page.locator('noscript[data-later="EnquiryModal"]')).toHaveCount(1);
    await expect(page.locator('dialog#contact')).toHaveCount(0);
    await expect(page.locator('noscript[data-later="NewsletterForm"]')).toHaveCount(1);
    await expect(page.locator('#newsletter form')).toHaveCount(0);
    // Coming near, the form is in before its section is on the screen, and works.
    const height = await page.evaluate(() => window.innerHeight);
    for (let step = 0; step < 40 && (await page.locator('#newsletter form').count()) === 0; step++) {
      await page.evaluate((by) => window.scrollBy(0, by), height / 2);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    const top = await page.locator('#newsletter').evaluate((el) => el.getBoundingClientRect().top);
    expect(top, 'the newsletter section below the screen when its form came').toBeGreaterThan(height);
    const form = page.locator('#newsletter form');
    await form.scrollIntoViewIfNeeded();
    await expect(form).toBeVisible();
    await expect(page.locator('[data-island="NewsletterForm"]')).toHaveAttribute('data-hydrated', '');
    await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.locator('#newsletter-message')).toHaveText('Please enter a valid email.');
  });

  test('arriving at a section, on a reload, or at the first key press, every form is in at once', async ({ page }) => {
    await recordFormsAtDcl(page);
    // Arriving at the newsletter (where a plain post comes back): every form is there for DOMContentLoaded.
    await page.goto('/#newsletter');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const arrived = await atDcl(page);
    expect(arrived.forms).toContain('email-form newsletter-form');
    expect(arrived.held).toEqual([]);
    await expect(page.locator('#newsletter')).toBeInViewport();
    expect(await rendered(page, '#newsletter form')).toBe(true);
    // Every section and every held part is rendered for a target, so the scroll lands where the target really is.
    expect(await unrenderedParts(page)).toEqual([]);
    await expect.poll(() => offTarget(page, '#newsletter')).toBeLessThanOrEqual(1);
    // From the top, the first key press (Tab's order, End) puts them in before the browser moves.
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('noscript[data-later="NewsletterForm"]')).toHaveCount(1);
    await page.keyboard.press('End');
    await expect(held(page)).toHaveCount(0);
    await expect(page.locator('#newsletter form')).toHaveCount(1);
    // A reload (the browser puts the visitor back where they were, at the forms now): the forms held until near are
    // in before DOMContentLoaded; the enquiry's closed dialog still comes after the first paint.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect((await atDcl(page)).held).toEqual(['EnquiryModal']);
    expect((await atDcl(page)).forms).toContain('email-form newsletter-form');
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

test.describe('the first view of / without JavaScript @both', () => {
  test.use({ javaScriptEnabled: false });

  test('every section is rendered, so arriving at an anchor lands where its target really is', async ({ page }) => {
    for (const target of ['#newsletter', '#listen', '#programs']) {
      await page.goto(`/${target}`);
      expect(await unrenderedParts(page)).toEqual([]);
      await expect.poll(() => offTarget(page, target)).toBeLessThanOrEqual(1);
    }
  });
});

test.describe('the enquiry on a text page @both', () => {
  test('its dialog comes as Contact is pressed, and pressed before the scripts have arrived it shows the form', async ({
    page,
  }) => {
    await recordFormsAtDcl(page);
    const scripts = await holdSiteScripts(page);
    await page.goto('/privacy');
    // Autofill's read at DOMContentLoaded found no form, and nothing has put the dialog in since.
    expect(await atDcl(page)).toEqual({ forms: [], held: ['EnquiryModal'], drawn: [] });
    await expect.poll(() => scripts.asked()).toBeGreaterThan(0);
    await expect(page.locator('dialog#contact')).toHaveCount(0);
    // Pressed: the page's own script puts it in, and the link shows it in place (#contact).
    const dialog = page.getByRole('dialog', { name: 'Start a Conversation' });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/privacy#contact$/);
    await expect(dialog.getByLabel('Name')).toBeVisible();
    // The islands' code arrives: the form is still there, and takes what is typed.
    scripts.release();
    await expect(page.locator('[data-island="EnquiryModal"][data-hydrated]')).toHaveCount(1);
    await dialog.getByLabel('Name').fill('Asha');
    await expect(dialog.getByLabel('Name')).toHaveValue('Asha');
  });
});
