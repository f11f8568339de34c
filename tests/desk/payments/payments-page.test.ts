/**
 * /desk/payments: a month's requests, payments and refunds narrowed by month and status, the CSV of the same rows
 * with formula cells neutralised, a receipt (a tax invoice with CGST and SGST in the supplier's state, IGST across),
 * and a refund asked from it: refused past what is left, else asked of the tool and shown pending.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { getPaymentStore } from '../../../src/store/payments/open';
import type { PaymentRecord, PaymentRequestRecord, Receipt } from '../../../src/store/payments/payments';
import { createRazorpayStandin, razorpayEnv } from '../../standins/razorpay/razorpay';
import { callWorker, postForm } from '../../support/api';

afterEach(() => vi.unstubAllGlobals());

const randomId = () => crypto.randomUUID().replaceAll('-', '');

function setup() {
  const standin = createRazorpayStandin().install();
  const workerEnv: Env = razorpayEnv();
  const page = (path: string) => callWorker(workerEnv, path);
  return { workerEnv, razorpay: standin.razorpay, page, store: getPaymentStore(workerEnv) };
}

function request(at: string, over: Partial<PaymentRequestRecord> = {}): PaymentRequestRecord {
  return {
    id: randomId(),
    formId: randomId(),
    lead: { kind: 'enquiry', id: randomId() },
    reference: `${randomId().slice(0, 24)}-${randomId().slice(0, 8)}`,
    provider: 'razorpay',
    description: 'Coaching, 4 sessions',
    amountPaise: 499_900,
    status: 'created',
    paidPaise: 0,
    expiresAt: at,
    createdBy: 'owner@localhost',
    createdAt: at,
    ...over,
  };
}

type NewPayment = Omit<PaymentRecord, 'receipt'> & { receipt: Omit<Receipt, 'number' | 'seq'> };

function payment(req: PaymentRequestRecord, at: string, receipt: Partial<NewPayment['receipt']> = {}): NewPayment {
  return {
    id: randomId(),
    provider: 'razorpay',
    providerPaymentId: `pay_${randomId().slice(0, 14)}`,
    requestId: req.id,
    lead: req.lead,
    amountPaise: req.amountPaise,
    method: 'upi',
    paidAt: at,
    receipt: {
      year: '2019-20',
      issuerName: 'Priya Raman Coaching',
      issuerAddress: '12 MG Road, Pune 411001',
      buyerName: 'Asha Verma',
      description: req.description,
      taxablePaise: req.amountPaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      ...receipt,
    },
  };
}

describe('/desk/payments', () => {
  it('lists a month’s requests and payments, narrowed by status, with a menu entry', async () => {
    const { page, store } = setup();
    const march = request('2019-03-10T06:00:00.000Z', { description: 'March coaching' });
    const april = request('2019-04-02T06:00:00.000Z', { description: 'April coaching', status: 'paid' });
    const late = request('2019-03-31T19:00:00.000Z', { description: 'Late March in UTC, April in India' });
    for (const r of [march, april, late]) expect(await store.createRequest(r)).toBe(true);
    await store.recordPayment(payment(april, '2019-04-03T06:00:00.000Z'), 'R');

    const html = await (await page('/desk/payments?month=2019-03')).text();
    expect(html).toContain('href="/desk/payments" aria-current="page"');
    expect(html).toContain('March coaching');
    expect(html).not.toContain('April coaching');
    expect(html).not.toContain('Late March in UTC');

    const paid = await (await page('/desk/payments?month=2019-04&status=received')).text();
    expect(paid).toContain('R/2019-20/0001');
    expect(paid).toContain('₹4,999');
    expect(paid).not.toContain('Late March in UTC');

    const bad = await page('/desk/payments?month=2019-13');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose a month as YYYY-MM.');
  });

  it('exports the same rows as CSV with formula cells neutralised', async () => {
    const { page, store } = setup();
    const evil = request('2019-05-10T06:00:00.000Z', { description: '=HYPERLINK("https://evil.example","x")' });
    expect(await store.createRequest(evil)).toBe(true);
    const res = await page('/desk/payments.csv?month=2019-05');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const csv = await res.text();
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('prints a receipt as a tax invoice: CGST and SGST in the state, IGST across', async () => {
    const { page, store } = setup();
    const gst = { gstin: '27ABCDE1234F1Z5', supplierState: '27', taxablePaise: 423_644 };
    const inState = request('2019-06-10T06:00:00.000Z', { buyerState: '27' });
    const across = request('2019-06-11T06:00:00.000Z', { buyerState: '29' });
    const plain = request('2019-06-12T06:00:00.000Z');
    for (const r of [inState, across, plain]) expect(await store.createRequest(r)).toBe(true);
    const a = await store.recordPayment(
      payment(inState, '2019-06-10T07:00:00.000Z', { ...gst, buyerState: '27', cgstPaise: 38_128, sgstPaise: 38_128 }),
      'R',
    );
    const b = await store.recordPayment(
      payment(across, '2019-06-11T07:00:00.000Z', { ...gst, buyerState: '29', igstPaise: 76_256 }),
      'R',
    );
    const c = await store.recordPayment(payment(plain, '2019-06-12T07:00:00.000Z'), 'R');

    const one = await (await page(`/desk/payments/${a.payment.id}/receipt`)).text();
    expect(one).toContain('Tax invoice');
    expect(one).toContain('27ABCDE1234F1Z5');
    expect(one).toContain('999293');
    expect(one).toContain('₹4,236.44');
    expect(one).toContain('CGST 9 %</dt><dd>₹381.28');
    expect(one).toContain('SGST 9 %</dt><dd>₹381.28');
    expect(one).not.toContain('IGST');
    expect(one).toContain('Priya Raman Coaching');

    const two = await (await page(`/desk/payments/${b.payment.id}/receipt`)).text();
    expect(two).toContain('IGST 18 %</dt><dd>₹762.56');
    expect(two).not.toContain('CGST');
    expect(two).toContain('29 Karnataka');

    const three = await (await page(`/desk/payments/${c.payment.id}/receipt`)).text();
    expect(three).not.toContain('Tax invoice');
    expect(three).not.toContain('GSTIN');
    expect(three).toContain(c.payment.receipt.number);

    expect((await page(`/desk/payments/${randomId()}/receipt`)).status).toBe(404);
  });

  it('refuses a refund of more than is left, and asks the tool for one within it, shown pending', async () => {
    const { workerEnv, page, store, razorpay } = setup();
    // A link paid at the stand-in, so the tool knows the payment it is asked to refund.
    const link = await (
      await fetch('https://razorpay.standin.test/v1/payment_links', {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${razorpay.keyId}:${razorpay.keySecret}`)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: 499_900, currency: 'INR', description: 'Coaching', reference_id: randomId() }),
      })
    ).json<{ id: string }>();
    const paid = razorpay.pay(link.id);
    const req = request('2019-07-10T06:00:00.000Z', { linkId: link.id, status: 'paid', paidPaise: 499_900 });
    expect(await store.createRequest(req)).toBe(true);
    const made = await store.recordPayment(
      { ...payment(req, '2019-07-10T07:00:00.000Z'), providerPaymentId: paid.payment.id },
      'R',
    );
    const path = `/desk/payments/${made.payment.id}`;
    const first = await (await page(`${path}/receipt`)).text();
    expect(first).toContain('Up to ₹4,999 can be refunded.');
    const formId = /name="formId" value="([^"]+)"/.exec(first)![1]!;

    const tooMuch = await postForm(workerEnv, `${path}/refund`, { formId, amount: '5000' });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain('Enter an amount from ₹1 to ₹4,999');
    expect(await store.refundsOf(paid.payment.id)).toEqual([]);
    const refundCalls = () => razorpay.calls.filter((c) => c.path.endsWith('/refund'));
    expect(refundCalls()).toEqual([]);

    // A post without the form's id (an old page) is refused and asks for nothing.
    const noForm = await postForm(workerEnv, `${path}/refund`, { amount: '1,000' });
    expect(noForm.status).toBe(400);
    expect(refundCalls()).toEqual([]);

    // The same form posted twice (a double tap) asks for one refund.
    for (let i = 0; i < 2; i++) {
      const ok = await postForm(workerEnv, `${path}/refund`, { formId, amount: '1,000' });
      expect(ok.status).toBe(303);
    }
    expect(refundCalls()).toMatchObject([{ body: { amount: 100_000 } }]);
    expect(await store.refundsOf(paid.payment.id)).toMatchObject([
      { amountPaise: 100_000, status: 'pending', requestedBy: 'owner@localhost' },
    ]);
    const after = await (await page(`${path}/receipt`)).text();
    expect(after).toContain('refund pending');
    expect(after).toContain('Up to ₹3,999 can be refunded.');
    const fresh = /name="formId" value="([^"]+)"/.exec(after)![1]!;
    expect(fresh).not.toBe(formId);
    const again = await postForm(workerEnv, `${path}/refund`, { formId: fresh, amount: '4000' });
    expect(again.status).toBe(400);
  });
});
