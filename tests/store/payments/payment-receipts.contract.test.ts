/**
 * The payment store's contract, its receipts (the rest: payment-store.contract.test.ts): a payment is recorded once
 * per tool payment, and each financial year's receipt numbers run 0001, 0002, … with no gap and no double, also when
 * payments arrive at the same moment; on D1 and on Firestore alike.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPaymentStore } from '../../../src/store/payments/open';
import { ADAPTERS, newLeadId, payment, request } from './payment-records';

afterEach(() => vi.unstubAllGlobals());

const numbers = (list: Array<{ receipt: { number: string } }>) => list.map((p) => p.receipt.number).sort();

describe.each(ADAPTERS)('PaymentStore receipts: %s', (_, makeEnv) => {
  it('records a payment with the first number of its year, and reads it back whole by either id', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    const p = payment(req, 1);
    const { payment: stored, created } = await store.recordPayment(p, 'R');
    expect(created).toBe(true);
    const receipt = { ...p.receipt, number: 'R/2030-31/0001', seq: 1 };
    expect(stored).toEqual({ ...p, receipt });
    await expect(store.getPayment(p.id)).resolves.toEqual(stored);
    await expect(store.paymentByProviderId(p.providerPaymentId)).resolves.toEqual(stored);
    await expect(store.getPayment('none')).resolves.toBeNull();
    await expect(store.paymentByProviderId('pay_none')).resolves.toBeNull();
  });

  it('records a repeated tool payment once: the repeat answers the stored one and takes no number', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    const first = payment(req, 1);
    await store.recordPayment(first, 'R');
    // The same tool payment again, as a retried webhook brings it (even with another site id and time).
    const again = await store.recordPayment({ ...first, id: 'another-id', paidAt: first.paidAt }, 'R');
    expect(again.created).toBe(false);
    expect(again.payment.id).toBe(first.id);
    expect(again.payment.receipt.number).toBe('R/2030-31/0001');
    const next = await store.recordPayment(payment(req, 2), 'R');
    expect(next.payment.receipt.number).toBe('R/2030-31/0002');
    expect(await store.paymentsForLead(req.lead)).toHaveLength(2);
  });

  it('gives two payments arriving at once two consecutive numbers, none skipped', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    await store.recordPayment(payment(req, 1), 'R');
    const [a, b] = await Promise.all([
      store.recordPayment(payment(req, 2), 'R'),
      store.recordPayment(payment(req, 2), 'R'),
    ]);
    expect([a!.created, b!.created]).toEqual([true, true]);
    expect(numbers([a!.payment, b!.payment])).toEqual(['R/2030-31/0002', 'R/2030-31/0003']);
  });

  it('keeps the series unbroken under several payments and a repeat at once', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    const ps = [1, 2, 3, 4].map((h) => payment(req, h));
    const results = await Promise.all([...ps, ps[0]!].map((p) => store.recordPayment(p, 'R')));
    expect(results.filter((r) => r.created)).toHaveLength(4);
    const stored = await store.paymentsForLead(req.lead);
    expect(numbers(stored)).toEqual(['R/2030-31/0001', 'R/2030-31/0002', 'R/2030-31/0003', 'R/2030-31/0004']);
    expect(stored.map((p) => p.receipt.seq).sort()).toEqual([1, 2, 3, 4]);
  });

  it('starts each financial year at 0001, with the prefix given', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    await store.recordPayment(payment(req, 1, '2030-31'), 'R');
    await store.recordPayment(payment(req, 2, '2030-31'), 'R');
    const next = await store.recordPayment(payment(req, 3, '2031-32'), 'INV');
    expect(next.payment.receipt).toMatchObject({ number: 'INV/2031-32/0001', year: '2031-32', seq: 1 });
    const after = await store.recordPayment(payment(req, 4, '2030-31'), 'R');
    expect(after.payment.receipt.number).toBe('R/2030-31/0003');
  });

  it('never gives a deleted payment’s number again', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    await store.recordPayment(payment(req, 1), 'R');
    const second = await store.recordPayment(payment(req, 2), 'R');
    await expect(store.deletePayment(second.payment.id)).resolves.toBe(true);
    const third = await store.recordPayment(payment(req, 3), 'R');
    expect(third.payment.receipt.number).toBe('R/2030-31/0003');
  });

  it('lists payments paid in a window, newest first, at most the limit', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    const ps = [];
    for (const h of [10, 20, 30, 40]) ps.push((await store.recordPayment(payment(req, h), 'R')).payment);
    const ids = (list: Array<{ id: string }>) => list.map((p) => p.id);
    const window = await store.paymentsBetween(ps[1]!.paidAt, ps[3]!.paidAt, 10);
    expect(ids(window)).toEqual([ps[2]!.id, ps[1]!.id]);
    expect(ids(await store.paymentsBetween(ps[0]!.paidAt, ps[3]!.paidAt, 1))).toEqual([ps[2]!.id]);
    expect(ids(await store.paymentsForLead(req.lead))).toEqual(ids([...ps].reverse()));
    await expect(store.paymentsForLead({ kind: 'quiz', id: 'other' })).resolves.toEqual([]);
  });
});
