/**
 * What follows the quiz, with and without JavaScript: the result offers "Book a call" (the e2e server sets
 * BOOKING_URL to the booking stand-in, BOOKING_PROVIDER to calcom) about the most fitting program, carrying the
 * response's opaque booking reference (metadata[ref]) and nothing personal; the reference reaches the result page
 * through the tab's storage, never through an address of the site, and without JavaScript only the email's link
 * carries it (the page cannot know it without putting it in an address); the result goes to the
 * address given by email, once, recorded in the ledger and kept by wrangler's local send_email binding; a ticked
 * "Also send me the newsletter" is recorded with the response and makes a subscription that reaches the Kit
 * stand-in once, tagged with the recommended programs; an unticked box sends nothing to the tool.
 */
import type { Page } from '@playwright/test';
import { consent } from '../../src/words/privacy';
import { recommendations } from '../../src/words/recommendations';
import { site } from '../../src/words/site';
import { signIn } from '../support/desk/desk';
import { waitForEmailsTo } from '../support/emails';
import { uniqueEmail } from '../support/leads';
import { kitHas, standinState } from '../support/standins';
import { deliveries, storedLeads, waitForLeads, waitForSettledDeliveries } from '../support/store';
import { expect, gotoHydrated, test } from '../support/test';

interface QuizRow {
  id: string;
  newsletter_consent: string | null;
}

const STANDIN = `http://127.0.0.1:${process.env.STANDIN_PORT || 8790}`;

interface SubscriptionRow {
  id: string;
  quiz_id: string | null;
  tags: string | null;
}

/** Every address the page navigated to. */
function visitedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

