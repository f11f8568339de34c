import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { configureStandin } from '../support/standins';
import { waitForDeliveries, waitForLeads, waitForSettledDeliveries } from '../support/store';
import { expect, test, keepScreenshot } from '../support/test';
import { postSigned, statusEvent } from '../support/webhook';
import { OWNERS } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

async function storedEnquiryId(email: string): Promise<string> {
  const [row] = await waitForLeads<{ id: string }>('enquiries', email);
  if (!row) throw new Error(`no enquiry stored for ${email}`);
  return row.id;
}

test.describe('what WhatsApp says happened to each message', () => {
  test('an owner alert confirmed delivered, then read, by the signed status webhook shows so on the desk', async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('receipt');
    const name = `Meera ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Iyer`;
    await sendEnquiry(page, { name, phone: uniquePhone().e164, email, description: 'A talk for our team in May' });
    const id = await storedEnquiryId(email);
    const rows = await waitForDeliveries(id, (r) =>
      r.some((row) => row.recipient === OWNERS[0] && row.template === 'journey_owner' && row.provider_message_id),
    );
    const alert = rows.find((row) => row.recipient === OWNERS[0] && row.template === 'journey_owner')!;
    expect(alert.provider_message_id, "the stand-in's message id is kept at send").toMatch(/^wamid\./);

    // Meta reports delivered, then read; "read" arrives twice and an old "delivered" arrives late.
    for (const status of ['delivered', 'read', 'read', 'delivered'] as const) {
      const res = await postSigned(BASE, statusEvent(alert.provider_message_id!, status, OWNERS[0]!));
      expect(res.status).toBe(200);
    }
    const after = await waitForDeliveries(id, (r) =>
      r.some((row) => row.provider_message_id === alert.provider_message_id && row.receipt === 'read'),
    );
    expect(after.find((row) => row.provider_message_id === alert.provider_message_id)?.receipt).toBe('read');

    await signIn(page);
    await page.goto(`/desk/leads/enquiry/${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const message = page
      .locator('li')
      .filter({ hasText: 'New enquiry (owner)' })
      .filter({ hasText: /To Priya ·/ });
    await expect(message).toContainText('Read');
    expect(await overflowX(page), 'no horizontal scrolling on the lead page').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`desk-receipts-${info.project.name}.png`), fullPage: true });
  });

  test('an owner whose WhatsApp alert fails for good gets the lead by email, once', async ({ page }, info) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('fallback');
    // Every send that carries this lead's address fails as undeliverable: the owners' alerts, not the visitor's.
    await configureStandin('graph', { failContaining: { [email]: 131026 } });
    const name = `Kavya ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Rao`;
    await sendEnquiry(page, { name, phone: uniquePhone().e164, email, description: 'Coaching for my team' });
    const id = await storedEnquiryId(email);

    const rows = await waitForDeliveries(id, (r) => r.filter((row) => row.audience === 'email').length === 2);
    const alerts = rows.filter((row) => row.template === 'journey_owner');
    expect(alerts.map((row) => [row.recipient, row.status, row.last_error_code]).sort()).toEqual([
      [OWNERS[0], 'failed', '131026'],
      [OWNERS[1], 'failed', '131026'],
    ]);
    const emails = rows.filter((row) => row.audience === 'email');
    expect(emails.map((row) => [row.template, row.recipient, row.status, row.channel]).sort()).toEqual([
      ['owner_alert_email', 'arjun@example.com', 'sent', 'log'],
      ['owner_alert_email', 'priya@example.com', 'sent', 'log'],
    ]);
    // Nothing more arrives later: one email per lead and owner, once the Worker has settled every message of the
    // lead (the visitor's, the two alerts and the two emails).
    const settled = await waitForSettledDeliveries(id, 5);
    expect(settled.filter((row) => row.audience === 'email')).toHaveLength(2);
    expect(settled.filter((row) => row.audience === 'visitor').map((row) => row.status)).toEqual(['sent']);

    await signIn(page);
    await page.goto(`/desk/leads/enquiry/${encodeURIComponent(id)}`);
    // The desk names the owner, never their address (a secret like their number).
    const byEmail = page.locator('li').filter({ hasText: 'The lead by email (owner)' });
    await expect(byEmail).toHaveCount(2);
    await expect(byEmail.filter({ hasText: 'To Priya by email' })).toContainText('Sent');
    // (The bar above names the signed-in owner's own address; the lead's page names no owner's.)
    for (const address of ['priya@example.com', 'arjun@example.com']) {
      await expect(page.locator('main')).not.toContainText(address);
    }
    await keepScreenshot(page, { path: info.outputPath(`desk-fallback-${info.project.name}.png`), fullPage: true });
  });
});
