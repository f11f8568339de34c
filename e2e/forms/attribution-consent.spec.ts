import type { Page } from '@playwright/test';
import { consent, privacy } from '../../src/words/privacy';
import { uniqueEmail } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, holdSiteScripts, test } from '../support/test';

interface LeadRow {
  consent: string;
  attribution: string | null;
}

/** Through the quiz's choice steps without choosing, to its contact step, filled in but not sent. */
async function fillQuiz(page: Page, email: string): Promise<void> {
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next step' }).click();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(email);
}

test.describe('attribution', () => {
  test('the first touch on / is carried to the quiz and stored with the response; no cookie is set', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('attr-quiz');
    await page.goto('/?utm_source=instagram&utm_medium=social&utm_campaign=november-talk&utm_term=aliveness', {
      referer: 'https://l.instagram.com/some/path?u=private',
    });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('.hero').getByRole('link', { name: 'Begin Your Journey' }).click();
    await expect(page).toHaveURL(/\/quiz$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // A later page of the visit does not replace the first touch.
    await fillQuiz(page, email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/recommended=/);

    const [row] = await waitForLeads<LeadRow>('quiz_responses', email);
    expect(JSON.parse(row!.attribution!)).toEqual({
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'november-talk',
      utm_term: 'aliveness',
      referrer_host: 'l.instagram.com',
      landing_path: '/',
    });
    expect(await context.cookies()).toEqual([]);
  });

  // A slow phone: the islands' code has not arrived on the quiz (or at all). The inline script moves the choice
  // steps, the contact step is the server's page, and the form posts itself, carrying the tab's first touch.
  for (const ranOnLanding of [true, false]) {
    test(`the first touch reaches the lead when the quiz is sent before its scripts ran${ranOnLanding ? ' on the quiz' : ' on any page'}`, async ({
      page,
    }) => {
      const email = uniqueEmail('attr-early');
      const held = ranOnLanding ? undefined : await holdSiteScripts(page);
      await page.goto('/?utm_source=podcast&utm_campaign=episode-12', {
        referer: 'https://podcasts.example.org/ep/12',
      });
      if (ranOnLanding) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const { release } = held ?? (await holdSiteScripts(page));
      await page.locator('.hero').getByRole('link', { name: 'Begin Your Journey' }).click();
      await expect(page).toHaveURL(/\/quiz$/);
      await fillQuiz(page, email);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/recommended=/);
      release();

      const [row] = await waitForLeads<LeadRow>('quiz_responses', email);
      expect(JSON.parse(row!.attribution!)).toEqual({
        utm_source: 'podcast',
        utm_campaign: 'episode-12',
        referrer_host: 'podcasts.example.org',
        landing_path: '/',
      });
    });
  }

  test('a visit without campaign tags or referrer stores only its landing path', async ({ page }) => {
    const email = uniqueEmail('attr-plain');
    await gotoHydrated(page, '/', 'NewsletterForm');
    const section = page.locator('#newsletter');
    await section.getByRole('textbox', { name: 'Email address' }).fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('button', { name: 'Thanks!' })).toBeDisabled();
    const [row] = await waitForLeads<LeadRow>('news_letter', email);
    expect(JSON.parse(row!.attribution!)).toEqual({ landing_path: '/' });
  });
});

test.describe('consent', () => {
  test('the newsletter says what arrives and how often, and the lead records the notice version', async ({ page }) => {
    const email = uniqueEmail('consent-news');
    await gotoHydrated(page, '/?utm_source=newsletter-test', 'NewsletterForm');
    const section = page.locator('#newsletter');
    const notice = section.locator('#newsletter-consent');
    await expect(notice).toContainText(consent.notices.newsletter.text);
    await expect(notice.getByRole('link')).toHaveAttribute('href', privacy.path);
    await section.getByRole('textbox', { name: 'Email address' }).fill(email);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    const [row] = await waitForLeads<LeadRow & { subscribed_at: string }>('news_letter', email);
    expect(JSON.parse(row!.consent)).toEqual({ version: consent.notices.newsletter.version, at: row!.subscribed_at });
    expect(JSON.parse(row!.attribution!)).toEqual({ utm_source: 'newsletter-test', landing_path: '/' });
  });

  test('the enquiry form says a WhatsApp message goes to the number given, before its submit button', async ({
    page,
  }) => {
    const email = uniqueEmail('consent-enq');
    // The dialog is put in, loaded and opened by the press (client/forms-later.ts, client/entry.tsx).
    await gotoHydrated(page, '/');
    await page.locator('#about').getByRole('button', { name: 'Start a Conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a Conversation' });
    const notice = dialog.locator('#enquiry-consent');
    await expect(notice).toContainText('WhatsApp message to the phone number you give');
    await expect(notice.getByRole('link')).toHaveAttribute('href', privacy.path);
    const submit = dialog.getByRole('button', { name: 'Send message' });
    const [noticeBox, submitBox] = [(await notice.boundingBox())!, (await submit.boundingBox())!];
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(submitBox.y);
    await dialog.getByLabel('Name').fill('Ravi Kumar');
    await dialog.getByLabel('Phone').fill('+91 98123 45678');
    await dialog.getByLabel('Email').fill(email);
    await submit.click();
    await expect(dialog).toBeHidden();
    const [row] = await waitForLeads<LeadRow & { created_at: string }>('enquiries', email);
    expect(JSON.parse(row!.consent)).toEqual({ version: consent.notices.enquiry.version, at: row!.created_at });
  });
});

test.describe('the privacy page', () => {
  test('opens from the footer, with its own title and every part of the notice', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page).toHaveTitle(`${privacy.title} · Priya Raman`);
    await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();
    for (const section of privacy.sections) {
      await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    }
    await expect(page.getByText(/Google Firestore/).first()).toBeVisible();
    // The header's section links still lead to the landing page from here.
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
