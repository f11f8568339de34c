import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniquePhone } from '../support/leads';
import { expect, test } from '../support/test';

/** Another visitor: a client address of its own (the fixture gives each test one; visits count per address). */
const otherVisitor = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::2`;

test.describe('the desk’s Sources page', () => {
  test('visits from two sources and a lead from one: both rows with their counts, and the chart', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const tag = `${info.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const [talk, post] = [`e2e-talk-${tag}`, `e2e-post-${tag}`];

    // A visitor from the talk's link sends an enquiry; another arrives from a post and leaves.
    const phone = uniquePhone();
    await sendEnquiry(
      page,
      {
        name: 'Asha Verma',
        phone: phone.typed,
        email: `asha.${tag}@example.com`,
        description: 'I heard your talk and would like to know more about coaching.',
      },
      `/?utm_source=${talk}&utm_medium=talk&utm_campaign=autumn`,
    );
    await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': otherVisitor() });
    await page.goto(`/?utm_source=${post}`);

    await signIn(page);
    const row = (source: string) =>
      page.locator('tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${source}`) }) });
    // Counted after each page was answered: poll until both visits are in.
    await expect(async () => {
      await page.goto('/desk/sources?days=7');
      await expect(row(talk).first().locator('td').first()).toHaveText(/^1\b/, { timeout: 1000 });
      await expect(row(post).first().locator('td').first()).toHaveText(/^1\b/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    // The menu marks the section (on a phone, inside the closed menu).
    const menuLink = page.locator('nav[aria-label="Desk"] a', { hasText: /^Sources$/ }).first();
    await expect(menuLink).toHaveAttribute('aria-current', 'page');
    // Visits, quiz opened, quiz finished, then leads by kind: the enquiry is the talk's, the post has none.
    const cells = async (source: string) =>
      (await row(source).first().locator('td .sources-count').allInnerTexts()).map((t) => t.trim());
    const headings = (await page.locator('.sources-table thead th').allInnerTexts()).map((t) => t.trim());
    const enquiries = headings.findIndex((h) => /enquir/i.test(h)) - 1;
    expect(enquiries).toBeGreaterThan(2);
    expect((await cells(talk))[0]).toBe('1');
    expect((await cells(talk))[enquiries]).toBe('1');
    expect((await cells(post))[0]).toBe('1');
    expect((await cells(post))[enquiries]).toBe('0');
    // The talk's campaign has a row of its own under it.
    await expect(page.locator('tr.sources-campaign-row').filter({ hasText: 'autumn' }).first()).toBeVisible();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);

    // One source's page: its chart (a visit and a lead this week) and its quiz insight.
    await row(talk)
      .first()
      .getByRole('link', { name: `${talk}: its quiz answers` })
      .click();
    await expect(page).toHaveURL(new RegExp(`source=${talk}`));
    await expect(page.getByRole('img', { name: new RegExp(`^${talk}: 1 visit and 1 lead over`) })).toBeVisible();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
  });
});
