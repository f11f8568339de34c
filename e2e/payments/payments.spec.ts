/**
 * From a quiz lead to money on the desk @both: an owner asks the lead for payment from their page; Razorpay (the
 * stand-in) marks the link paid and the signed payment_link.paid comes back; both owners get payment_received on
 * WhatsApp; the lead is a client; the receipt prints as a GST tax invoice; Sources shows the revenue under the
 * source the lead came from. With E2E_SCREENSHOTS=1 it keeps the request, the paid lead, the receipt and Sources.
 */
import { deskPayments, receiptWords } from '../../src/words/payments/desk-payments';
import { deskRevenue } from '../../src/desk/sources/money/words';
import { site } from '../../src/words/site';
import { signIn } from '../support/desk/desk';
import { elementsPastRightEdge } from '../support/overflow';
import { emailsTo } from '../support/emails';
import { uniqueEmail } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, keepScreenshot, test } from '../support/test';
import { OWNERS, sentMessages } from '../support/whatsapp';

const STANDINS = `http://127.0.0.1:${process.env.STANDIN_PORT || 8790}`;

interface StandinLink {
  id: string;
  short_url: string;
  amount: number;
  status: string;
}

test.describe('payments @both', () => {
  test('an owner asks a quiz lead for payment; it comes back paid, told, receipted and counted', async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    const source = `e2e-pay-${info.project.name}-${Date.now().toString(36)}`;
    const email = uniqueEmail('paid');
    const shot = (name: string, fullPage = true) =>
      keepScreenshot(page, { path: info.outputPath(`${name}-${info.project.name}.png`), fullPage });

    // A visitor from a tagged link finishes the quiz.
    await gotoHydrated(page, `/quiz?utm_source=${source}&utm_campaign=retreat`, 'QuizWizard');
    for (const choice of ['Leadership', '40-55', 'I attended an event']) {
      await page.getByRole('button', { name: choice, exact: true }).click();
    }
    await expect(page.getByRole('heading', { name: site.quiz.contactTitle })).toBeVisible();
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    // The quiz then moves to the landing page's programs: wait for it, or its navigation would cut the desk's short.
    await expect(page).toHaveURL(/\/\?recommended=[a-z,-]+#programs$/);
    const [lead] = await waitForLeads<{ id: string }>('quiz_responses', email);

    // The owner asks for ₹4,999 for a program, the buyer in Karnataka (the business's state: CGST and SGST).
    await signIn(page);
    await page.goto(`/desk/leads/quiz/${lead!.id}`);
    const form = page.locator('form.desk-payment-form');
    await expect(form.getByRole('heading', { name: deskPayments.form.heading })).toBeVisible();
    // The form fits the width: no field (the state's long names) runs past the right edge on a phone.
    expect(await elementsPastRightEdge(page)).toEqual([]);
    const program = form.getByLabel(deskPayments.form.program);
    await program.selectOption({ index: 1 });
    const programTitle = ((await program.locator('option:checked').textContent()) ?? '').replace(/ \(₹[\d,]+\)$/, '');
    await form.getByLabel(deskPayments.form.amount).fill('4999');
    await form.getByLabel(deskPayments.form.description).fill('Eight weeks of coaching');
    await form.getByLabel(deskPayments.form.buyerState).selectOption('29');
    await form.getByRole('button', { name: deskPayments.form.submit }).click();

    const requests = page.getByRole('list', { name: deskPayments.requests });
    await expect(requests.getByText(new RegExp(`^Requested ₹4,999 for ${programTitle}, expires `))).toBeVisible();
    await expect(requests.getByText(deskPayments.statuses.created, { exact: true })).toBeVisible();
    const shortUrl = (await requests.locator('code').first().textContent())!.trim();
    expect(shortUrl).toMatch(/^https:\/\/rzp\.io\//);
    await shot('payment-request');
    // The person gets the link by email too (they gave an address), once.
    await expect.poll(async () => (await emailsTo(email)).filter((m) => m.text?.includes(shortUrl)).length).toBe(1);

    // Razorpay's checkout: the person pays the whole link; Razorpay posts the signed event.
    const state = (await (await fetch(`${STANDINS}/__razorpay`)).json()) as { links: StandinLink[] };
    const link = state.links.find((l) => l.short_url === shortUrl)!;
    expect(link).toMatchObject({ amount: 499_900, status: 'created' });
    const paid = await fetch(`${STANDINS}/__razorpay/pay`, {
      method: 'POST',
      body: JSON.stringify({ linkId: link.id }),
    });
    expect(paid.status).toBe(200);
    const { event, signature } = (await paid.json()) as { event: string; signature: string };
    const eventId = `evt_${Math.random().toString(36).slice(2, 16)}`;
    const post = (sig: string) =>
      fetch(`${baseURL}/webhooks/razorpay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': sig, 'X-Razorpay-Event-Id': eventId },
        body: event,
      });
    expect((await post('0'.repeat(64))).status).toBe(401);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect((await post(signature)).status).toBe(200);
    // Razorpay repeats a delivery it thinks was lost: taken once.
    expect((await post(signature)).status).toBe(200);

    // Both owners are told once, with the amount and the lead's desk link.
    const alerts = async () =>
      (await sentMessages()).filter((m) => m.template === 'payment_received' && m.body.join(' ').includes(lead!.id));
    await expect
      .poll(async () => (await alerts()).map((m) => m.to).sort(), { timeout: 30_000 })
      .toEqual([...OWNERS].sort());
    expect((await alerts())[0]!.body).toContain('₹4,999');

    // The lead shows the payment and is a client.
    await page.goto(`/desk/leads/quiz/${lead!.id}`);
    await expect(requests.getByText(deskPayments.statuses.paid, { exact: true })).toBeVisible();
    await expect(page.getByText(/^₹4,999 paid by UPI, /)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Client', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await shot('paid-lead');

    // The receipt: a tax invoice under the business's GSTIN, CGST and SGST within the ₹4,999.
    await page.getByRole('link', { name: new RegExp(`^${deskPayments.receipt} R/\\d{4}-\\d{2}/\\d{4}$`) }).click();
    await expect(page.getByRole('heading', { name: receiptWords.taxInvoice })).toBeVisible();
    const receipt = page.locator('.desk-receipt');
    await expect(receipt.getByText('29ABCDE1234F1Z5')).toBeVisible();
    await expect(receipt.getByText(receiptWords.cgst)).toBeVisible();
    await expect(receipt.getByText(receiptWords.sgst)).toBeVisible();
    await expect(receipt.getByText(receiptWords.igst)).toHaveCount(0);
    await expect(receipt.getByText('Asha Verma')).toBeVisible();
    await expect(receipt.getByText(programTitle, { exact: true })).toBeVisible();
    await expect(receipt.locator('strong', { hasText: '₹4,999' })).toBeVisible();
    await shot('receipt-gst');
    const receiptUrl = page.url();

    // Sources: the revenue under the source and campaign the lead came from, and the program's row.
    await page.goto('/desk/sources?days=7');
    const row = (campaign: string | null) =>
      page.locator(
        campaign
          ? `tr[data-source="${source}"][data-campaign="${campaign}"]`
          : `tr[data-source="${source}"]:not([data-campaign])`,
      );
    await expect(row(null).locator(`td[data-label="${deskRevenue.column}"]`)).toHaveText('₹4,999');
    await expect(row('retreat').locator(`td[data-label="${deskRevenue.column}"]`)).toHaveText('₹4,999');
    const programs = page.getByRole('region', { name: deskRevenue.programs.title, exact: true });
    await expect(programs.getByRole('rowheader', { name: programTitle })).toBeVisible();
    // The revenue column is the table's last: on a desktop the table's box scrolls sideways to it.
    await row(null).locator(`td[data-label="${deskRevenue.column}"]`).scrollIntoViewIfNeeded();
    await shot('sources-revenue', false);
    await programs.scrollIntoViewIfNeeded();
    await shot('sources-program-revenue', false);

    // A partial refund from the receipt, as an owner gives one: asked of Razorpay, pending until it is processed.
    await page.goto(receiptUrl);
    await page.getByLabel(receiptWords.refund.amount).fill('1,000');
    await page.getByRole('button', { name: receiptWords.refund.submit, exact: true }).click();
    await expect(page.getByText('Up to ₹3,999 can be refunded.')).toBeVisible();
    await expect(page.getByText(/refund pending/)).toBeVisible();
  });
});
