/**
 * Razorpay's events applied, through the webhook, whatever order they arrive in: a payment recorded once with its
 * receipt (numbered in one series, a tax invoice with GSTIN), the request never back from paid, a deposit then the
 * rest, refunds heard of before their payment and final states that stay final, and the lead made a client unless
 * an owner chose otherwise after asking.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { financialYear } from '../../src/payments/receipt-year';
import { getLeadStore } from '../../src/store/leads/open';
import { getPaymentStore } from '../../src/store/payments/open';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { captureQueue, takeJobs } from '../support/queue';
import { newRazorpay, paidEvent, payingLead, paymentsEnv, postRazorpay, requestPayment } from './webhook-support';

afterEach(() => vi.restoreAllMocks());

const adapters = D1_AND_FIRESTORE;

const GST = { GSTIN: '29ABCDE1234F1Z5', GST_STATE: '29' };
const minutesAgo = (n: number) => Date.now() - n * 60_000;

describe.each(adapters)('Razorpay events applied on %s', (_, makeEnv) => {
  it('records a payment with its receipt and makes the lead a client', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const queued = captureQueue(workerEnv);
    const razorpay = newRazorpay();
    const lead = await payingLead(workerEnv);
    const request = await requestPayment(workerEnv, razorpay, lead);
    const { body, payment } = paidEvent(razorpay, request.linkId!, { at: minutesAgo(1) });
    expect((await postRazorpay(workerEnv, body)).status).toBe(200);

    const stored = await getPaymentStore(workerEnv).paymentByProviderId(payment.id);
    expect(stored).toMatchObject({
      requestId: request.id,
      lead: { kind: 'quiz', id: lead.id },
      amountPaise: 499900,
      method: 'upi',
      paidAt: new Date(payment.created_at * 1000).toISOString(),
      receipt: {
        year: financialYear(new Date(payment.created_at * 1000)),
        issuerName: 'Priya Raman Coaching',
        buyerName: 'Asha Verma',
        program: 'Retreats & Workshops',
        description: 'Retreat, March 2027',
        taxablePaise: 499900,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      },
    });
    expect(stored!.receipt.number).toMatch(new RegExp(`^R/${stored!.receipt.year}/\\d{4}$`));
    expect(stored!.receipt).not.toHaveProperty('gstin');
    expect(await getPaymentStore(workerEnv).getRequest(request.id)).toMatchObject({
      status: 'paid',
      paidPaise: 499900,
    });
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk).toMatchObject({
      status: 'client',
      statusBy: 'Razorpay',
    });
    expect(takeJobs(queued, 'payment-alert')).toHaveLength(1);
  });

  it('a deposit leaves the status; the rest makes a client, with the next receipt number', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const lead = await payingLead(workerEnv);
    const request = await requestPayment(workerEnv, razorpay, lead, { depositPaise: 100000 });
    const first = paidEvent(razorpay, request.linkId!, { amount: 100000, at: minutesAgo(3) });
    expect(JSON.parse(first.body).event).toBe('payment_link.partially_paid');
    await postRazorpay(workerEnv, first.body);
    const store = getPaymentStore(workerEnv);
    expect(await store.getRequest(request.id)).toMatchObject({ status: 'partially_paid', paidPaise: 100000 });
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('new');

    const rest = paidEvent(razorpay, request.linkId!, { at: minutesAgo(1) });
    await postRazorpay(workerEnv, rest.body);
    expect(await store.getRequest(request.id)).toMatchObject({ status: 'paid', paidPaise: 499900 });
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('client');
    const [a, b] = await Promise.all([first, rest].map((e) => store.paymentByProviderId(e.payment.id)));
    expect([a!.amountPaise, b!.amountPaise]).toEqual([100000, 399900]);
    if (a!.receipt.year === b!.receipt.year) expect(b!.receipt.seq).toBe(a!.receipt.seq + 1);
  });

  it('never goes back from paid: a late partial payment, an expiry heard of after the payment', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv), { depositPaise: 100000 });
    const deposit = paidEvent(razorpay, request.linkId!, { amount: 100000, at: minutesAgo(5) });
    const rest = paidEvent(razorpay, request.linkId!, { at: minutesAgo(4) });
    // The expiry is the newest event, but the link was paid before it: paid stands.
    const expired = razorpay.event('payment_link.expired', { payment_link: rest.link }, minutesAgo(1));
    await postRazorpay(workerEnv, expired);
    await postRazorpay(workerEnv, rest.body);
    await postRazorpay(workerEnv, deposit.body);
    const store = getPaymentStore(workerEnv);
    expect(await store.getRequest(request.id)).toMatchObject({ status: 'paid', paidPaise: 499900 });
    expect(await store.paymentByProviderId(deposit.payment.id)).not.toBeNull();
  });

  it('a payment that arrives after the expiry is recorded and pays the request', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    // The link as it expired, unpaid; the payment made just before the expiry is heard of after it.
    const unpaid = { ...razorpay.links.get(request.linkId!)!, status: 'expired' };
    const { body } = paidEvent(razorpay, request.linkId!, { at: minutesAgo(3) });
    await postRazorpay(workerEnv, razorpay.event('payment_link.expired', { payment_link: unpaid }, minutesAgo(1)));
    expect((await getPaymentStore(workerEnv).getRequest(request.id))?.status).toBe('expired');
    await postRazorpay(workerEnv, body);
    expect(await getPaymentStore(workerEnv).getRequest(request.id)).toMatchObject({
      status: 'paid',
      paidPaise: 499900,
    });
  });

  it('an expiry after a deposit closes the request, the deposit counted, even when the deposit is heard of last', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv), { depositPaise: 100000 });
    const deposit = paidEvent(razorpay, request.linkId!, { amount: 100000, at: minutesAgo(5) });
    const expired = razorpay.event('payment_link.expired', { payment_link: razorpay.expire(request.linkId!) });
    await postRazorpay(workerEnv, expired);
    await postRazorpay(workerEnv, deposit.body);
    expect(await getPaymentStore(workerEnv).getRequest(request.id)).toMatchObject({
      status: 'expired',
      paidPaise: 100000,
    });
  });

  it('keeps a refund heard of before its payment; a late refund.created never undoes processed', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    const paid = paidEvent(razorpay, request.linkId!, { at: minutesAgo(10) });
    const refundEntity = (status: string) => ({
      id: 'rfnd_EarlyRefund001',
      entity: 'refund',
      amount: 200000,
      currency: 'INR',
      payment_id: paid.payment.id,
      status,
      created_at: Math.floor(minutesAgo(5) / 1000),
    });
    await postRazorpay(
      workerEnv,
      razorpay.event('refund.processed', { refund: refundEntity('processed') }, minutesAgo(2)),
    );
    const store = getPaymentStore(workerEnv);
    expect(await store.refundsOf(paid.payment.id)).toMatchObject([{ status: 'processed', amountPaise: 200000 }]);
    await postRazorpay(workerEnv, paid.body);
    expect(await store.paymentByProviderId(paid.payment.id)).not.toBeNull();
    await postRazorpay(workerEnv, razorpay.event('refund.created', { refund: refundEntity('pending') }, minutesAgo(4)));
    expect(await store.getRefund('rfnd_EarlyRefund001')).toMatchObject({ status: 'processed', amountPaise: 200000 });
  });

  it('keeps the owner’s own choice: a lead whose status an owner changed after asking stays as they set it', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const lead = await payingLead(workerEnv);
    const request = await requestPayment(workerEnv, razorpay, lead, { minutesAgo: 30 });
    await getLeadStore(workerEnv).update('quiz', lead.id, {
      status: 'closed',
      by: 'owner@example.com',
      at: new Date(minutesAgo(20)).toISOString(),
    });
    await postRazorpay(workerEnv, paidEvent(razorpay, request.linkId!).body);
    expect((await getLeadStore(workerEnv).get('quiz', lead.id))?.desk.status).toBe('closed');
  });

  it('ignores an event whose reference is not the request’s', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    const { payment, link } = razorpay.pay(request.linkId!);
    const forged = razorpay.event('payment_link.paid', {
      payment_link: { ...link, reference_id: 'other-ref' },
      payment,
    });
    expect((await postRazorpay(workerEnv, forged)).status).toBe(200);
    expect(await getPaymentStore(workerEnv).paymentByProviderId(payment.id)).toBeNull();
    expect((await getPaymentStore(workerEnv).getRequest(request.id))?.status).toBe('created');
  });

  it('numbers two payments arriving at once with two consecutive receipts', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const [one, two] = await Promise.all([payingLead(workerEnv), payingLead(workerEnv)]);
    const requests = [await requestPayment(workerEnv, razorpay, one), await requestPayment(workerEnv, razorpay, two)];
    const events = requests.map((r) => paidEvent(razorpay, r.linkId!));
    const answers = await Promise.all(events.map((e) => postRazorpay(workerEnv, e.body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const stored = await Promise.all(events.map((e) => getPaymentStore(workerEnv).paymentByProviderId(e.payment.id)));
    const seqs = stored.map((p) => p!.receipt.seq).sort((x, y) => x - y);
    expect(seqs[1]).toBe(seqs[0]! + 1);
    expect(new Set(stored.map((p) => p!.receipt.number)).size).toBe(2);
  });

  it('with GSTIN: CGST and SGST for a buyer in the state, IGST for one outside', async () => {
    const workerEnv = paymentsEnv(await makeEnv(), GST);
    const razorpay = newRazorpay();
    const inState = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv), { buyerState: '29' });
    const outside = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv), { buyerState: '27' });
    const [a, b] = [paidEvent(razorpay, inState.linkId!), paidEvent(razorpay, outside.linkId!)];
    await postRazorpay(workerEnv, a.body);
    await postRazorpay(workerEnv, b.body);
    const store = getPaymentStore(workerEnv);
    expect((await store.paymentByProviderId(a.payment.id))?.receipt).toMatchObject({
      gstin: GST.GSTIN,
      supplierState: '29',
      buyerState: '29',
      taxablePaise: 423644,
      cgstPaise: 38128,
      sgstPaise: 38128,
      igstPaise: 0,
    });
    expect((await store.paymentByProviderId(b.payment.id))?.receipt).toMatchObject({
      buyerState: '27',
      taxablePaise: 423644,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76256,
    });
  });
});
