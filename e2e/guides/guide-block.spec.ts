import { deskContent as copy } from '../../src/words/site-content/desk-content';
import { guideBlock, guideFileWords } from '../../src/words/guides/block';
import { consent } from '../../src/words/privacy';
import { site } from '../../src/words/site';
import { addItem, landingShows, liveVersion, publish, withContentLock } from '../support/desk/content';
import { overflowX, signIn } from '../support/desk/desk';
import { expectNoViolations } from '../support/axe';
import { expect, gotoHydrated, hydrateIsland, keepScreenshot, test, SHOTS_DIR } from '../support/test';

/**
 * "Get the free guide": the sample guide the e2e server offers from the start (POST /__dev/guides/seed, in
 * e2e/support/global-setup.ts) shows as a section of its own on / and, compact, under the quiz's result; each offer
 * is a form with the newsletter's consent. Then the owners add a guide in the content editor (its PDF and its cover
 * uploaded), publish it and see it offered, and the version they found live is published again.
 */

const SAMPLE = 'The Five-Minute Reset';
const SHOTS = SHOTS_DIR;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the free guide block @both', () => {
  test('shows on / after the newsletter, with the newsletter’s consent, and says what is wrong by the field', async ({
    page,
  }, info) => {
    await gotoHydrated(page, '/');
    const block = page.locator('#guides');
    await expect(block.getByRole('heading', { level: 2, name: guideBlock.heading })).toBeAttached();
    await block.scrollIntoViewIfNeeded();
    const offer = block.getByRole('listitem').filter({ hasText: SAMPLE });
    await expect(offer.getByRole('heading', { name: SAMPLE })).toBeVisible();
    await expect(offer.locator('.consent-notice')).toHaveText(
      new RegExp(`^${consent.notices.newsletter.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    const form = offer.locator('form');
    await expect(form).toHaveAttribute('action', '/api/guide#guides');
    await expect(form.locator('input[name="guide"]')).toHaveValue('five-minute-reset');
    await expect(form.locator('input[name="consent"]')).toHaveValue(consent.notices.newsletter.version);
    // It comes after the newsletter's section.
    const [newsletter, guides] = await Promise.all([page.locator('#newsletter').boundingBox(), block.boundingBox()]);
    expect(guides!.y).toBeGreaterThan(newsletter!.y);
    await hydrateIsland(page, 'GuideForm');
    await expectNoViolations(page, '/ with the guide block');
    expect(await overflowX(page)).toBe(0);
    await keepScreenshot(block, { path: `${SHOTS}/guide-block-${info.project.name}.png` });

    // The height the section keeps until it is rendered (content-visibility) is within a tenth of what it takes.
    const kept = await block.evaluate((el) => {
      const probe = el.appendChild(document.createElement('div'));
      probe.style.cssText = 'position:absolute;height:var(--kept-height)';
      const height = probe.getBoundingClientRect().height;
      probe.remove();
      return height;
    });
    expect(Math.abs(kept - guides!.height), `kept ${kept} px, real ${guides!.height} px`).toBeLessThan(
      guides!.height / 10,
    );

    // With the island, an address that is not one is said by the field, and nothing is sent.
    const email = offer.getByLabel(guideBlock.label(SAMPLE));
    await email.fill('not an address');
    await offer.getByRole('button', { name: guideBlock.submit }).click();
    await expect(offer.getByRole('status')).toHaveText(site.forms.invalidEmail);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows, compact, under the quiz’s result', async ({ page }, info) => {
    await gotoHydrated(page, '/?recommended=consultations#programs');
    const after = page.getByRole('region', { name: guideBlock.afterQuiz });
    await expect(after).toBeVisible();
    await expect(after.getByRole('heading', { name: SAMPLE })).toBeVisible();
    await expect(after.locator('form')).toHaveAttribute('action', '/api/guide#guides');
    // Under the thank-you, before the programs' heading.
    const [result, offer, heading] = await Promise.all([
      page.locator('.quiz-result').boundingBox(),
      after.boundingBox(),
      page.locator('#programs-title').boundingBox(),
    ]);
    expect(offer!.y).toBeGreaterThan(result!.y);
    expect(offer!.y).toBeLessThan(heading!.y);
    await hydrateIsland(page, 'GuideForm');
    await expectNoViolations(page, '/ after the quiz with the guide block');
    expect(await overflowX(page)).toBe(0);
    await keepScreenshot(page.locator('#programs .container'), {
      path: `${SHOTS}/guide-after-quiz-${info.project.name}.png`,
    });
  });
});

test.describe('a guide added in the content editor @both', () => {
  test.describe.configure({ mode: 'serial' });

  test('the owner uploads its PDF and cover, publishes, and the block offers it', async ({ page }, info) => {
    test.setTimeout(300_000);
    const title = `Quiet Evenings ${info.project.name} ${crypto.randomUUID().slice(0, 6)}`;
    await signIn(page);
    await withContentLock(async () => {
      let baseline = await liveVersion(page);
      baseline ??= await publish(page, copy.publish);
      try {
        await addItem(page, 'guides', async (item) => {
          await item.getByLabel(copy.labels.title!, { exact: true }).fill(title);
          await item.getByLabel(copy.labels.promise!, { exact: true }).fill('Wind down in ten minutes, every night.');
          await item.getByLabel(copy.labels['image.upload']!, { exact: true }).setInputFiles({
            name: 'cover.png',
            mimeType: 'image/png',
            buffer: PNG,
          });
          await item.getByLabel(copy.labels.coverAlt!, { exact: true }).fill('A lamp beside an open book');
          await item.getByLabel(guideFileWords.upload, { exact: true }).setInputFiles({
            name: 'evenings.pdf',
            mimeType: 'application/pdf',
            buffer: PDF,
          });
          await item.getByLabel(copy.labels.shown!, { exact: true }).check();
        });
        // The editor shows the kept file's size, and no address of it.
        await page.goto('/desk/content/guides');
        const saved = page.getByRole('group', { name: title, exact: true });
        await expect(saved.getByText(guideFileWords.kept(guideFileWords.size(PDF.length)))).toBeVisible();
        await expectNoViolations(page, '/desk/content/guides');
        expect(await overflowX(page)).toBe(0);
        await keepScreenshot(saved, { path: `${SHOTS}/guide-editor-${info.project.name}.png` });

        await publish(page, copy.publish);
        await landingShows(page, '#guides', title);
        const offer = page.locator('#guides').getByRole('listitem').filter({ hasText: title });
        await expect(offer.getByRole('img', { name: 'A lamp beside an open book' })).toHaveAttribute(
          'src',
          /^\/site-images\/[0-9a-f]{64}\.png$/,
        );
        // Its form is put in as the section nears the view (client/forms-later.ts), as a visitor comes to it.
        await offer.scrollIntoViewIfNeeded();
        await expect(offer.locator('input[name="guide"]')).toHaveValue(/^quiet-evenings-/);
      } finally {
        // Leave the site as it was found: the sample guide alone.
        if ((await liveVersion(page)) !== baseline) await publish(page, copy.republishLabel(baseline));
      }
    });
    await landingShows(page, '#guides', title, false);
  });
});
