/**
 * The Razorpay stand-in is as strict as Razorpay (tests/standins/razorpay/razorpay-rules.mjs): what it refuses, in
 * Razorpay's error shape, and the ids it makes. Tests that pass against a lenient stand-in prove nothing.
 */
import { describe, expect, it } from 'vitest';
import { createRazorpay, sign } from '../standins/razorpay/razorpay-rules.mjs';

const KEY = { keyId: 'rzp_test_Rules0001', keySecret: 'rules-secret' };
const auth = `Basic ${btoa(`${KEY.keyId}:${KEY.keySecret}`)}`;
const nowS = () => Math.floor(Date.now() / 1000);

function post(razorpay: ReturnType<typeof createRazorpay>, path: string, body: object, authorization = auth) {
  return razorpay.handle(
    new Request(`https://razorpay.standin.test${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
const valid = (extra = {}) => ({
  amount: 10000,
  currency: 'INR',
  reference_id: 'REF-1',
  expire_by: nowS() + 3600,
  ...extra,
});

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  const { error } = (await res.json()) as { error: Record<string, unknown> };
  expect(error.code).toBe('BAD_REQUEST_ERROR');
  return error.field;
}

describe('the Razorpay stand-in', () => {
  it('refuses a wrong key with 401 in Razorpay’s shape', async () => {
    const res = await post(createRazorpay(KEY), '/v1/payment_links', valid(), `Basic ${btoa('rzp_test_x:wrong')}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Authentication failed',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
  });

  it('refuses each field as Razorpay does, naming it', async () => {
    const razorpay = createRazorpay(KEY);
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ amount: 99 })))).toBe('amount');
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ amount: 100.5 })))).toBe('amount');
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ currency: 'USD' })))).toBe('currency');
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ reference_id: 'x'.repeat(41) })))).toBe(
      'reference_id',
    );
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ expire_by: nowS() - 1 })))).toBe(
      'expire_by',
    );
    const noPartial = valid({ first_min_partial_amount: 5000 });
    expect(await refusal(await post(razorpay, '/v1/payment_links', noPartial))).toBe('first_min_partial_amount');
    const tooBig = valid({ accept_partial: true, first_min_partial_amount: 10000 });
    expect(await refusal(await post(razorpay, '/v1/payment_links', tooBig))).toBe('first_min_partial_amount');
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid({ colour: 'red' })))).toBeUndefined();
    expect(razorpay.links.size).toBe(0);
  });

  it('keeps reference_id unique among active links only', async () => {
    const razorpay = createRazorpay(KEY);
    const first = (await (await post(razorpay, '/v1/payment_links', valid())).json()) as { id: string };
    expect(await refusal(await post(razorpay, '/v1/payment_links', valid()))).toBe('reference_id');
    expect((await post(razorpay, `/v1/payment_links/${first.id}/cancel`, {})).status).toBe(200);
    expect((await post(razorpay, '/v1/payment_links', valid())).status).toBe(200);
  });

  it('pays a link in parts, then refunds no more than was paid; the webhook body it builds is signed', async () => {
    const razorpay = createRazorpay(KEY);
    const made = (await (
      await post(razorpay, '/v1/payment_links', valid({ accept_partial: true, first_min_partial_amount: 3000 }))
    ).json()) as { id: string };
    expect(() => razorpay.pay(made.id, { amount: 2000 })).toThrow('first_min_partial_amount');
    const first = razorpay.pay(made.id, { amount: 4000 });
    expect(first.link).toMatchObject({ status: 'partially_paid', amount_paid: 4000 });
    expect(first.payment.id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(razorpay.pay(made.id).link).toMatchObject({ status: 'paid', amount_paid: 10000 });
    expect(await refusal(await post(razorpay, `/v1/payments/${first.payment.id}/refund`, { amount: 4001 }))).toBe(
      'amount',
    );
    expect((await post(razorpay, `/v1/payments/${first.payment.id}/refund`, { amount: 4000 })).status).toBe(200);
    const body = razorpay.event('payment_link.paid', { payment_link: first.link, payment: first.payment });
    expect(JSON.parse(body)).toMatchObject({
      event: 'payment_link.paid',
      payload: { payment: { entity: { amount: 4000 } } },
    });
    // A known HMAC-SHA256 vector (RFC 4231 case 2).
    expect(await sign('what do ya want for nothing?', 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});
