import { readFileSync } from 'node:fs';
import { accessToken, openDeskSection, overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { configureStandin } from '../support/standins';
import { expect, test, keepScreenshot } from '../support/test';

test.describe('owners’ desk', () => {
  test('a lead from the public form: find it, follow it up, export it, resend its failed message', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('desk');
    const { e164: phone } = uniquePhone();
    const name = `Ananya ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Sharma`;
    // The visitor's thank-you message fails once with an expired token (190), then sends.
    await configureStandin('graph', { errorsFor: { [phone]: [190] } });
    await sendEnquiry(page, { name, phone, email, description: '=SUM(1+1) and a workshop in March' });

    await signIn(page);
    // The lead is on the desk within seconds.
    await expect(async () => {
      await page.goto('/desk');
      await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByText('Signed in as')).toContainText('priya@example.com');
    expect(await overflowX(page), 'no horizontal scrolling on the inbox').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`desk-inbox-${info.project.name}.png`), fullPage: true });

    // Search, as an owner types it: the plain GET form gives /desk?q=….
    await page.getByRole('searchbox', { name: 'Search name, email or phone' }).fill(email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/desk\?q=/);
    // One result in the list of leads (the unread replies above it are other journeys' visitors).
    await expect(page.locator('ol.desk-list > .desk-item')).toHaveCount(1);
    await page.getByRole('link', { name: new RegExp(name) }).click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${phone}`);
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/${phone.slice(1)}`,
    );
    await expect(page.getByRole('link', { name: 'Email' })).toHaveAttribute('href', `mailto:${email}`);

    await page.getByRole('button', { name: 'Contacted' }).click();
    await expect(page.getByRole('button', { name: 'Contacted' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/Set by priya@example.com on/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Private note' }).fill('Wants a March date; call after 6 pm.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('textbox', { name: 'Private note' })).toHaveValue(
      'Wants a March date; call after 6 pm.',
    );
    await expect(page.getByText(/Saved by priya@example.com on/)).toBeVisible();

    // The failed message shows Meta's code and message; Resend sends it through the queue.
    const messages = page.locator('.desk-messages');
    await expect(async () => {
      await page.reload();
      await expect(messages.getByText('Meta error 190')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'failed in the last 7 days' })).toBeVisible();
    expect(await overflowX(page), 'no horizontal scrolling on the lead').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`desk-lead-${info.project.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Resend' })).toHaveCount(0, { timeout: 500 });
      await expect(messages.locator('.desk-state-sent')).toHaveCount(3, { timeout: 500 });
    }).toPass({ timeout: 15_000 });

    // Export the current filter: a download with a byte-order mark and the formula neutralised.
    await page.goto(`/desk?kind=enquiry&q=${encodeURIComponent(email)}`);
    const [download] = await Promise.all([page.waitForEvent('download'), openDeskSection(page, 'Export CSV')]);
    expect(download.suggestedFilename()).toMatch(/^leads-enquiry-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'kind,id,createdAt,name,email,phone,description,' +
        'utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_host,landing_path,consentVersion,consentAt,' +
        'status,statusBy,statusAt,note,noteBy,noteAt,owner,ownerBy,ownerAt',
    );
    expect(lines[1]).toContain(`,${name},${email},'${phone},'=SUM(1+1) and a workshop in March,`);
    // The visit's landing path, the consent notice the form showed, then the owners' follow-up.
    expect(lines[1]).toMatch(/,\/,enquiry-\d{4}-\d\d-\d\d,[^,]+,contacted,priya@example\.com,/);
    expect(lines[1]).toContain('Wants a March date; call after 6 pm.');
  });

  test('numbers: leads per day and the quiz funnel fit a phone', async ({ page }, info) => {
    await signIn(page);
    await page.goto('/desk/numbers');
    await expect(page.getByRole('heading', { name: 'Leads per day, last 30 days' })).toBeVisible();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`desk-numbers-${info.project.name}.png`), fullPage: true });
  });

  test('without a valid assertion every desk page, the export and every change answer 403', async ({
    request,
  }, info) => {
    const expired = await accessToken({ expiresIn: -60 });
    const otherApp = await accessToken({ aud: 'another-application' });
    const paths = [
      '/desk',
      '/desk?q=someone%40example.com',
      '/desk/numbers',
      '/desk/export.csv?kind=quiz',
      '/desk/leads/enquiry/abc',
    ];
    for (const token of [undefined, expired, otherApp, 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6Im1lQGV4YW1wbGUuY29tIn0.']) {
      const headers: Record<string, string> = token ? { 'Cf-Access-Jwt-Assertion': token } : {};
      for (const path of paths) {
        const res = await request.get(path, { headers, maxRedirects: 0 });
        expect(res.status(), `GET ${path}`).toBe(403);
        expect(res.headers()['cache-control']).toBe('private, no-store');
      }
      const post = await request.post('/desk/leads/enquiry/abc/status', {
        headers: { ...headers, origin: new URL(info.project.use.baseURL!).origin },
        form: { status: 'closed' },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(403);
    }
  });
});
