import { accessToken, overflowX, signIn } from '../support/desk/desk';
import { configureStandin } from '../support/standins';
import { expect, test, keepScreenshot } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

async function checkedAt(): Promise<string | null> {
  const res = await fetch(`${BASE}/desk/health.json`, {
    headers: { 'Cf-Access-Jwt-Assertion': await accessToken({ email: 'priya@example.com' }) },
  });
  return ((await res.json()) as { checkedAt: string | null }).checkedAt;
}

/**
 * Runs the cron once, as Cloudflare does every 15 minutes (wrangler dev --test-scheduled), and waits for its
 * self-check to finish: /__scheduled answers when the handler returns, and the check runs in waitUntil after.
 */
async function runCron(): Promise<void> {
  const before = await checkedAt();
  const res = await fetch(`${BASE}/__scheduled?cron=*/15+*+*+*+*`);
  expect(res.status).toBe(200);
  await expect.poll(checkedAt, { timeout: 15_000 }).not.toBe(before);
}

async function healthEmails(): Promise<{ recipient: string; status: string; submission_id: string }[]> {
  const res = await fetch(`${BASE}/__dev/deliveries`);
  const { deliveries } = (await res.json()) as {
    deliveries: { template: string; recipient: string; status: string; submission_id: string }[];
  };
  return deliveries.filter((d) => d.template === 'health_email');
}

// One journey changes what the WhatsApp stand-in answers to reads for the whole server, so it runs once (in the
// desktop project) and looks at the page at both widths itself; sends are unaffected.
test.describe('the self-check on the desk @desktop', () => {
  test('a revoked token turns WhatsApp “Failing” with what to do, tells each owner once, and recovers', async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    const before = (await healthEmails()).length;
    await configureStandin('graph', { readError: 190 });
    try {
      await runCron();
      await signIn(page);
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/desk/health');
        await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
        const whatsapp = page
          .locator('li')
          .filter({ has: page.getByRole('heading', { level: 2, name: 'WhatsApp', exact: true }) });
        await expect(whatsapp).toContainText('Not working');
        await expect(whatsapp).toContainText('WhatsApp messages are not going out');
        await expect(whatsapp).toContainText('Who to ask: Ask the developer');
        // The developer's words, under the card's details.
        await whatsapp.getByText('Details for the developer').click();
        await expect(whatsapp.getByText(/code 190/)).toBeVisible();
        await expect(whatsapp).toContainText('WHATSAPP_TOKEN');
        await expect(page.getByRole('alert').filter({ hasText: 'Failing: WhatsApp' })).toBeVisible();
        expect(await overflowX(page), `no horizontal scrolling at ${width} px`).toBeLessThanOrEqual(0);
        await keepScreenshot(page, { path: info.outputPath(`health-broken-${width}.png`), fullPage: true });
      }
      // page.request does not carry the page's extra headers: it signs in on its own.
      const json = await page.request.get('/desk/health.json', {
        headers: { 'Cf-Access-Jwt-Assertion': await accessToken({ email: 'priya@example.com' }) },
      });
      const report = (await json.json()) as { ok: boolean; checkedAt: string; checks: { name: string; ok: boolean }[] };
      expect(Object.keys(report)).toEqual(['ok', 'checkedAt', 'checks']);
      expect(report.ok).toBe(false);
      expect(report.checks.find((c) => c.name === 'whatsapp')?.ok).toBe(false);
      // Each owner is told once (the development record of the email sender).
      const told = (await healthEmails()).slice(before);
      expect(told.map((e) => [e.recipient, e.status]).sort()).toEqual([
        ['arjun@example.com', 'sent'],
        ['priya@example.com', 'sent'],
      ]);
      await runCron();
      expect((await healthEmails()).length - before, 'no second email while it stays broken').toBe(2);
    } finally {
      await configureStandin('graph', { readError: 0 });
    }
    await runCron();
    await page.goto('/desk/health');
    await expect(
      page.locator('li').filter({ has: page.getByRole('heading', { level: 2, name: 'WhatsApp', exact: true }) }),
    ).toContainText('Working');
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await keepScreenshot(page, { path: info.outputPath(`health-after-${width}.png`), fullPage: true });
    }
  });
});
