/**
 * The client's page, as the client opens it from the link an owner sent: an engagement with terms on a stored
 * enquiry (the dev route starts it and hands back the page's token, which is in no message of a local run); the
 * client reads the terms, accepts them with the box, and is then offered "Book next session", a link to the booking
 * page carrying the engagement's own reference, opened in a new tab without a Referer. A wrong token is the site's
 * unknown page.
 */
import { clientPageWords as words } from '../../src/words/clients/client-page';
import { expectFailedResource, postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { expect, gotoHydrated, keepScreenshot, shotPath, test } from '../support/test';

const TERMS =
  'Six sessions of an hour each, online.\n\nA session cancelled with less than a day’s notice counts as used.';

test('@both a client opens their page, accepts the terms once and is offered Book next session', async ({
  page,
  problems,
}, info) => {
  const id = await postLead(page, 'enquiry', {
    name: 'Kavya Menon',
    phone: uniquePhone().typed,
    email: uniqueEmail('client-page'),
    description: 'Six sessions, please.',
    consent: 'enquiry-2026-11-28',
  });
  const started = await page.request.post('/__dev/clients/engagement', {
    form: { kind: 'enquiry', id, sessions: '6', validUntil: '2099-12-31', program: 'consultations', terms: TERMS },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { token, reference } = (await started.json()) as { token: string; reference: string };

  await gotoHydrated(page, `/c/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Kavya' })).toBeVisible();
  const facts = page.getByRole('region', { name: words.facts.label });
  await expect(facts.getByText('0 / 6')).toBeVisible();
  await expect(facts.getByText('31 December 2099')).toBeVisible();
  await expect(page.getByText(words.book.afterTerms)).toBeVisible();
  await expect(page.getByRole('link', { name: /Book next session/ })).toHaveCount(0);
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, { path: shotPath(info, 'client-page-terms'), fullPage: true });

  // The box is required: the button alone shows the message by it and keeps nothing.
  await page.getByRole('button', { name: words.terms.button }).click();
  await expect(page.getByText(words.terms.required)).toBeVisible();
  await expectFailedResource(problems, 400);
  await page.getByLabel(words.terms.box).check();
  await page.getByRole('button', { name: words.terms.button }).click();

  await expect(page).toHaveURL(new RegExp(`/c/${token}$`));
  await expect(page.getByRole('status').filter({ hasText: 'You accepted these terms on' })).toBeVisible();
  await expect(page.getByLabel(words.terms.box)).toHaveCount(0);
  const book = page.getByRole('link', { name: /Book next session/ });
  await expect(book).toBeVisible();
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAttribute('rel', 'noopener noreferrer');
  const href = new URL((await book.getAttribute('href'))!);
  expect(href.searchParams.get('metadata[ref]')).toBe(reference);
  expect(href.searchParams.get('program')).toBe('consultations');
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, { path: shotPath(info, 'client-page-accepted'), fullPage: true });

  // Another token is nobody's page: the site's unknown page, as a 404.
  const wrong = await page.goto(`/c/${token.slice(1)}x`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Kavya' })).toHaveCount(0);
  await expectFailedResource(problems, 404);
});
