/**
 * POST /webhooks/razorpay at the door: no route without the secret, the body capped, the signature over the raw
 * bytes, the event id required, each event applied once (a repeat changes nothing and alerts no one again), and a
 * store that fails answers 503 with Retry-After, leaving the event for Razorpay's retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1PaymentStore } from '../../src/store/payments/payments-d1';
import { FirestorePaymentStore } from '../../src/store/payments/payments-firestore';
import { getPaymentStore } from '../../src/store/payments/open';
import { allowConsoleErrors } from '../setup';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { captureQueue, takeJobs } from '../support/queue';
import { newRazorpay, paidEvent, payingLead, paymentsEnv, postRazorpay, requestPayment } from './webhook-support';

afterEach(() => vi.restoreAllMocks());

const adapters = D1_AND_FIRESTORE;

describe.each(adapters)('the Razorpay webhook on %s', (_, makeEnv) => {
  it('answers 404 before reading the body when RAZORPAY_WEBHOOK_SECRET is unset', async () => {
    const workerEnv = paymentsEnv(await makeEnv(), { RAZORPAY_WEBHOOK_SECRET: '' });
    const res = await postRazorpay(workerEnv, '{}');
    expect(res.status).toBe(404);
  });

  it('refuses a wrong or missing signature with 401 and records nothing', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    const { body, payment } = paidEvent(razorpay, request.linkId!);
    expect((await postRazorpay(workerEnv, body, { signature: null })).status).toBe(401);
    expect((await postRazorpay(workerEnv, body, { signature: '0'.repeat(64) })).status).toBe(401);
    expect((await postRazorpay(workerEnv, body, { secret: 'another-secret-of-16-chars' })).status).toBe(401);
    // Signed over other bytes: the same JSON re-serialised with a space.
    const signature = await razorpay.sign(body, 'standin-webhook-secret-0001');
    expect((await postRazorpay(workerEnv, body.replace(':', ': '), { signature })).status).toBe(401);
    expect(await getPaymentStore(workerEnv).paymentByProviderId(payment.id)).toBeNull();
    expect((await postRazorpay(workerEnv, body, { signature: signature.toUpperCase() })).status).toBe(200);
  });

  it('refuses a body over 256 KiB with 413, and a delivery without an event id with 400', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const big = JSON.stringify({ event: 'payment_link.paid', pad: 'x'.repeat(256 * 1024) });
    expect((await postRazorpay(workerEnv, big)).status).toBe(413);
    const res = await postRazorpay(workerEnv, '{"event":"payment_link.paid"}', { eventId: null });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { 'x-razorpay-event-id': expect.any(String) } } });
  });

  it('answers 200 to an event the site does not act on, and to a body not in Razorpay’s shape', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const razorpay = newRazorpay();
    expect((await postRazorpay(workerEnv, razorpay.event('order.paid', { order: { id: 'order_1' } }))).status).toBe(
      200,
    );
    expect((await postRazorpay(workerEnv, '{"event":"payment_link.paid","payload":{}}')).status).toBe(200);
    expect((await postRazorpay(workerEnv, 'not json')).status).toBe(200);
  });

  it('applies an event once: a repeat by event id changes nothing and alerts no one again', async () => {
    const workerEnv = paymentsEnv(await makeEnv());
    const queued = captureQueue(workerEnv);
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    const { body, payment } = paidEvent(razorpay, request.linkId!);
    expect((await postRazorpay(workerEnv, body, { eventId: 'evt_Repeat0001' })).status).toBe(200);
    const store = getPaymentStore(workerEnv);
    const stored = await store.paymentByProviderId(payment.id);
    const afterFirst = await store.getRequest(request.id);
    expect(afterFirst).toMatchObject({ status: 'paid', paidPaise: 499900 });
    expect((await postRazorpay(workerEnv, body, { eventId: 'evt_Repeat0001' })).status).toBe(200);
    expect(await store.paymentByProviderId(payment.id)).toEqual(stored);
    expect(await store.getRequest(request.id)).toEqual(afterFirst);
    expect(takeJobs(queued, 'payment-alert')).toEqual([{ type: 'payment-alert', providerPaymentId: payment.id }]);
    // The event id was marked after it applied.
    expect(await store.markEvent('evt_Repeat0001', new Date().toISOString())).toBe(false);
  });

  it('answers 503 with Retry-After when the store fails, and Razorpay’s retry records the payment', async () => {
    allowConsoleErrors();
    const workerEnv = paymentsEnv(await makeEnv());
    const queued = captureQueue(workerEnv);
    const razorpay = newRazorpay();
    const request = await requestPayment(workerEnv, razorpay, await payingLead(workerEnv));
    const { body, payment } = paidEvent(razorpay, request.linkId!);
    for (const adapter of [D1PaymentStore, FirestorePaymentStore]) {
      vi.spyOn(adapter.prototype, 'recordPayment').mockRejectedValueOnce(new Error('the store is overloaded'));
    }
    const failed = await postRazorpay(workerEnv, body, { eventId: 'evt_Retry00001' });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('60');
    const store = getPaymentStore(workerEnv);
    expect(await store.paymentByProviderId(payment.id)).toBeNull();
    expect((await store.getRequest(request.id))?.status).toBe('created');

    expect((await postRazorpay(workerEnv, body, { eventId: 'evt_Retry00001' })).status).toBe(200);
    expect(await store.paymentByProviderId(payment.id)).toMatchObject({ amountPaise: 499900 });
    expect((await store.getRequest(request.id))?.status).toBe('paid');
    // Queued on both tries: the ledger sends each owner's alert once (tests/notify/payments).
    expect(takeJobs(queued, 'payment-alert')).toHaveLength(2);
  });
});
