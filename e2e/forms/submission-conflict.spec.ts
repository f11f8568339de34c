import type { Page } from '@playwright/test';
import { site } from '../../src/words/site';
import { expectFailedResource, postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { storedLeads, waitForLeads } from '../support/store';
import { expect, gotoHydrated, test } from '../support/test';

/**
 * A submission id belongs to the first details sent with it. When the id a visitor's form holds was already used
 * with other details (here another person's enquiry, sent first), the visitor is told so beside the form, nothing
 * of theirs or the other person's changes, and sending the form again sends it as a new submission.
 */

/** The other person's enquiry, sent first with the id the visitor's form holds. */
async function sentFirstWith(page: Page, submissionId: string) {
  const other = { name: 'Mallory Mehta', phone: uniquePhone().typed, email: uniqueEmail('first-with-id') };
  expect(await postLead(page, 'enquiry', { ...other, submissionId })).toBe(submissionId);
  return other;
}

async function fill(form: ReturnType<Page['locator']>, email: string) {
  await form.getByLabel('Name').fill('Ravi Kumar');
  await form.getByLabel('Phone').fill(uniquePhone().typed);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('How can I help?').fill('A retreat for our team.');
  await form.getByRole('button', { name: 'Send message' }).click();
}

/** The visitor's enquiry is stored once, under an id of its own; the first one is as it was sent. */
async function expectBothKept(email: string, submissionId: string, otherEmail: string) {
  const mine = await waitForLeads<{ id: string; name: string }>('enquiries', email);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.id).not.toBe(submissionId);
  const first = await storedLeads<{ id: string; name: string }>('enquiries', otherEmail);
  expect(first).toEqual([expect.objectContaining({ id: submissionId, name: 'Mallory Mehta' })]);
}

test.describe('a form whose submission id was already sent with other details', () => {
  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the message with the values kept; sent again, it is stored as a new submission', async ({
      page,
      problems,
    }) => {
      const email = uniqueEmail('conflict-nojs');
      await page.goto('/#contact');
      const form = page.locator('#contact');
      const submissionId = await form.locator('input[name="submissionId"]').inputValue();
      const other = await sentFirstWith(page, submissionId);

      await fill(form, email);
      await expect(form.getByText(site.forms.conflict)).toBeVisible();
      await expect(form.getByLabel('Email')).toHaveValue(email);
      await expectFailedResource(problems, 409);
      expect(await storedLeads('enquiries', email)).toHaveLength(0);

      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(page).toHaveURL(/\/\?enquiry=sent#sent$/);
      await expectBothKept(email, submissionId, other.email);
    });
  });

  test('with JavaScript: the dialog says so, and the next send is a new submission', async ({ page, problems }) => {
    const email = uniqueEmail('conflict-js');
    await gotoHydrated(page, '/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a Conversation' });
    const submissionId = await dialog.locator('input[name="submissionId"]').inputValue();
    const other = await sentFirstWith(page, submissionId);

    await fill(dialog, email);
    await expect(dialog.getByRole('alert')).toHaveText(site.forms.conflict);
    await expectFailedResource(problems, 409);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
    await expectBothKept(email, submissionId, other.email);
  });
});
