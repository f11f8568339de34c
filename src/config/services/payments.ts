import type { Problem } from '../read/problem.ts';
import type { Reader } from '../read/reader.ts';
import { fallbackOf } from '../read/settings.ts';

/** The payment tools the site can ask for money through (PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDERS = ['razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Razorpay's API, reached with HTTP Basic auth (key id, key secret). */
export interface RazorpaySettings {
  name: 'razorpay';
  apiUrl: string;
  keyId: string;
  keySecret: string;
}

/** The business a receipt is issued by, and its GST registration when it has one. */
export interface ReceiptIssuer {
  /** BUSINESS_NAME, BUSINESS_ADDRESS: printed at the head of every receipt. */
  name: string;
  address: string;
  /** RECEIPT_PREFIX (default `R`): receipts are numbered `R/2026-27/0001`. */
  prefix: string;
  /** GSTIN and GST_STATE: with both, a receipt is a tax invoice (SAC 999293, 18 %). */
  gst?: { gstin: string; state: string };
}

/**
 * Payments (issue 54). Never throws: without PAYMENT_PROVIDER the lead page has no payment form, /webhooks/razorpay
 * answers 404 and the site works as before. A provider named without what it needs is a problem outside development
 * (the form then says payments are not set up, never a quiet fallback); in development the missing keys are the
 * local stand-in's.
 */
export interface PaymentsConfig {
  /** The tool payment links are made with; absent: payments are off. `ok: false` carries the reason. */
  provider?: ({ ok: true } & RazorpaySettings) | { name: PaymentProviderName; ok: false; reason: string };
  /** RAZORPAY_WEBHOOK_SECRET: the HMAC key of X-Razorpay-Signature; absent: /webhooks/razorpay answers 404. */
  webhookSecret?: string;
  /** PAYMENT_LINK_DAYS (default 7): a payment link expires this many days after it is made. */
  linkDays: number;
  /** PAYMENT_RECORD_YEARS (default 8): the accounting copy of an erased person's payments is kept this long. */
  recordYears: number;
  issuer: ReceiptIssuer;
  /** Not errors: what the preflight prints as warnings. */
  warnings: string[];
}

/** Webhook secrets shorter than this are refused outside development: a guessable key lets anyone forge a payment. */
const MIN_SECRET_LENGTH = 16;
/** A GSTIN: two-digit state code, PAN (10), entity number, `Z`, check character. */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const STATE_PATTERN = /^[0-9]{2}$/;

export function parsePayments(r: Reader, out: Problem[]): PaymentsConfig {
  const warnings: string[] = [];
  const whole = (name: 'PAYMENT_LINK_DAYS' | 'PAYMENT_RECORD_YEARS', least: number, most: number): number => {
    const value = Number(r.valueOf(name));
    if (Number.isInteger(value) && value >= least && value <= most) return value;
    out.push({ setting: name, message: `${name} must be a whole number from ${least} to ${most}.` });
    return Number(fallbackOf(name));
  };
  const linkDays = whole('PAYMENT_LINK_DAYS', 1, 180);
  const recordYears = whole('PAYMENT_RECORD_YEARS', 1, 20);

  const issuer: ReceiptIssuer = {
    name: r.text('BUSINESS_NAME') ?? '',
    address: r.text('BUSINESS_ADDRESS') ?? '',
    prefix: r.valueOf('RECEIPT_PREFIX') ?? 'R',
  };
  if (!/^[A-Za-z0-9-]{1,12}$/.test(issuer.prefix)) {
    out.push({ setting: 'RECEIPT_PREFIX', message: 'RECEIPT_PREFIX must be 1 to 12 letters, digits or hyphens.' });
    issuer.prefix = 'R';
  }
  const gstin = r.text('GSTIN')?.toUpperCase();
  const state = r.text('GST_STATE');
  if (gstin !== undefined || state !== undefined) {
    if (gstin === undefined || !GSTIN_PATTERN.test(gstin)) {
      out.push({ setting: 'GSTIN', message: 'GSTIN must be a 15-character GST number (GST_STATE is set).' });
    } else if (state === undefined || !STATE_PATTERN.test(state)) {
      out.push({ setting: 'GST_STATE', message: 'GST_STATE must be the two-digit state code of the GSTIN.' });
    } else if (gstin.slice(0, 2) !== state) {
      out.push({
        setting: 'GST_STATE',
        message: `GST_STATE is ${state} but the GSTIN's state code is ${gstin.slice(0, 2)}.`,
      });
    } else {
      issuer.gst = { gstin, state };
    }
  }

  const name = r.text('PAYMENT_PROVIDER');
  if (name === undefined) return { linkDays, recordYears, issuer, warnings };
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(name)) {
    out.push({ setting: 'PAYMENT_PROVIDER', message: 'PAYMENT_PROVIDER must be "razorpay" or empty.' });
    return { linkDays, recordYears, issuer, warnings };
  }
  const problems: Problem[] = [];
  const need = (setting: 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'BUSINESS_NAME' | 'BUSINESS_ADDRESS') => {
    const value = r.text(setting);
    if (value === undefined)
      problems.push({ setting, message: `PAYMENT_PROVIDER is ${name} but ${setting} is not set.` });
    return value ?? '';
  };
  const keyId = need('RAZORPAY_KEY_ID');
  const keySecret = need('RAZORPAY_KEY_SECRET');
  // A receipt without the business's name and address is no receipt: required outside development.
  if (r.deployed) {
    need('BUSINESS_NAME');
    need('BUSINESS_ADDRESS');
  }
  if (keyId !== '' && !/^rzp_(test|live)_[A-Za-z0-9]{6,}$/.test(keyId)) {
    problems.push({
      setting: 'RAZORPAY_KEY_ID',
      message: 'RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…).',
    });
  }
  if (r.environment === 'production' && keyId.startsWith('rzp_test_')) {
    warnings.push('RAZORPAY_KEY_ID is a test key in production: payment links take no real money.');
  }
  const apiUrl = r.address('RAZORPAY_API_URL', problems);
  let webhookSecret = r.text('RAZORPAY_WEBHOOK_SECRET');
  if (webhookSecret === undefined) {
    warnings.push('RAZORPAY_WEBHOOK_SECRET is not set: payments made on Razorpay do not come back to the desk.');
  } else if (r.deployed && webhookSecret.length < MIN_SECRET_LENGTH) {
    out.push({
      setting: 'RAZORPAY_WEBHOOK_SECRET',
      message: `RAZORPAY_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`,
    });
    webhookSecret = undefined;
  }
  out.push(...problems);
  const provider: PaymentsConfig['provider'] =
    problems.length > 0
      ? { name: 'razorpay', ok: false, reason: problems.map((p) => p.message).join(' ') }
      : { name: 'razorpay', ok: true, apiUrl, keyId, keySecret };
  return { provider, ...(webhookSecret !== undefined && { webhookSecret }), linkDays, recordYears, issuer, warnings };
}
