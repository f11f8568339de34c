import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { expectNoViolations } from '../support/axe';
import { expect, test, keepScreenshot } from '../support/test';

/** Another visitor: a client address of its own (visits count per address). */
const otherVisitor = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::3`;

test.describe('Sources and Numbers on a phone and a laptop @both', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Sources: every count of a source with a long name and its campaign within the screen; no axe violation', async ({
    page,
  }, info) => {
    const tag = `${info.project.name}-${Date.now().toString(36)}`;
    const source = `e2e-a-rather-long-newsletter-name-${tag}`.slice(0, 40);
    await sendEnquiry(
      page,
      {
        name: 'Asha Verma',
        phone: uniquePhone().typed,
        email: `asha.${tag}@example.com`,
        description: 'I read your newsletter and would like to know more.',
      },
      `/?utm_source=${source}&utm_campaign=december-retreat-early-birds`,
    );
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': otherVisitor() });
    await page.goto(`/quiz?utm_source=${source}`);
    await signIn(page);
    await expect(async () => {
      await page.goto('/desk/sources?days=7');
      await expect(page.locator(`tr[data-source="${source}"]`).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const row = page.locator(`tr[data-source="${source}"]:not([data-campaign])`);
    // Leads, calls and clients lie within the screen's width (scrolled to, not past its right edge).
    const width = page.viewportSize()!.width;
    for (const name of ['Enquiry leads', 'Calls booked', 'Clients']) {
      const cell = row.locator(`td[data-label="${name}"]`);
      await cell.scrollIntoViewIfNeeded();
      const box = (await cell.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      await expect(cell).toBeInViewport();
    }
    await expect(row.locator('td[data-label="Enquiry leads"] .sources-count')).toHaveText('1');
    expect(await elementsPastRightEdge(page)).toEqual([]);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`sources-${info.project.name}.png`), fullPage: true });
    await expectNoViolations(page, '/desk/sources');
    await page.goto(`/desk/sources?days=7&source=${source}`);
    await expectNoViolations(page, '/desk/sources?source=…');
  });

  test('Numbers: the leads-per-day table scrolls by keyboard where it is wider than the screen; no axe violation', async ({
    page,
  }, info) => {
    await signIn(page);
    await page.goto('/desk/numbers');
    const box = page.getByRole('region', { name: 'Leads per day, table (scrolls sideways)' });
    await expect(box).toHaveAttribute('tabindex', '0');
    await expectNoViolations(page, '/desk/numbers');
    const wider = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (wider) {
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    }
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`numbers-${info.project.name}.png`), fullPage: true });
  });
});
