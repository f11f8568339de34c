import { expect, gotoHydrated, isPhone, test } from '../support/test';

test.describe('header', () => {
  test('is sticky and gains a shadow once scrolled more than 8 px', async ({ page }) => {
    await gotoHydrated(page, '/');
    const header = page.locator('header.site-header');
    await expect(header).not.toHaveClass(/is-scrolled/);
    // Read once the scroll event has reached the header's listener (added before this one: listeners run in the
    // order they were added) and any frame it asked for has run (frame callbacks also run in order).
    const shadowAt = (y: number) =>
      page.evaluate(
        (to) =>
          new Promise<{ y: number; shadow: boolean }>((resolve) => {
            const read = () =>
              resolve({
                y: window.scrollY,
                shadow: document.querySelector('header.site-header')!.classList.contains('is-scrolled'),
              });
            addEventListener('scroll', () => requestAnimationFrame(read), { once: true });
            window.scrollTo(0, to);
          }),
        y,
      );
    expect(await shadowAt(8)).toEqual({ y: 8, shadow: false });
    await page.evaluate(() => window.scrollTo(0, 9));
    await expect(header).toHaveClass(/is-scrolled/);
    await page.evaluate(() => window.scrollTo(0, 2000));
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
  });

  test('logo links to / and the call to action to /quiz @both', async ({ page }) => {
    await gotoHydrated(page, '/quiz');
    await page.getByRole('link', { name: /home/ }).click();
    await expect(page).toHaveURL(/\/$/);
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Begin Your Journey' }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'Begin Your Journey' }).click();
    }
    await expect(page).toHaveURL(/\/quiz$/);
  });

  test('the call to action is teal with a gold focus ring', async ({ page }) => {
    await gotoHydrated(page, '/');
    const cta = page.locator('.hero .btn-cta');
    await expect(cta).toHaveCSS('background-color', 'rgb(0, 128, 128)');
    await cta.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(cta).toHaveCSS('box-shadow', /rgb\(250, 209, 90\)/);
  });

  const SECTIONS = [
    ['Resources', 'resources'],
    ['About', 'about'],
    ['Programs', 'programs'],
    ['Listen', 'listen'],
  ] as const;
  // One page per start: from / each link scrolls the page it is on, one after another; from /quiz each one
  // leads to / at its section.
  for (const start of ['/', '/quiz']) {
    test(`each section link scrolls to its section from ${start} @both`, async ({ page }) => {
      await gotoHydrated(page, start);
      for (const [label, anchor] of SECTIONS) {
        if (start !== '/' && !page.url().endsWith(start)) await gotoHydrated(page, start);
        if (isPhone(page)) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          const menu = page.getByRole('dialog', { name: 'Menu' });
          await menu.getByRole('link', { name: label }).click();
          await expect(page.locator('#mobile-menu')).not.toHaveAttribute('open');
        } else {
          await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
        }
        await expect(page).toHaveURL(new RegExp(`/#${anchor}$`));
        await expect
          .poll(async () => page.locator(`#${anchor}`).evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
            message: `${label} from ${start}`,
            timeout: 5_000,
          })
          .toBeLessThanOrEqual(80);
      }
    });
  }
});

test('a section link on /quiz lands on / at the top, then scrolls smoothly to the section @both', async ({ page }) => {
  // Record every scroll position the page's main thread sees, from the moment / starts loading: on every frame and
  // every scroll event, each position once.
  await page.addInitScript(() => {
    if (location.pathname !== '/') return;
    const samples: number[] = [];
    (window as unknown as { scrollSamples: number[] }).scrollSamples = samples;
    const note = () => {
      const y = Math.round(window.scrollY);
      if (samples.at(-1) !== y) samples.push(y);
    };
    const frame = () => {
      note();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    addEventListener('scroll', note, { passive: true });
  });
  await gotoHydrated(page, '/quiz');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Listen' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Listen' }).click();
  }
  await expect(page).toHaveURL(/\/#listen$/);
  await expect(page.locator('#mobile-menu')).not.toHaveAttribute('open');
  const top = () => page.locator('#listen').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await expect.poll(top, { timeout: 10_000 }).toBeLessThanOrEqual(80);
  const samples = await page.evaluate(() => (window as unknown as { scrollSamples: number[] }).scrollSamples);
  const final = samples.at(-1)!;
  expect(final, samples.join(' ')).toBeGreaterThan(500);
  // No jump on arrival: the page starts at the top and passes through at least one position in between. How many
  // frames show one depends on how busy the machine is (the scroll takes the same time however few frames are
  // drawn); a jump shows none.
  expect(samples[0], samples.join(' ')).toBe(0);
  expect(samples.filter((y) => y > 0 && y < final - 5).length, samples.join(' ')).toBeGreaterThan(0);
});

// The hamburger menu exists on small screens only: tagged @phone, run by the phone project alone.
test.describe('mobile menu @phone', () => {
  const phoneOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  test('opens as a dialog, locks scrolling, moves focus in and returns it to the hamburger', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Resources', 'About', 'Programs', 'Listen', 'Begin Your Journey']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.locator('#mobile-menu')).not.toHaveAttribute('open');
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
    await expect(toggle).toBeFocused();
  });

  test('closes on Escape and on a backdrop click', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(page.locator('#mobile-menu')).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).not.toHaveAttribute('open');
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(page.locator('#mobile-menu')).toHaveAttribute('open', '');
    await page.mouse.click(200, 780);
    await expect(page.locator('#mobile-menu')).not.toHaveAttribute('open');
  });

  test('the transition lasts 700 ms, and none under reduced motion', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('#mobile-menu')).toHaveCSS('transition-duration', /0\.7s/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.locator('#mobile-menu')).not.toHaveCSS('transition-duration', /0\.7s/);
  });

  test('works before React and with JavaScript off: a native dialog the button opens by itself', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...phoneOptions, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await toggle.tap();
    await menu.getByRole('link', { name: 'Programs' }).tap();
    // A fresh load of the page at the section (the menu's links carry an empty query): the menu is closed.
    await expect(page).toHaveURL(/\/\?#programs$/);
    await expect(menu).toBeHidden();
    await context.close();
  });

  test('keeps Tab inside the open menu', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => document.getElementById('mobile-menu')?.contains(document.activeElement));
    expect(inside).toBe(true);
  });
});
