import { clientPeople } from '../../src/words/clients/people';
import { overflowX, signIn } from '../support/desk/desk';
import { postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, test, keepScreenshot } from '../support/test';

/**
 * A client on the People page: their package of sessions is listed with what is used and left, its last day and
 * where the page's link stands; erasing them deletes it, and the client's page link then opens nothing.
 */
test('an owner finds a client on the People page, sees their package, and erases it @both', async ({ page }, info) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('client');
  await postLead(page, 'quiz', {
    answers: { '0': 'Health', '1': '26-39', '2': 'I know a little' },
    contact: { first: 'Asha', last: 'Verma', email, phone: uniquePhone().typed },
  });
  const [quiz] = await waitForLeads<{ id: string }>('quiz_responses', email);
  const started = await page.request.post('/__dev/clients/engagement', {
    form: { kind: 'quiz', id: quiz!.id, sessions: '6', validUntil: '2099-12-31', program: 'Inner Compass' },
  });
  expect(started.ok()).toBe(true);
  const { token } = (await started.json()) as { token: string };

  await signIn(page);
  await page.goto('/desk/people');
  await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  const section = page.locator('section', { has: page.getByRole('heading', { name: clientPeople.title }) });
  await expect(section).toContainText(clientPeople.package('Inner Compass', 6, 0, 6));
  await expect(section).toContainText(clientPeople.validUntil('31 Dec 2099'));
  await expect(section).toContainText('page link works until');
  expect(await overflowX(page), 'no horizontal scrolling on the person').toBeLessThanOrEqual(0);
  await keepScreenshot(page, { path: info.outputPath(`person-client-${info.project.name}.png`), fullPage: true });

  await page.getByLabel('Type the email address or phone number again to confirm').fill(email);
  await page.getByRole('button', { name: 'Erase everything' }).click();
  await expect(page).toHaveURL(/\/desk\/people\?erased=\d+$/);
  await expect(page.getByRole('status')).toContainText('1 client package');
  // The client's page link opens nothing now, as any unknown address (whether or not /c/:token is served yet).
  const res = await page.request.get(`/c/${token}`);
  expect(res.status()).toBe(404);
});
