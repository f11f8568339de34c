import { openDeskSection, overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, test } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

test('the owner adds a saved reply and inserts it into a conversation’s reply box', async ({ page }, info) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('saved-reply');
  const phone = uniquePhone();
  const name = `Tara ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Rao`;
  await sendEnquiry(page, { name, phone: phone.typed, email, description: 'Fees for a team of ten?' });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  expect((await postSigned(BASE, messageEvent(phone.e164, 'What do you charge?', 'Tara'))).status).toBe(200);

  await signIn(page);
  await page.goto('/desk');
  await openDeskSection(page, 'Saved replies');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
  const title = `Fees ${crypto.randomUUID().slice(0, 8)}`;
  const text = 'Sessions for a team start at ₹20,000. Shall I send the details?';
  const add = page.getByRole('region', { name: 'Add a saved reply' });
  await add.getByLabel('Title').fill(title);
  await add.getByLabel('Text').fill(text);
  await add.getByRole('button', { name: 'Add reply' }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  expect(await overflowX(page)).toBe(0);

  // With JavaScript: choosing it fills the reply box in place.
  await page.goto(`/desk/leads/enquiry/${lead!.id}`);
  await expect(page.getByText('What do you charge?')).toBeVisible();
  const box = page.getByLabel('Answer on WhatsApp');
  await expect(box).toHaveValue('');
  await page.getByLabel('Saved reply').selectOption({ label: title });
  await expect(box).toHaveValue(text);
  expect(page.url()).not.toContain('reply=');
  // Insert (the way without JavaScript) reloads the page with the box filled.
  await page.getByRole('button', { name: 'Insert' }).click();
  await expect(page).toHaveURL(/\?reply=[0-9a-f-]{36}#desk-reply-text$/);
  await expect(page.getByLabel('Answer on WhatsApp')).toHaveValue(text);
  expect(await overflowX(page)).toBe(0);

  // Leave the short list as it was.
  await page.goto('/desk/replies');
  await page.getByRole('button', { name: `Remove: ${title}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
});
