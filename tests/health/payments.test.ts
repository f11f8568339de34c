/** The self-check's line on payments: off without a provider, failing when named without its key, never a key shown. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';
import { checkPayments } from '../../src/health/checks/payments';

const SECRET = 'a-razorpay-key-secret-of-the-test';
const WEBHOOK = 'a-webhook-secret-of-32-characters';
const PAYMENTS = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_A1b2C3d4E5f6G7',
  RAZORPAY_KEY_SECRET: SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK,
  BUSINESS_NAME: 'Aliveness Coaching',
  BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
};
const deployed = (raw: Record<string, string | undefined>) =>
  parseConfig({ ENVIRONMENT: 'production', SITE_URL: 'https://coach.test', ...raw });

describe('payments on /desk/health', () => {
  it('without PAYMENT_PROVIDER: not in use, nothing broken', async () => {
    for (const config of [parseConfig({}), deployed({})]) {
      expect(await checkPayments(config)).toEqual({
        name: 'payments',
        ok: true,
        state: 'off',
        detail: 'No payments: PAYMENT_PROVIDER is not set, so lead pages have no payment request.',
      });
    }
  });

  it('on: says whether the key is a test key and whether receipts are tax invoices', async () => {
    expect(await checkPayments(deployed(PAYMENTS))).toEqual({
      name: 'payments',
      ok: true,
      detail:
        'Owners can ask for payment with Razorpay payment links; paid links come back to the desk. Receipts are plain receipts (GSTIN is not set).',
    });
    const test = await checkPayments(
      deployed({ ...PAYMENTS, RAZORPAY_KEY_ID: 'rzp_test_A1b2C3d4E5f6G7', GSTIN: '29ABCDE1234F1Z5', GST_STATE: '29' }),
    );
    expect(test.ok).toBe(true);
    expect(test.detail).toContain('(test mode: no real money)');
    expect(test.detail).toContain('Receipts are GST tax invoices.');
  });

  it('fails outside development when the provider is named without its key secret; only says so locally', async () => {
    const check = await checkPayments(deployed({ ...PAYMENTS, RAZORPAY_KEY_SECRET: undefined }));
    expect(check).toEqual({
      name: 'payments',
      ok: false,
      detail:
        'Payment requests are refused: PAYMENT_PROVIDER is razorpay but RAZORPAY_KEY_SECRET is not set. Set it (docs/deploy.md, "Payments").',
    });
    const local = await checkPayments(parseConfig({ PAYMENT_PROVIDER: 'razorpay' }));
    expect(local).toMatchObject({ ok: true, state: 'unchecked' });
    expect(local.detail).toContain('(development)');
  });

  it('warns, without failing, when the webhook secret is missing: paid links would not come back', async () => {
    const check = await checkPayments(deployed({ ...PAYMENTS, RAZORPAY_WEBHOOK_SECRET: undefined }));
    expect(check).toMatchObject({ ok: true, state: 'off' });
    expect(check.detail).toMatch(/^Warning: RAZORPAY_WEBHOOK_SECRET is not set, so payments made on Razorpay do not/);
  });

  it('never shows a key', async () => {
    const text = JSON.stringify(await checkPayments(deployed(PAYMENTS)));
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(WEBHOOK);
  });
});
