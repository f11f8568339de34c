import type { Locator, Page } from '@playwright/test';
import {
  expectFailedResource,
  failApi,
  recordRequests,
  requestsReported,
  uniqueEmail,
  uniquePhone,
} from '../support/leads';
import { storedLeads, waitForLeads } from '../support/store';
import { animationsSettled, expect, gotoHydrated, test, keepScreenshot } from '../support/test';
import { OWNERS, waitForMessages } from '../support/whatsapp';

/** The three openers: About's and Programs' "Start a Conversation", and the footer's Contact. */
const OPENERS: Record<string, (page: Page) => Locator> = {
  about: (page) => page.locator('#about').getByRole('button', { name: 'Start a Conversation' }),
  programs: (page) => page.locator('#programs').getByRole('button', { name: 'Start a Conversation' }),
  footer: (page) => page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }),
};

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Start a Conversation' });
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow === 'hidden');

async function open(page: Page, opener: Locator) {
  await opener.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel('Name')).toBeFocused();
  await expect.poll(() => scrollLocked(page)).toBe(true);
}

async function expectClosed(page: Page, opener: Locator) {
  await expect(dialog(page)).toBeHidden();
  await expect(opener).toBeFocused();
  // React releases the lock in the effect that follows the native close: poll for it.
  await expect.poll(() => scrollLocked(page)).toBe(false);
}

async function fill(page: Page, values: { name: string; phone: string; email: string; description?: string }) {
  const d = dialog(page);
  await d.getByLabel('Name').fill(values.name);
  await d.getByLabel('Phone').fill(values.phone);
  await d.getByLabel('Email').fill(values.email);
  if (values.description) await d.getByLabel('How can I help?').fill(values.description);
}

