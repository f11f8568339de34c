import type { Page } from '@playwright/test';
import { consent } from '../../src/words/privacy';
import { guideDelivery } from '../../src/words/guides/delivery';
import { waitForEmailsTo } from '../support/emails';
import { uniqueEmail } from '../support/leads';
import { expect, gotoHydrated, keepScreenshot, test } from '../support/test';

/**
 * A visitor asks for the free guide, confirms the address from the email, and downloads the PDF (issue 59), at 390
 * and 1280 px, with and without JavaScript. The landing page's guide block is helper A's: here the request is made
 * without JavaScript by a plain HTML form (served by the test on this origin, its fields those of the block's form)
 * posted to /api/guide, and with JavaScript by the landing page's own script context calling the API (fetch).
 */

const SLUG = 'five-minute-reset';
const SHOTS = '/work/shots/i59';
const copy = guideDelivery.pages;

test.beforeAll(async ({ request }) => {
  const seeded = await request.post('/__dev/guides/seed');
  expect(seeded.ok()).toBe(true);
});

const shot = (page: Page, name: string, project: string) =>
  keepScreenshot(page, { path: `${SHOTS}/guide-${name}-${project}.png`, fullPage: true });

/** The link an email carries to this site's /guides/… (the confirmation, or the download). */
function linkIn(text: string | undefined, path: RegExp): string {
  const found = /https?:\/\/\S+/g;
  const links = [...(text ?? '').matchAll(found)].map((m) => m[0]).filter((l) => path.test(new URL(l).pathname));
  expect(links).toHaveLength(1);
  return links[0]!;
}

/** Confirms from the emailed link and downloads the guide; checks what the person sees at each step. */
async function confirmAndDownload(page: Page, email: string, project: string, tag: string) {
  const [confirmation] = await waitForEmailsTo(email, 1);
  expect(confirmation!.subject).toBe('Confirm your address for “The Five-Minute Reset”');
  const link = linkIn(confirmation!.text, /^\/guides\/confirm$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Get “The Five-Minute Reset”' })).toBeVisible();
  await shot(page, `confirm-${tag}`, project);
  await page.getByRole('button', { name: copy.confirm.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: copy.ready.heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    '“The Five-Minute Reset” is yours to download',
  );
  await shot(page, `download-${tag}`, project);

  const download = page.getByRole('link', { name: copy.ready.button });
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/guides\/[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
  // The download email carries the same link.
  const emails = await waitForEmailsTo(email, 2);
  const sent = emails.find((e) => e.subject === 'Your guide: “The Five-Minute Reset”');
  expect(new URL(linkIn(sent?.text, /^\/guides\/[^/]+$/)).pathname).toBe(href);

  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="${SLUG}.pdf"`);
  expect(pdf.headers()['x-robots-tag']).toContain('noindex');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor asks for the guide by a plain form, confirms and downloads it @both', async ({ page }, info) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('guide-nojs');
    // A plain HTML form as the block renders it, served on this origin (no script on it).
    await page.route('**/__e2e/guide-form', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Guide</title><form method="post" action="/api/guide">
          <input type="hidden" name="guide" value="${SLUG}">
          <input type="hidden" name="consent" value="${consent.notices.newsletter.version}">
          <input type="hidden" name="submissionId" value="${crypto.randomUUID()}">
          <label>Email address <input type="email" name="email"></label>
          <button type="submit">Send me the guide</button></form>`,
      }),
    );
    await page.goto('/__e2e/guide-form');
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('button', { name: 'Send me the guide' }).click();
    await expect(page).toHaveURL(/\/\?guide=sent#guide$/);
    await confirmAndDownload(page, email, info.project.name, 'nojs');
  });
});

test('a visitor asks for the guide from the page’s script, confirms and downloads it @both', async ({ page }, info) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('guide-js');
  await gotoHydrated(page, '/');
  const answer = await page.evaluate(
    async (body) => {
      const res = await fetch('/api/guide', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { guide: SLUG, email, consent: consent.notices.newsletter.version, submissionId: crypto.randomUUID() },
  );
  expect(answer).toEqual({ status: 202, body: { ok: true } });
  await confirmAndDownload(page, email, info.project.name, 'js');
});
