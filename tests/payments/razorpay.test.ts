/**
 * The Razorpay adapter against the strict stand-in: what a payment link carries (and what it never carries), and
 * each way Razorpay can refuse or fail, as the PaymentProviderError the desk shows.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { getPaymentProvider } from '../../src/payments/open';
import { PaymentProviderError } from '../../src/payments/provider';
import { RazorpayProvider } from '../../src/payments/razorpay';
import {
  createRazorpayStandin,
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_URL,
  razorpayEnv,
} from '../standins/razorpay/razorpay';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = { apiUrl: RAZORPAY_URL, keyId: RAZORPAY_KEY_ID, keySecret: RAZORPAY_KEY_SECRET };
const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const link = (extra = {}) => ({
  amountPaise: 499900,
  description: 'Aliveness Coaching',
  reference: `BK7Q2M-${crypto.randomUUID().slice(0, 8)}`,
  expireBy: inAWeek(),
  ...extra,
});

/** The error a call threw, to look at its kind and field. */
async function failure(call: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('Razorpay payment links', () => {
  it('creates a link with the reference and expiry, Razorpay’s own messages off and nothing personal', async () => {
    const standin = createRazorpayStandin().install();
    const request = link();
    const made = await new RazorpayProvider(settings).createLink(request);
    expect(made).toMatchObject({
      status: 'created',
      amountPaise: 499900,
      amountPaidPaise: 0,
      reference: request.reference,
    });
    expect(made.id).toMatch(/^plink_[0-9A-Za-z]{14}$/);
    expect(made.shortUrl).toMatch(/^https:\/\/rzp\.io\/rzp\/[0-9A-Za-z]{8}$/);
    const sent = standin.razorpay.calls[0]!;
    expect(sent.path).toBe('/v1/payment_links');
    expect(sent.body).toEqual({
      amount: 499900,
      currency: 'INR',
      description: 'Aliveness Coaching',
      reference_id: request.reference,
      expire_by: request.expireBy,
      notify: { sms: false, email: false },
      reminder_enable: false,
    });
    expect(sent.body).not.toHaveProperty('customer');
    expect(sent.body).not.toHaveProperty('notes');
  });

  it('turns on partial payment with the deposit as the least first part', async () => {
    const standin = createRazorpayStandin().install();
    const made = await new RazorpayProvider(settings).createLink(link({ firstMinPaise: 100000 }));
    expect(standin.razorpay.calls[0]!.body).toMatchObject({ accept_partial: true, first_min_partial_amount: 100000 });
    standin.razorpay.pay(made.id, { amount: 100000 });
    expect(await new RazorpayProvider(settings).fetchLink(made.id)).toMatchObject({
      status: 'partially_paid',
      amountPaidPaise: 100000,
    });
  });

  it('fetches and cancels a link; a second cancel is refused with Razorpay’s words', async () => {
    createRazorpayStandin().install();
    const razorpay = new RazorpayProvider(settings);
    const made = await razorpay.createLink(link());
    expect((await razorpay.fetchLink(made.id)).status).toBe('created');
    expect((await razorpay.cancelLink(made.id)).status).toBe('cancelled');
    const again = await failure(razorpay.cancelLink(made.id));
    expect([again.kind, again.message]).toEqual([
      'refused',
      'Payment Link cannot be cancelled as it is already cancelled',
    ]);
  });

  it('refunds at most what is left of a payment', async () => {
    const standin = createRazorpayStandin().install();
    const razorpay = new RazorpayProvider(settings);
    const made = await razorpay.createLink(link());
    const { payment } = standin.razorpay.pay(made.id);
    const refund = await razorpay.refund(payment.id, 200000);
    expect(refund).toMatchObject({ providerPaymentId: payment.id, amountPaise: 200000, status: 'pending' });
    expect(refund.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect(standin.razorpay.calls.at(-1)!.body).toEqual({ amount: 200000, speed: 'normal' });
    const over = await failure(razorpay.refund(payment.id, 300000));
    expect([over.kind, over.field]).toEqual(['refused', 'amount']);
  });
});

describe('Razorpay refusing or failing', () => {
  it('a refused field comes back as refused, with the field Razorpay named', async () => {
    createRazorpayStandin().install();
    const razorpay = new RazorpayProvider(settings);
    const small = await failure(razorpay.createLink(link({ amountPaise: 99 })));
    expect([small.kind, small.field, small.message]).toEqual([
      'refused',
      'amount',
      'The amount must be atleast INR 1.00',
    ]);
    const deposit = await failure(razorpay.createLink(link({ firstMinPaise: 499900 })));
    expect([deposit.kind, deposit.field]).toEqual(['refused', 'first_min_partial_amount']);
    const first = link();
    await razorpay.createLink(first);
    const twice = await failure(razorpay.createLink(first));
    expect([twice.kind, twice.field]).toEqual(['refused', 'reference_id']);
  });

  it('a wrong key secret is unauthorized', async () => {
    createRazorpayStandin().install();
    const wrong = await failure(new RazorpayProvider({ ...settings, keySecret: 'not-the-secret' }).createLink(link()));
    expect([wrong.kind, wrong.message]).toEqual(['unauthorized', 'Razorpay refused the key id or secret.']);
  });

  it('Razorpay’s own failure, a dropped connection and no answer are unreachable', async () => {
    const standin = createRazorpayStandin().install();
    standin.razorpay.fail = { status: 502, times: 1 };
    expect((await failure(new RazorpayProvider(settings).createLink(link()))).kind).toBe('unreachable');
    standin.dropNext(1, 'network');
    const dropped = await failure(new RazorpayProvider(settings).createLink(link()));
    expect([dropped.kind, dropped.message]).toEqual(['unreachable', 'Razorpay could not be reached.']);
    standin.dropNext(1, 'hang');
    const slow = await failure(new RazorpayProvider(settings, 50).fetchLink('plink_00000000000000'));
    expect([slow.kind, slow.message]).toEqual(['unreachable', 'Razorpay did not answer within 0.05 s.']);
    // After the failures the same call works.
    expect((await new RazorpayProvider(settings).createLink(link())).status).toBe('created');
  });
});

describe('getPaymentProvider', () => {
  it('is undefined with payments off or not set up, and the adapter with them on', () => {
    expect(getPaymentProvider(env)).toBeUndefined();
    expect(getPaymentProvider({ ...env, PAYMENT_PROVIDER: 'razorpay' } as Env)).toBeUndefined();
    expect(getPaymentProvider(razorpayEnv())).toBeInstanceOf(RazorpayProvider);
  });
});