test.describe('enquiry modal', () => {
  for (const [where, opener] of Object.entries(OPENERS)) {
    test(`opens from the ${where} button as a modal dialog and closes on its close button`, async ({ page }) => {
      await gotoHydrated(page, '/');
      await open(page, opener(page));
      await expect(dialog(page).getByRole('heading', { name: 'Start a Conversation' })).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expectClosed(page, opener(page));
    });
  }

  test('closes on Escape and on a backdrop click, returning focus and releasing the scroll lock', async ({ page }) => {
    await gotoHydrated(page, '/');
    const about = OPENERS.about!(page);
    await open(page, about);
    await page.keyboard.press('Escape');
    await expectClosed(page, about);

    const footer = OPENERS.footer!(page);
    await open(page, footer);
    // A press that starts in a field and ends outside is not a backdrop click. The field's box is read once the
    // dialog's opening movement (modal-in) has ended, so the press lands where the field is.
    await animationsSettled(page, 'dialog[open]');
    const box = (await dialog(page).getByLabel('Name').boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(2, 2);
    await page.mouse.up();
    await expect(dialog(page)).toBeVisible();
    await page.mouse.click(4, 4);
    await expectClosed(page, footer);
  });

  test('keeps Tab inside the dialog', async ({ page }) => {
    await gotoHydrated(page, '/');
    await open(page, OPENERS.programs!(page));
    await fill(page, { name: 'Asha', phone: '98123 45678', email: 'asha@example.com' });
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
  });

  test('"Send message" is never greyed out: pressed with a field missing, each missing field says so and nothing is sent', async ({
    page,
  }, testInfo) => {
    const sent = recordRequests(page, '/api/enquiry');
    await gotoHydrated(page, '/');
    await open(page, OPENERS.about!(page));
    const d = dialog(page);
    const submit = d.getByRole('button', { name: 'Send message' });
    const field = (label: string) => d.getByLabel(label);
    await expect(submit).toBeEnabled();
    await submit.click();
    for (const label of ['Name', 'Phone', 'Email']) {
      await expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(label)).toHaveAccessibleDescription(`${label} is required.`);
    }
    // The description is optional: no message by it.
    await expect(field('How can I help?')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field('Name')).toBeFocused();
    if (testInfo.project.name === 'phone') {
      await animationsSettled(page, 'dialog[open]');
      await keepScreenshot(page, { path: testInfo.outputPath('enquiry-missing-390.png') });
    }

    // A field's message goes once it is filled; the next press names what is still missing, and focuses it.
    await field('Name').fill('Asha');
    await expect(field('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await field('Phone').fill('98123 45678');
    await field('Email').fill('   ');
    await submit.click();
    await expect(field('Email')).toHaveAccessibleDescription('Email is required.');
    await expect(field('Email')).toBeFocused();
    await expect(d.getByText('is required.')).toHaveCount(1);
    await field('Email').fill('asha@example');
    await submit.click();
    await expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email.');
    await expect(d).toBeVisible();
    await requestsReported(page);
    expect(sent, 'nothing sent while a field is missing').toHaveLength(0);
  });

  test('a sent enquiry is stored and reaches the visitor and both owners once; the modal closes, confirms and opens again empty', async ({
    page,
  }) => {
    const email = uniqueEmail('enquiry-ok');
    const phone = uniquePhone();
    await gotoHydrated(page, '/');
    const opener = OPENERS.programs!(page);
    await open(page, opener);
    await fill(page, { name: 'Asha Verma', phone: phone.typed, email, description: 'A team offsite in March.' });
    await dialog(page).getByRole('button', { name: 'Send message' }).click();
    await expectClosed(page, opener);
    await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();

    const rows = await waitForLeads<{ id: string; name: string; phone: string; description: string }>(
      'enquiries',
      email,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha Verma', phone: phone.e164, description: 'A team offsite in March.' });

    // On the phones: journey_users greets the visitor by the first name, journey_owner gives each owner the whole enquiry.
    const ownerBody = ['Asha Verma', email, phone.e164, 'A team offsite in March.'];
    const messages = await waitForMessages(rows[0]!.id, (m) => m.to === phone.e164 || m.body.includes(email), 3);
    expect(messages).toEqual([
      { to: phone.e164, template: 'journey_users', header: ['Asha'], body: [] },
      { to: OWNERS[0], template: 'journey_owner', header: ['Admin1'], body: ownerBody },
      { to: OWNERS[1], template: 'journey_owner', header: ['Admin2'], body: ownerBody },
    ]);

    await open(page, opener);
    for (const label of ['Name', 'Phone', 'Email', 'How can I help?']) {
      await expect(dialog(page).getByLabel(label)).toHaveValue('');
    }
  });

  test('a failed send says so inside the modal and keeps what was typed', async ({ page, problems }) => {
    const email = uniqueEmail('enquiry-fail');
    await failApi(page, '/api/enquiry', 503);
    await gotoHydrated(page, '/');
    await open(page, OPENERS.footer!(page));
    await fill(page, { name: 'Asha', phone: '98123 45678', email });
    await dialog(page).getByRole('button', { name: 'Send message' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Email')).toHaveValue(email);
    await expectFailedResource(problems, 503);
  });

  test('fields the server refuses are named beside them, and nothing is stored', async ({ page, problems }) => {
    const email = uniqueEmail('enquiry-bad');
    const sent = recordRequests(page, '/api/enquiry');
    await gotoHydrated(page, '/');
    await open(page, OPENERS.about!(page));
    await fill(page, { name: 'Asha', phone: 'call me', email: 'asha@example' });
    await dialog(page).getByRole('button', { name: 'Send message' }).click();
    // The loose email pattern is checked in the page first.
    await expect(dialog(page).getByText('Please enter a valid email.')).toBeVisible();
    await requestsReported(page);
    expect(sent).toHaveLength(0);

    await dialog(page).getByLabel('Email').fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/enquiry'));
    await dialog(page).getByRole('button', { name: 'Send message' }).click();
    // The server saw the request and refused the phone.
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      phone: expect.any(String),
    });
    const phone = dialog(page).getByLabel('Phone');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/phone/i);
    expect(await storedLeads('enquiries', email)).toHaveLength(0);
    await expectFailedResource(problems, 400);
  });

  test('a name that carries a phone number is refused beside the name field, and nothing is stored', async ({
    page,
    problems,
  }) => {
    const email = uniqueEmail('enquiry-phish');
    await gotoHydrated(page, '/');
    await open(page, OPENERS.about!(page));
    await fill(page, { name: 'KYC blocked - call +91 90000 00000 now', phone: '+91 98765 43210', email });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/enquiry'));
    await dialog(page).getByRole('button', { name: 'Send message' }).click();
    // The server saw the request and refused the name.
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      name: expect.any(String),
    });
    const name = dialog(page).getByLabel('Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription("Name may contain only letters, spaces and . ' -");
    expect(await storedLeads('enquiries', email)).toHaveLength(0);
    await expectFailedResource(problems, 400);
  });
});
