/**
 * The payment store's contract, run against every adapter like the bookings' (payment-records.ts): D1 for real inside
 * workerd, and Firestore over REST against the stand-in. Both give the same answers: a request is made once per form,
 * an event is applied once, refunds are found by their payment, and a person's erasure leaves only the accounting
 * copy, which retention then finds and deletes. The receipts' numbering: payment-receipts.contract.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { D1PaymentStore } from '../../../src/store/payments/payments-d1';
import { FirestorePaymentStore } from '../../../src/store/payments/payments-firestore';
import { getPaymentStore } from '../../../src/store/payments/open';
import { ADAPTERS, at, newLeadId, payment, refund, request } from './payment-records';

afterEach(() => vi.unstubAllGlobals());

const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);

describe.each(ADAPTERS)('PaymentStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getPaymentStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1PaymentStore : FirestorePaymentStore);
  });

  it('stores a request once per form: a repeat of its form (or its id) answers false and changes nothing', async () => {
    const store = getPaymentStore(await makeEnv());
    const r = request(newLeadId(), 0, { status: 'creating' });
    await expect(store.createRequest(r)).resolves.toBe(true);
    await expect(store.createRequest({ ...r, id: 'second-id', amountPaise: 100 })).resolves.toBe(false);
    await expect(store.createRequest({ ...r, formId: 'another-form', amountPaise: 100 })).resolves.toBe(false);
    await expect(store.getRequest(r.id)).resolves.toEqual(r);
    await expect(store.requestByForm(r.formId)).resolves.toEqual(r);
    await expect(store.getRequest('second-id')).resolves.toBeNull();
    await expect(store.requestByForm('another-form')).resolves.toBeNull();
    expect(await store.requestsForLead(r.lead)).toHaveLength(1);
  });

  it('writes a request whole, found then by its link', async () => {
    const store = getPaymentStore(await makeEnv());
    const r = request(newLeadId(), 0, { status: 'creating' });
    await store.createRequest(r);
    await expect(store.requestByLink('plink_Abc123')).resolves.toBeNull();
    const made = { ...r, status: 'created' as const, linkId: 'plink_Abc123', shortUrl: 'https://rzp.io/i/abc' };
    await store.putRequest(made);
    await expect(store.requestByLink('plink_Abc123')).resolves.toEqual(made);
    const paid = { ...made, status: 'partially_paid' as const, paidPaise: 100_000, eventAt: at(3), depositPaise: 1 };
    await store.putRequest(paid);
    await expect(store.getRequest(r.id)).resolves.toEqual(paid);
    await expect(store.requestByForm(r.formId)).resolves.toEqual(paid);
  });

  it('lists a lead’s requests newest first, and those made in a window, newest first, at most the limit', async () => {
    const store = getPaymentStore(await makeEnv());
    const lead = newLeadId();
    const rs = [10, 20, 30, 40].map((h) => request(lead, h));
    const other = request(newLeadId(), 25);
    for (const r of [...rs, other]) await store.createRequest(r);
    expect(ids(await store.requestsForLead(rs[0]!.lead))).toEqual(ids([...rs].reverse()));
    expect(ids(await store.requestsBetween(at(20), at(40), 10))).toEqual([rs[2]!.id, other.id, rs[1]!.id]);
    expect(ids(await store.requestsBetween(at(20), at(40), 2))).toEqual([rs[2]!.id, other.id]);
    await expect(store.requestsForLead({ kind: 'enquiry', id: lead })).resolves.toEqual([]);
  });

  it('marks an event once, and forgets those received before a time, oldest first, at most the limit', async () => {
    const store = getPaymentStore(await makeEnv());
    await expect(store.markEvent('evt_1', at(0))).resolves.toBe(true);
    await expect(store.markEvent('evt_1', at(5))).resolves.toBe(false);
    await store.markEvent('evt_2', at(1));
    await store.markEvent('evt_3', at(10));
    await expect(store.pruneEvents(at(5), 1)).resolves.toBe(1);
    await expect(store.pruneEvents(at(5), 10)).resolves.toBe(1);
    await expect(store.pruneEvents(at(5), 10)).resolves.toBe(0);
    // Forgotten, the first two can be marked again; the third is still seen.
    await expect(store.markEvent('evt_1', at(11))).resolves.toBe(true);
    await expect(store.markEvent('evt_2', at(11))).resolves.toBe(true);
    await expect(store.markEvent('evt_3', at(11))).resolves.toBe(false);
  });

  it('writes refunds whole, found by id, by their payment (oldest first) and by when they were made', async () => {
    const store = getPaymentStore(await makeEnv());
    const first = refund('pay_A', 10);
    const second = refund('pay_A', 20, { amountPaise: 50_000 });
    const elsewhere = refund('pay_B', 15);
    // A refund heard of before its payment is stored all the same.
    for (const r of [second, elsewhere, first]) await store.putRefund(r);
    const processed = { ...first, status: 'processed' as const, eventAt: at(12) };
    await store.putRefund(processed);
    await expect(store.getRefund(first.id)).resolves.toEqual(processed);
    await expect(store.getRefund('rfnd_none')).resolves.toBeNull();
    expect(await store.refundsOf('pay_A')).toEqual([processed, second]);
    await expect(store.refundsOf('pay_none')).resolves.toEqual([]);
    expect(ids(await store.refundsBetween(at(10), at(20), 10))).toEqual([elsewhere.id, first.id]);
    expect(ids(await store.refundsBetween(at(0), at(30), 1))).toEqual([second.id]);
    const { requestedBy: _by, ...fromDashboard } = refund('pay_C', 1);
    await store.putRefund(fromDashboard);
    await expect(store.getRefund(fromDashboard.id)).resolves.toEqual(fromDashboard);
  });

  it('erases a lead: its requests deleted, its payments kept only as the accounting copy', async () => {
    const store = getPaymentStore(await makeEnv());
    const lead = newLeadId();
    const req = request(lead, 0);
    const another = request(lead, 1);
    const kept = request(newLeadId(), 0);
    for (const r of [req, another, kept]) await store.createRequest(r);
    const paid = (await store.recordPayment(payment(req, 2), 'R')).payment;
    const theirs = (await store.recordPayment(payment(another, 3), 'R')).payment;
    const other = (await store.recordPayment(payment(kept, 4), 'R')).payment;
    await store.putRefund(refund(paid.providerPaymentId, 5));

    await expect(store.eraseLead(req.lead, at(100))).resolves.toEqual({ requests: 2, payments: 2 });
    await expect(store.getRequest(req.id)).resolves.toBeNull();
    await expect(store.requestByForm(another.formId)).resolves.toBeNull();
    await expect(store.requestsForLead(req.lead)).resolves.toEqual([]);
    await expect(store.paymentsForLead(req.lead)).resolves.toEqual([]);
    const { lead: _lead, ...copy } = paid;
    const stored = await store.getPayment(paid.id);
    expect(stored).toEqual({ ...copy, erasedAt: at(100) });
    expect(stored?.receipt).toEqual(paid.receipt);
    await expect(store.paymentByProviderId(theirs.providerPaymentId)).resolves.toMatchObject({ erasedAt: at(100) });
    expect(await store.refundsOf(paid.providerPaymentId)).toHaveLength(1);
    // Someone else's are untouched; erasing again finds nothing.
    await expect(store.getRequest(kept.id)).resolves.toEqual(kept);
    await expect(store.getPayment(other.id)).resolves.toEqual(other);
    await expect(store.eraseLead(req.lead, at(101))).resolves.toEqual({ requests: 0, payments: 0 });
  });

  it('finds the accounting copies paid before a time, oldest first, and deletes one with its refunds', async () => {
    const store = getPaymentStore(await makeEnv());
    const req = request(newLeadId(), 0);
    const live = request(newLeadId(), 0);
    const copies = [];
    for (const h of [20, 10, 40]) copies.push((await store.recordPayment(payment(req, h), 'R')).payment);
    const notErased = (await store.recordPayment(payment(live, 5), 'R')).payment;
    await store.eraseLead(req.lead, at(50));
    expect(ids(await store.expiredCopies(at(30), 10))).toEqual([copies[1]!.id, copies[0]!.id]);
    expect(ids(await store.expiredCopies(at(30), 1))).toEqual([copies[1]!.id]);

    const target = copies[1]!;
    await store.putRefund(refund(target.providerPaymentId, 11));
    await expect(store.deletePayment(target.id)).resolves.toBe(true);
    await expect(store.getPayment(target.id)).resolves.toBeNull();
    await expect(store.refundsOf(target.providerPaymentId)).resolves.toEqual([]);
    await expect(store.deletePayment(target.id)).resolves.toBe(false);
    expect(ids(await store.expiredCopies(at(100), 10))).toEqual([copies[0]!.id, copies[2]!.id]);
    await expect(store.getPayment(notErased.id)).resolves.toEqual(notErased);
  });
});
