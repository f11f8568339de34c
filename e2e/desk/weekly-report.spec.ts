/**
 * The Monday report as an owner's mail app shows it: two enquiries arrive this week, then the report of the Monday
 * after (its "last week" is this one) opens at the phone's and the desktop's width: its headings, this week's two
 * enquiries counted, the callers' first names never their last, nothing wider than the screen, no script, no image.
 */
import { weeklyReportWords as words } from '../../src/words/report/weekly-report';
import { TIME_ZONE } from '../../src/words/site';
import { sendEnquiry } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { elementsPastRightEdge } from '../support/overflow';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, test, SHOTS_DIR } from '../support/test';

const DAY = 86_400_000;
const OFFSET = TIME_ZONE.utcOffsetMinutes * 60_000;

/** 09:00 (owners' time) on the Monday after today: the report that tells this week. */
function nextMonday(now = Date.now()): string {
  const local = new Date(now + OFFSET);
  const daysToMonday = (8 - local.getUTCDay()) % 7 || 7;
  const day = new Date(local.getTime() + daysToMonday * DAY).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T09:00:00Z`) - OFFSET).toISOString();
}

test('@both the Monday report reads as a mail: the week’s figures beside the week before, no overflow', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const width = info.project.name;
  const tag = `${width}-${Date.now().toString(36)}`;
  for (const name of ['Nisha Rajagopalan', 'Farhan Quereshi']) {
    const email = uniqueEmail(`report-${tag}`);
    await sendEnquiry(page, { name, phone: uniquePhone().typed, email, description: 'A call about coaching, please.' });
    await waitForLeads('enquiries', email);
  }

  await page.goto(`/__dev/report?at=${encodeURIComponent(nextMonday())}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Your week, /);
  for (const heading of [words.funnel.heading, words.sources.heading, words.now.heading])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  // This week's enquiries are last week's to the Monday report: at least the two sent here (others' journeys add theirs).
  const enquiries = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: words.funnel.leads.enquiry, exact: true }) });
  const lastWeek = Number((await enquiries.getByRole('cell').first().innerText()).replace(/\D/g, ''));
  expect(lastWeek).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('link', { name: words.open })).toHaveAttribute(
    'href',
    /\/desk\/sources\?days=7&to=\d{4}-\d{2}-\d{2}$/,
  );
  const text = await page.locator('body').innerText();
  expect(text).not.toContain('Rajagopalan');
  expect(text).not.toContain('Quereshi');
  expect(text).not.toMatch(/@example\.com/);
  expect(await page.locator('script, img, link[rel="stylesheet"]').count()).toBe(0);
  expect(await elementsPastRightEdge(page)).toEqual([]);
  await keepScreenshot(page, {
    path: `${SHOTS_DIR}/report-${width === 'desktop' ? 'desktop' : 'phone'}.png`,
    fullPage: true,
  });
});
