/**
 * Whose lead, on a phone and a laptop: an enquiry arrives nobody's; Priya takes it on its page (a plain form button),
 * the inbox filtered "Mine" lists it tagged with her name and "Nobody's" does not; she gives it to Arjun, and "Theirs"
 * lists it. Nothing sticks out past the right edge; with `E2E_SCREENSHOTS=1` the lead page and the inbox filtered
 * "Mine" are kept (the test's output folder).
 */
import { desk } from '../../src/words/desk';
import { ownerWords } from '../../src/words/leads/owner';
import { sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, test } from '../support/test';

test('@both an owner takes a lead, finds it under Mine, and gives it to the other owner', async ({ page }, info) => {
  test.setTimeout(90_000);
  const width = info.project.name;
  const email = uniqueEmail('owner');
  await sendEnquiry(page, {
    name: 'Meera Iyer',
    phone: uniquePhone().typed,
    email,
    description: 'A retreat for my team',
  });
  const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
  const leadPath = `/desk/leads/enquiry/${lead!.id}`;
  await signIn(page);

  await page.goto(leadPath);
  const card = page.getByRole('region', { name: ownerWords.title });
  await expect(card).toContainText(ownerWords.nobodys);
  await card.getByRole('button', { name: ownerWords.take }).click();
  await expect(page).toHaveURL(new RegExp(`${leadPath}\\?owner=saved$`));
  await expect(page.getByText(ownerWords.saved(ownerWords.yours))).toBeVisible();
  await expect(card.locator('.desk-owner-whose')).toHaveText(ownerWords.yours);
  await expect(card).toContainText('Set by Priya on');
  await expect(card.getByRole('button', { name: ownerWords.give('Arjun') })).toBeVisible();
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the lead page').toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: info.outputPath(`owner-lead-${width}.png`), fullPage: true });
  await keepScreenshot(card, { path: info.outputPath(`owner-card-${width}.png`) });

  // The inbox, searched for this lead's address, by whose it is: the filter is a plain GET form.
  const inbox = async (whose: string) => {
    await page.goto(`/desk?q=${encodeURIComponent(email)}`);
    await page.getByLabel(ownerWords.filter).selectOption({ label: whose });
    await page.getByRole('button', { name: desk.filters.apply }).click();
    return page.locator('.desk-list').getByRole('link', { name: /Meera Iyer/ });
  };
  const mine = await inbox(ownerWords.filters.mine);
  await expect(page).toHaveURL(/owner=mine/);
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(ownerWords.tag('Priya'));
  expect(await elementsPastRightEdge(page), 'nothing past the right edge on the inbox').toEqual([]);
  await keepScreenshot(page, { path: info.outputPath(`owner-inbox-mine-${width}.png`), fullPage: true });
  await inbox(ownerWords.filters.nobody);
  await expect(page.getByText(desk.list.empty)).toBeVisible();

  await page.goto(leadPath);
  await card.getByRole('button', { name: ownerWords.give('Arjun') }).click();
  await expect(page.getByText(ownerWords.saved(ownerWords.theirs('Arjun')))).toBeVisible();
  await expect(card.getByRole('button', { name: ownerWords.take })).toBeVisible();
  const theirs = await inbox(ownerWords.filters.theirs);
  await expect(theirs).toContainText(ownerWords.tag('Arjun'));
  await inbox(ownerWords.filters.mine);
  await expect(page.getByText(desk.list.empty)).toBeVisible();
});
