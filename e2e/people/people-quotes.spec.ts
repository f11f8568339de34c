import { readFileSync } from 'node:fs';
import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { personQuotes } from '../../src/desk/people/quotes-words';
import { addItem, landingShows, liveVersion, publish, withContentLock } from '../support/desk/content';
import { overflowX, signIn } from '../support/desk/desk';
import { uniqueEmail } from '../support/leads';
import { expect, test, keepScreenshot } from '../support/test';

/**
 * A quote on the People page: the owners keep the quoted person's address privately with the testimonial; a search
 * by it, or by the name shown, finds the quote; erasing takes it out of the draft, the page says to publish, and
 * the live site drops it when they do. The run edits the one draft under the content lock and leaves the version
 * it found live.
 */
test.describe.configure({ mode: 'serial' });

test('an owner finds a quote by the address kept with it and by the name, erases it and publishes', async ({
  page,
}, info) => {
  test.setTimeout(420_000);
  const run = `${info.project.name} ${crypto.randomUUID().slice(0, 6)}`;
  const quote = `Priya gave me my mornings back (${run}).`;
  const name = `Nila Varma ${info.project.name}`;
  const email = uniqueEmail('quoted');
  await signIn(page);
  await withContentLock(async () => {
    const baseline = (await liveVersion(page)) ?? (await publish(page, copy.publish));
    try {
      await addItem(page, 'testimonials', async (item) => {
        await item.getByLabel('Quote', { exact: true }).fill(quote);
        await item.getByLabel('Name', { exact: true }).fill(name);
        await item.getByLabel('Role or town', { exact: true }).fill('Kochi');
        await item.getByLabel('Date they agreed to be quoted', { exact: true }).fill('2026-02-01');
        await item.getByLabel('Their email address or phone number (private)', { exact: true }).fill(email);
        await item.getByLabel('Shown on the site', { exact: true }).check();
      });
      await publish(page, copy.publish);
      await landingShows(page, '#testimonials', quote);
      // The address kept with the quote is nowhere on the page a visitor gets.
      expect(await page.content()).not.toContain(email);

      // Found by the name it is shown under.
      await page.goto('/desk/people');
      await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(name.toUpperCase());
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByRole('heading', { name: personQuotes.namedFound(1, name.toUpperCase()) })).toBeVisible();
      await expect(page.getByText(quote)).toBeVisible();
      expect(page.url()).toMatch(/\/desk\/people$/);

      // Found by the address: listed with the person's records and in their copy.
      await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(email);
      await page.getByRole('button', { name: 'Find' }).click();
      const quotes = page.locator('section', { has: page.getByRole('heading', { name: personQuotes.title }) });
      await expect(quotes.getByText(quote)).toBeVisible();
      await expect(quotes).toContainText(personQuotes.where(true, true, true));
      expect(await overflowX(page), 'no horizontal scrolling on the person').toBeLessThanOrEqual(0);
      await keepScreenshot(page, { path: info.outputPath(`person-quote-${info.project.name}.png`), fullPage: true });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download a copy (JSON)' }).click(),
      ]);
      const copied = JSON.parse(readFileSync((await download.path())!, 'utf8'));
      expect(copied.quotes).toEqual([expect.objectContaining({ quote, name, keptPrivately: email, live: true })]);

      // Erased: out of the draft at once; the page says to publish; the live site drops it when they do.
      await page.getByLabel('Type the email address or phone number again to confirm').fill(email);
      await page.getByRole('button', { name: 'Erase everything' }).click();
      await expect(page).toHaveURL(/\/desk\/people\?erased=\d+$/);
      await expect(page.getByRole('status')).toContainText('1 quote taken out of the draft');
      await expect(page.getByRole('status')).toContainText(personQuotes.publish(1));
      await keepScreenshot(page, {
        path: info.outputPath(`person-quote-erased-${info.project.name}.png`),
        fullPage: true,
      });
      const erased = page.url();
      await page.goto('/');
      await expect(page.locator('#testimonials')).toContainText(quote);
      await page.goto(erased);
      await page.getByRole('status').getByRole('link', { name: personQuotes.openContent }).click();
      await expect(page).toHaveURL(/\/desk\/content$/);
      await publish(page, copy.publish);
      await landingShows(page, '#testimonials', quote, false);
    } finally {
      if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
    }
  });
});
