import { overflowX, signIn } from '../support/desk/desk';
import { uniquePhone } from '../support/leads';
import { expect, test } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test.describe('a visitor writes STOP on WhatsApp', () => {
  test('the desk shows the opt-out and the confirmation they were sent; an owner opts them back in', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const name = `Stopper ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} ${phone.e164.slice(-4)}`;
    expect((await postSigned(BASE, messageEvent(phone.e164, 'Stop', name))).status).toBe(200);

    await signIn(page);
    await page.goto('/desk/conversations');
    await page.getByRole('link').filter({ hasText: name }).click();
    await expect(page).toHaveURL(/\/desk\/conversations\/[0-9a-f]{32}$/);
    await expect(page.getByRole('status')).toContainText('Opted out of WhatsApp messages on');
    await expect(page.getByText('They wrote STOP on WhatsApp.')).toBeVisible();
    // The one confirmation goes through the queue; the page shows it once it is in the ledger.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Opt-out confirmation (sent automatically)')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(await overflowX(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Opt them back in' }).click();
    await expect(page.getByRole('button', { name: 'Record an opt-out' })).toBeVisible();
  });
});

test.describe('a visitor asks to stop in a longer message', () => {
  test('the conversation is marked "may want to stop"; the owner opts them out, confirming first', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const name = `Maybe ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} ${phone.e164.slice(-4)}`;
    const words = 'Can you stop sending me these reminders? I already booked my call for Tuesday.';
    expect((await postSigned(BASE, messageEvent(phone.e164, words, name))).status).toBe(200);

    await signIn(page);
    await page.goto('/desk/conversations');
    await page.getByRole('link').filter({ hasText: name }).click();
    await expect(page).toHaveURL(/\/desk\/conversations\/[0-9a-f]{32}$/);
    await expect(page.getByText('They may want to stop getting WhatsApp messages')).toBeVisible();
    await expect(page.locator('.desk-may-stop-quote')).toHaveText(words);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Opt them out' }).click();
    // Recording asks first.
    await page.getByRole('button', { name: 'Yes, record it' }).click();
    await expect(page.locator('.desk-opted-out')).toContainText('Opted out of WhatsApp messages on');
    await expect(page.getByText('Recorded by priya@example.com.')).toBeVisible();
    await expect(page.getByText('They may want to stop getting WhatsApp messages')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Opt them back in' })).toBeVisible();
  });
});
