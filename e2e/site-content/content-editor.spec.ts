import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { previewCopy } from '../../src/words/sections';
import { addItem, landingShows, liveVersion, publish, withContentLock } from '../support/desk/content';
import { overflowX, signIn } from '../support/desk/desk';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/test';

/**
 * The owners edit the site: a testimonial, a talk and a program added through the desk's forms, seen in the
 * preview, published and seen on the landing page, then the earlier version published again and they are gone.
 * The journeys that edit the content share one server and one draft: each holds a lock (an atomic mkdir) while it
 * edits, and leaves the version that was live when it started live again (e2e/support/desk/content.ts).
 */

test.describe.configure({ mode: 'serial' });

test('the owner adds a testimonial, a talk and a program, previews, publishes, and publishes the earlier version again', async ({
  page,
}, info) => {
  test.setTimeout(420_000);
  const run = `${info.project.name} ${crypto.randomUUID().slice(0, 6)}`;
  const quote = `Priya helped me find my footing again (${run}).`;
  const talk = `Aliveness at work (${run})`;
  const program = `Sunrise Circle ${run}`;
  await signIn(page);
  await withContentLock(async () => {
    let baseline = await liveVersion(page);
    // Nothing published yet: the draft as it is (what the site shows) becomes the version to come back to.
    baseline ??= await publish(page, copy.publish);
    try {
      await page.goto('/desk/content');
      await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();
      await expectNoViolations(page, '/desk/content');
      expect(await overflowX(page)).toBe(0);

      await addItem(page, 'testimonials', async (item) => {
        await item.getByLabel('Quote', { exact: true }).fill(quote);
        await item.getByLabel('Name', { exact: true }).fill('Asha Menon');
        await item.getByLabel('Role or town', { exact: true }).fill('Pune');
        await item.getByLabel('Date they agreed to be quoted', { exact: true }).fill('2026-01-15');
        await item.getByLabel('Shown on the site', { exact: true }).check();
      });
      await addItem(page, 'talks', async (item) => {
        await item.getByLabel('Date', { exact: true }).fill('2030-05-01');
        await item.getByLabel('Title', { exact: true }).fill(talk);
        await item.getByLabel('Place', { exact: true }).fill('Bengaluru');
      });
      await addItem(page, 'programs', async (item) => {
        await item.getByLabel('Title', { exact: true }).fill(program);
        await item.getByLabel('One-line summary', { exact: true }).fill('Mornings together, once a week.');
        await item
          .getByLabel('Why it is recommended', { exact: true })
          .fill('You have been to an event and want to keep going.');
        await item
          .getByRole('group', { name: 'Recommended for the journey stage' })
          .getByLabel('I attended an event', { exact: true })
          .check();
        await expectNoViolations(page, '/desk/content/programs');
        expect(await overflowX(page)).toBe(0);
      });

      await page.goto('/desk/content/preview');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.locator('.preview-note')).toContainText(previewCopy.note);
      await expect(page.locator('#programs')).toContainText(program);
      await expect(page.locator('#testimonials')).toContainText(quote);
      await expect(page.locator('#talks')).toContainText(talk);

      const published = await publish(page, copy.publish);
      expect(published).toBeGreaterThan(baseline);
      await landingShows(page, '#programs', program);
      await expect(page.locator('#testimonials')).toContainText(quote);
      await expect(page.locator('#talks')).toContainText(talk);
      await expectNoViolations(page, '/ with testimonials and talks');
      expect(await overflowX(page)).toBe(0);

      await publish(page, copy.republishLabel(baseline));
      await landingShows(page, '#programs', program, false);
      await expect(page.locator('body')).not.toContainText(quote);
      await expect(page.locator('body')).not.toContainText(talk);
    } finally {
      // Leave the site as it was found (the step above already did, unless it failed before).
      if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
    }
  });
});