async function contactStep(page: Page, email: string, { newsletter }: { newsletter: boolean }) {
  await expect(page.getByRole('heading', { name: site.quiz.contactTitle })).toBeVisible();
  // The result email is on: the step promises it.
  await expect(page.getByText(site.quiz.contactIntro)).toBeVisible();
  const box = page.getByRole('checkbox', { name: site.quiz.newsletterLabel });
  await expect(box).not.toBeChecked();
  await expect(page.getByText(consent.quizNewsletter.text)).toBeVisible();
  if (newsletter) await box.check();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** The booking stand-in's address for a program, with a lead's reference as Cal.com booking metadata. */
const bookingHref = (program: string, ref?: string) =>
  `${STANDIN}/booking?program=${program}${ref ? `&metadata[ref]=${ref}&metadata[program]=${program}` : ''}`;

const BOOKING_REF = /^[0-9a-f]{24}$/;

/**
 * The booking reference the quiz API answers the browser with (the page keeps it in the tab's storage): read as the
 * answer passes, since its body is gone once the page moves on to the result.
 */
async function quizAnswerRef(page: Page): Promise<() => string | undefined> {
  let ref: string | undefined;
  await page.route('**/api/quiz', async (route) => {
    const res = await route.fetch();
    ref = ((await res.json()) as { bookingRef?: string }).bookingRef;
    await route.fulfill({ response: res });
  });
  return () => ref;
}

/**
 * The result view, its "Book a call" link (with the response's reference `ref` when the page knows it), the booking
 * page it leads to, and the email that was recorded, whose link always carries the response's reference.
 */
async function expectFollowUp(
  page: Page,
  email: string,
  program: string,
  urls: string[],
  { newsletter, ref }: { newsletter: boolean; ref?: string },
) {
  const result = page.getByRole('region', { name: recommendations.thanksHeading });
  await expect(result).toBeVisible();
  const book = result.getByRole('link', { name: recommendations.book });
  await expect(book).toBeVisible();
  await expect(book).toHaveAttribute('href', bookingHref(program, ref));

  const [row] = await waitForLeads<QuizRow>('quiz_responses', email);
  if (newsletter) {
    expect(JSON.parse(row!.newsletter_consent!)).toMatchObject({ version: consent.quizNewsletter.version });
  } else {
    expect(row!.newsletter_consent).toBeNull();
  }

  // The email is in the ledger, sent once through the email channel, and wrangler's local binding kept it.
  const rows = await waitForSettledDeliveries(row!.id, 3);
  expect(rows.filter((r) => r.template === 'quiz_result_email').map((r) => [r.status, r.channel])).toEqual([
    ['sent', 'email'],
  ]);
  const [sent] = await waitForEmailsTo(email);
  expect(sent!.subject).toBe('Asha, the programs that fit your answers');
  expect(sent!.from).toContain('priya@coach.localhost');
  const emailed = /Book a call: (\S+)/.exec(sent!.text ?? '')?.[1] ?? '';
  const emailedRef = new URL(emailed).searchParams.get('metadata[ref]') ?? '';
  expect(emailedRef).toMatch(BOOKING_REF);
  if (ref) expect(emailedRef).toBe(ref);
  expect(emailed).toBe(bookingHref(program, emailedRef));
  expect(sent!.html).toContain('>Book a call</a>');

  // The booking page receives the program and the reference, nothing else.
  await book.click();
  await expect(page.getByRole('heading', { name: 'Book a call' })).toBeVisible();
  await expect(page).toHaveURL(bookingHref(program, ref));
  const visits = (await standinState()).received.booking ?? [];
  const expected = [...new URL(bookingHref(program, ref)).searchParams];
  expect(visits.some((v) => JSON.stringify([...new URLSearchParams(v.search)]) === JSON.stringify(expected))).toBe(
    true,
  );
  for (const url of urls) {
    const decoded = decodeURIComponent(url).toLowerCase();
    for (const personal of [email, 'asha', 'verma']) expect(decoded, url).not.toContain(personal);
    // The reference travels only to the booking tool: no address of the site carries it.
    if (!url.startsWith(STANDIN)) expect(decoded, url).not.toContain(emailedRef);
  }
}

test.describe('after the quiz', () => {
  test('the result offers Book a call, the email is sent once, and a ticked newsletter box is recorded', async ({
    page,
  }) => {
    const urls = visitedUrls(page);
    const email = uniqueEmail('follow-up');
    await gotoHydrated(page, '/quiz', 'QuizWizard');
    for (const choice of ['Leadership', '40-55', 'I attended an event']) {
      await page.getByRole('button', { name: choice, exact: true }).click();
    }
    const answered = await quizAnswerRef(page);
    await contactStep(page, email, { newsletter: true });
    await expect(page).toHaveURL(/\/\?recommended=retreats-workshops,talks-keynotes#programs$/);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const ref = answered();
    expect(ref).toMatch(BOOKING_REF);
    await expectFollowUp(page, email, 'retreats-workshops', urls, { newsletter: true, ref: ref! });

    // The box made a subscription of its own, which reached Kit once: one opt-in email, a tag per program.
    const [quiz] = await storedLeads<QuizRow>('quiz_responses', email);
    const [subscription] = await waitForLeads<SubscriptionRow>('news_letter', email);
    expect(subscription!.quiz_id).toBe(quiz!.id);
    const tags = ['quiz-retreats-workshops', 'quiz-talks-keynotes'];
    expect(JSON.parse(subscription!.tags!)).toEqual(tags);
    await expect
      .poll(async () => (await deliveries(subscription!.id)).map((d) => [d.template, d.status]), { timeout: 15_000 })
      .toEqual([['newsletter_subscribe', 'sent']]);
    expect(await kitHas(email)).toEqual({
      subscriber: expect.objectContaining({ state: 'inactive', tags }),
      optIns: 1,
    });

    // The owners go from the response to the subscription on the desk, and see the tags there.
    await signIn(page);
    await page.goto(`/desk/leads/quiz/${quiz!.id}`);
    await page.getByRole('link', { name: 'Open the subscription' }).click();
    await expect(page.getByText(`Tags in the newsletter tool: ${tags.join(', ')}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open their quiz response' })).toBeVisible();
  });
});

test.describe('after the quiz, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain forms end with the result and Book a call; the email is sent; an unticked box records nothing', async ({
    page,
  }) => {
    const urls = visitedUrls(page);
    const email = uniqueEmail('follow-up-nojs');
    await page.goto('/quiz');
    for (const choice of ['Mindset', '56-71', 'I know a little']) {
      await page.getByRole('button', { name: choice, exact: true }).click();
    }
    await contactStep(page, email, { newsletter: false });
    await expect(page).toHaveURL(/\/\?recommended=consultations#programs$/);
    await expectFollowUp(page, email, 'consultations', urls, { newsletter: false });
    // Unticked: no subscription, and nothing about them reached the newsletter tool.
    expect(await storedLeads('news_letter', email)).toEqual([]);
    expect(await kitHas(email)).toEqual({ subscriber: null, optIns: 0 });
  });
});
