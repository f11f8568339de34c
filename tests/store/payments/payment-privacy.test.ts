/**
 * Payments are part of a person's data: their copy lists the requests, the payments with their receipts and the
 * refunds; erasing the person deletes the requests and keeps each payment only as its accounting copy (no link to
 * them); retention does the same for a lead past its period, and deletes an accounting copy past
 * PAYMENT_RECORD_YEARS. On D1 and on Firestore.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { erasePerson, findPerson } from '../../../src/desk/people/people';
import { personCopy } from '../../../src/desk/people/person-copy';
import { pruneExpiredLeads, retentionCutoff } from '../../../src/store/people/retention';
import type { Lead } from '../../../src/store/leads/lead';
import { enquiryLead } from '../../fixtures/leads';
import { getLeadStore } from '../../../src/store/leads/open';
import { getPaymentStore } from '../../../src/store/payments/open';
import { DATED_LEAD_STORES } from '../../support/firestore';
import { randomHex, uniqueMobile } from '../../support/shared';
import { payment, refund, request } from './payment-records';

afterEach(() => vi.restoreAllMocks());

/** Meera's enquiry with this address (a number of its own), arrived at `createdAt`. */
const enquiry = (email: string, createdAt = new Date().toISOString()): Lead =>
  enquiryLead({ createdAt, name: 'Meera Iyer', phone: uniqueMobile(), email, description: 'Coaching', verified: true });

/** A request on the lead, paid at `paidAt` with a receipt in Meera's name, and a refund on it. */
async function paidOn(workerEnv: Env, lead: Lead, paidAt: string) {
  const store = getPaymentStore(workerEnv);
  const asked = request(lead.id, 0, { lead: { kind: 'enquiry', id: lead.id }, description: `Asked ${randomHex(4)}` });
  await store.createRequest(asked);
  const made = payment(asked, 1);
  const { payment: paid } = await store.recordPayment(
    { ...made, paidAt, receipt: { ...made.receipt, buyerName: 'Meera Iyer' } },
    'R',
  );
  const back = refund(paid.providerPaymentId, 2);
  await store.putRefund(back);
  return { asked, paid, back };
}

describe.each(DATED_LEAD_STORES)('payments as personal data on %s', (_, makeEnv) => {
  it("are in a person's copy; their erasure keeps only the accounting copy", async () => {
    const { env: workerEnv } = await makeEnv();
    const email = `meera-${randomHex(4)}@example.com`;
    const lead = enquiry(email);
    await getLeadStore(workerEnv).save(lead);
    const { asked, paid, back } = await paidOn(workerEnv, lead, new Date().toISOString());
    const stranger = enquiry(`someone-${randomHex(4)}@example.com`);
    await getLeadStore(workerEnv).save(stranger);
    const theirs = await paidOn(workerEnv, stranger, new Date().toISOString());

    const records = await findPerson(workerEnv, { email });
    const copy = personCopy(records, new Date().toISOString()).payments;
    expect(copy.requested).toEqual([asked]);
    expect(copy.paid).toEqual([{ ...paid, refunds: [back] }]);

    const { counts } = await erasePerson(workerEnv, { email }, [], 'owner@example.com');
    expect(counts).toMatchObject({ paymentRequests: 1, payments: 1 });
    const store = getPaymentStore(workerEnv);
    await expect(store.getRequest(asked.id)).resolves.toBeNull();
    const kept = await store.getPayment(paid.id);
    expect(kept).toMatchObject({ receipt: paid.receipt, amountPaise: paid.amountPaise, paidAt: paid.paidAt });
    expect(kept?.lead).toBeUndefined();
    expect(kept?.erasedAt).toEqual(expect.any(String));
    expect(await store.refundsOf(paid.providerPaymentId)).toEqual([back]);
    // Nothing of someone else's changes.
    await expect(store.getRequest(theirs.asked.id)).resolves.toEqual(theirs.asked);
    await expect(store.getPayment(theirs.paid.id)).resolves.toEqual(theirs.paid);
  });

  it('go with their lead at retention, the accounting copy kept until PAYMENT_RECORD_YEARS after the payment', async () => {
    const { env: workerEnv, saveAt } = await makeEnv();
    const now = Date.now();
    const old = new Date(Date.parse(retentionCutoff(now)) - 86_400_000).toISOString();
    const lead = enquiry(`old-${randomHex(4)}@example.com`, old);
    await saveAt(lead, old);
    const { asked, paid } = await paidOn(workerEnv, lead, old);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // Other files' expired leads may go in the same run (shared storage): at least this one's.
    const counts = await pruneExpiredLeads(workerEnv, now);
    expect(counts.paymentRequests).toBeGreaterThanOrEqual(1);
    expect(counts.payments).toBeGreaterThanOrEqual(1);
    const store = getPaymentStore(workerEnv);
    await expect(store.getRequest(asked.id)).resolves.toBeNull();
    const kept = await store.getPayment(paid.id);
    expect(kept?.lead).toBeUndefined();
    expect(kept?.receipt).toEqual(paid.receipt);
    // With the accounting copy kept only as long as the lead (2 years), the next run deletes it with its refund.
    const short = { ...workerEnv, PAYMENT_RECORD_YEARS: '1' };
    expect((await pruneExpiredLeads(short, now)).paymentCopies).toBeGreaterThanOrEqual(1);
    await expect(store.getPayment(paid.id)).resolves.toBeNull();
    await expect(store.refundsOf(paid.providerPaymentId)).resolves.toEqual([]);
  });
});
