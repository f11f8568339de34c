/** The payments settings (PAYMENT_PROVIDER, RAZORPAY_*, the receipts' issuer and GST, the periods) as read once. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';

const KEY_SECRET = 'the-razorpay-key-secret';
const WEBHOOK = 'a-razorpay-webhook-secret-of-32-ch';
const RAZORPAY = {
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_A1b2C3d4E5f6G7',
  RAZORPAY_KEY_SECRET: KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: WEBHOOK,
  BUSINESS_NAME: 'Priya Raman Coaching',
  BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
};
const deployed = (raw: Record<string, string | undefined>) =>
  parseConfig({ ENVIRONMENT: 'production', SITE_URL: 'https://www.example.com', ...raw });
/** The problems of the payments group alone. */
const problems = (config: ReturnType<typeof parseConfig>) =>
  config.problems.filter((p) => /^(PAYMENT_|RAZORPAY_|BUSINESS_|RECEIPT_PREFIX|GSTIN|GST_STATE)/.test(p.setting));

describe('the payments settings', () => {
  it('off without PAYMENT_PROVIDER: no provider, no webhook, the defaults', () => {
    for (const config of [parseConfig({}), deployed({})]) {
      expect(config.payments).toEqual({
        linkDays: 7,
        recordYears: 8,
        issuer: { name: '', address: '', prefix: 'R' },
        warnings: [],
      });
      expect(problems(config)).toEqual([]);
    }
  });

  it('razorpay with its keys: the provider at Razorpay’s API, the webhook on', () => {
    const config = deployed(RAZORPAY);
    expect(problems(config)).toEqual([]);
    expect(config.payments.provider).toEqual({
      name: 'razorpay',
      ok: true,
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_live_A1b2C3d4E5f6G7',
      keySecret: KEY_SECRET,
    });
    expect(config.payments.webhookSecret).toBe(WEBHOOK);
    expect(config.payments.warnings).toEqual([]);
  });

  it('a provider named without its key secret, or with a key id that is not Razorpay’s, is not ok and says why', () => {
    const config = deployed({ ...RAZORPAY, RAZORPAY_KEY_SECRET: undefined, RAZORPAY_KEY_ID: 'key_123' });
    expect(problems(config).map((p) => p.message)).toEqual([
      'PAYMENT_PROVIDER is razorpay but RAZORPAY_KEY_SECRET is not set.',
      'RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…).',
    ]);
    expect(config.payments.provider).toMatchObject({ name: 'razorpay', ok: false });
    expect(deployed({ ...RAZORPAY, PAYMENT_PROVIDER: 'stripe' }).problems).toContainEqual({
      setting: 'PAYMENT_PROVIDER',
      message: 'PAYMENT_PROVIDER must be "razorpay" or empty.',
    });
  });

  it('deployed, a receipt needs the business’s name and address; locally it does not', () => {
    const config = deployed({ ...RAZORPAY, BUSINESS_NAME: undefined, BUSINESS_ADDRESS: undefined });
    expect(problems(config).map((p) => p.setting)).toEqual(['BUSINESS_NAME', 'BUSINESS_ADDRESS']);
    const local = parseConfig({ ...RAZORPAY, BUSINESS_NAME: undefined, BUSINESS_ADDRESS: undefined });
    expect(problems(local)).toEqual([]);
    expect(local.payments.provider).toMatchObject({ ok: true });
  });

  it('warns of a test key in production and of a missing webhook secret, without failing', () => {
    const config = deployed({ ...RAZORPAY, RAZORPAY_KEY_ID: 'rzp_test_A1b2C3d4', RAZORPAY_WEBHOOK_SECRET: undefined });
    expect(problems(config)).toEqual([]);
    expect(config.payments.warnings).toEqual([
      'RAZORPAY_KEY_ID is a test key in production: payment links take no real money.',
      'RAZORPAY_WEBHOOK_SECRET is not set: payments made on Razorpay do not come back to the desk.',
    ]);
    expect(config.payments.webhookSecret).toBeUndefined();
  });

  it('refuses a webhook secret too short to keep a forger out, deployed; takes it locally', () => {
    const config = deployed({ ...RAZORPAY, RAZORPAY_WEBHOOK_SECRET: 'short' });
    expect(problems(config)).toEqual([
      { setting: 'RAZORPAY_WEBHOOK_SECRET', message: 'RAZORPAY_WEBHOOK_SECRET must be at least 16 characters.' },
    ]);
    expect(config.payments.webhookSecret).toBeUndefined();
    expect(parseConfig({ ...RAZORPAY, RAZORPAY_WEBHOOK_SECRET: 'short' }).payments.webhookSecret).toBe('short');
  });

  it('RAZORPAY_API_URL must be https when deployed', () => {
    const config = deployed({ ...RAZORPAY, RAZORPAY_API_URL: 'http://127.0.0.1:8790/razorpay' });
    expect(problems(config)).toEqual([
      { setting: 'RAZORPAY_API_URL', message: 'RAZORPAY_API_URL must be an https address.' },
    ]);
    const local = parseConfig({ ...RAZORPAY, RAZORPAY_API_URL: 'http://127.0.0.1:8790/razorpay/' });
    expect(local.payments.provider).toMatchObject({ ok: true, apiUrl: 'http://127.0.0.1:8790/razorpay' });
  });

  it('GSTIN and GST_STATE together make receipts tax invoices; a wrong or mismatched one is refused', () => {
    const gst = deployed({ ...RAZORPAY, GSTIN: '29abcde1234f1z5', GST_STATE: '29' });
    expect(problems(gst)).toEqual([]);
    expect(gst.payments.issuer.gst).toEqual({ gstin: '29ABCDE1234F1Z5', state: '29' });
    for (const [raw, setting] of [
      [{ GSTIN: '29ABCDE1234F1Z', GST_STATE: '29' }, 'GSTIN'],
      [{ GSTIN: '29ABCDE1234F1Z5', GST_STATE: '27' }, 'GST_STATE'],
      [{ GSTIN: '29ABCDE1234F1Z5' }, 'GST_STATE'],
      [{ GST_STATE: '29' }, 'GSTIN'],
    ] as const) {
      const config = deployed({ ...RAZORPAY, ...raw });
      expect(
        problems(config).map((p) => p.setting),
        JSON.stringify(raw),
      ).toEqual([setting]);
      expect(config.payments.issuer.gst).toBeUndefined();
    }
  });

  it('the periods and the receipt prefix: out of range or malformed is a problem, the default stands', () => {
    const config = deployed({
      ...RAZORPAY,
      PAYMENT_LINK_DAYS: '0',
      PAYMENT_RECORD_YEARS: 'eight',
      RECEIPT_PREFIX: 'R/2026',
    });
    expect(problems(config).map((p) => p.setting)).toEqual([
      'PAYMENT_LINK_DAYS',
      'PAYMENT_RECORD_YEARS',
      'RECEIPT_PREFIX',
    ]);
    expect(config.payments).toMatchObject({ linkDays: 7, recordYears: 8, issuer: { prefix: 'R' } });
    const set = deployed({ ...RAZORPAY, PAYMENT_LINK_DAYS: '14', PAYMENT_RECORD_YEARS: '10', RECEIPT_PREFIX: 'INV' });
    expect(set.payments).toMatchObject({ linkDays: 14, recordYears: 10, issuer: { prefix: 'INV' } });
  });
});
