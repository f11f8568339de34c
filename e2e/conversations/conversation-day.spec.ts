import type { Page, TestInfo } from '@playwright/test';
import { overflowX, signIn } from '../support/desk/desk';
import { expectFailedResource, uniquePhone } from '../support/leads';
import { expect, test, keepScreenshot } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** A stranger writes to the business number; the owner opens their conversation from the list. */
async function openStranger(page: Page, info: TestInfo, label: string, text: string) {
  const phone = uniquePhone();
  const name = `${label} ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} ${phone.e164.slice(-4)}`;
  expect((await postSigned(BASE, messageEvent(phone.e164, text, name))).status).toBe(200);
  await signIn(page);
  await page.goto('/desk/conversations');
  await page.getByRole('link').filter({ hasText: name }).click();
  await expect(page).toHaveURL(/\/desk\/conversations\/[0-9a-f]{32}$/);
  return { phone, name };
}

/** A full-page screenshot in the test's output. */
async function shot(page: Page, info: TestInfo, name: string) {
  await keepScreenshot(page, { path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
}

test.describe("an owner's day with conversations", () => {
  test('an answer says "Sent" by the form; a conversation needs an answer until it is done', async ({ page }, info) => {
    test.setTimeout(90_000);
    await openStranger(page, info, 'Asker', 'Hello, do you run workshops for schools?');
    // The visitor wrote last: it needs an answer, and can be marked done.
    await expect(page.locator('.desk-done').getByText('Needs an answer')).toBeVisible();
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(page.getByText(/^Marked done by priya@example\.com/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Done', exact: true })).toHaveCount(0);

    await page.getByLabel('Answer on WhatsApp').fill('Yes, we do! Which school is it for?');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(page).toHaveURL(/\?answer=[0-9a-f-]{36}#reply$/);
    const sent = page.locator('#reply .desk-reply-sent');
    await expect(sent).toContainText('Sent');
    await expect(sent).toContainText('WhatsApp:');
    await expect(sent).toBeInViewport();
    // Then its delivery, as WhatsApp reports it, on the answer itself and by the form.
    await expect(async () => {
      await page.reload();
      await expect(sent).toContainText(/WhatsApp: (On its way|Delivered|Read|Sent)/, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await shot(page, info, 'conversation-sent');
  });

  test('a number that wrote STOP has no answer box; an answer sent anyway is refused by the form', async ({
    page,
    problems,
  }, info) => {
    test.setTimeout(90_000);
    const { phone, name } = await openStranger(page, info, 'Stopper', 'Hi there');
    const conversation = page.url();
    await page.getByLabel('Answer on WhatsApp').fill('Thanks for writing!');
    // Meanwhile they write STOP: the answer is refused (409), and the page says why, where the owner pressed.
    expect((await postSigned(BASE, messageEvent(phone.e164, 'STOP', name))).status).toBe(200);
    await page.getByRole('button', { name: 'Send answer' }).click();
    const refused = page.locator('#reply .desk-reply-refused');
    await expect(refused).toHaveText(
      'Not sent: this number asked for no more WhatsApp messages (STOP). Nothing was sent. It ends when they write START.',
    );
    await expect(refused).toBeInViewport();
    await expectFailedResource(problems, 409);
    await expect(page.getByLabel('Answer on WhatsApp')).toHaveCount(0);
    await expect(page.getByText('Nothing can be sent to this number')).toBeVisible();

    await page.goto(conversation);
    await expect(page.getByLabel('Answer on WhatsApp')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send answer' })).toHaveCount(0);
    await expect(page.locator('.desk-no-reply')).toContainText('It ends when they write START');
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await shot(page, info, 'conversation-stop');
  });

  test('recording an opt-out asks to confirm, and can be undone right after', async ({ page }, info) => {
    test.setTimeout(90_000);
    await openStranger(page, info, 'Caller', 'Please call me instead of writing.');
    await page.getByRole('button', { name: 'Record an opt-out' }).click();
    await expect(page.getByText('Record that this number asked for no more WhatsApp messages?')).toBeVisible();
    await expect(page.locator('.desk-opted-out')).toHaveCount(0);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await shot(page, info, 'opt-out-confirm');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Record an opt-out' })).toBeVisible();

    await page.getByRole('button', { name: 'Record an opt-out' }).click();
    await page.getByRole('button', { name: 'Yes, record it' }).click();
    await expect(page.locator('.desk-opted-out')).toContainText('Opted out of WhatsApp messages on');
    await expect(page.getByText('Recorded: nothing more is sent to this number.')).toBeVisible();
    await expect(page.getByText('Nothing can be sent to this number')).toBeVisible();
    await shot(page, info, 'opt-out-recorded');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: the opt-out you recorded was removed.')).toBeVisible();
    await expect(page.locator('.desk-opted-out')).toHaveCount(0);
    await expect(page.getByLabel('Answer on WhatsApp')).toBeVisible();
  });
});
