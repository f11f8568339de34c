/**
 * The payments' retention (src/store/payments/retention.ts): an accounting copy is deleted PAYMENT_RECORD_YEARS after
 * its payment and not before, a payment still linked to its lead never, and a tool event is forgotten after
 * PAYMENT_EVENT_DAYS. On D1; the Firestore adapter's expiredCopies and pruneEvents answer the same (the contract).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { checkRetention } from '../../../src/health/checks/retention';
import { getPaymentStore } from '../../../src/store/payments/open';
import { PAYMENT_EVENT_DAYS, prunePayments } from '../../../src/store/payments/retention';
import { ADAPTERS, newLeadId, payment, request } from './payment-records';

const DAY = 86_400_000;
const now = Date.UTC(2031, 0, 15, 12, 0, 0);
const yearsAgo = (years: number, days = 0) => {
  const d = new Date(now - days * DAY);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString();
};

/** A payment paid at `paidAt`, erased (kept only as the accounting copy) unless `linked`. */
async function paid(workerEnv: Env, paidAt: string, linked = false) {
  const store = getPaymentStore(workerEnv);
  const req = request(newLeadId(), 0);
  const { payment: p } = await store.recordPayment({ ...payment(req, 0), paidAt }, 'R');
  if (!linked) await store.eraseLead(req.lead, new Date(now).toISOString());
  return p;
}

describe('payment retention', () => {
  let workerEnv: Env;
  beforeEach(async () => {
    workerEnv = await ADAPTERS[0]![1]();
  });

  it('deletes the accounting copies paid more than PAYMENT_RECORD_YEARS (8) ago, and no other payment', async () => {
    const old = await paid(workerEnv, yearsAgo(8, 1));
    const young = await paid(workerEnv, yearsAgo(8, -1));
    const linked = await paid(workerEnv, yearsAgo(9), true);
    await expect(prunePayments(workerEnv, now, 10)).resolves.toBe(1);
    const store = getPaymentStore(workerEnv);
    await expect(store.getPayment(old.id)).resolves.toBeNull();
    await expect(store.getPayment(young.id)).resolves.not.toBeNull();
    await expect(store.getPayment(linked.id)).resolves.not.toBeNull();
  });

  it('reads the period from PAYMENT_RECORD_YEARS', async () => {
    const sixYears = await paid(workerEnv, yearsAgo(6));
    await expect(prunePayments(workerEnv, now, 10)).resolves.toBe(0);
    await expect(prunePayments({ ...workerEnv, PAYMENT_RECORD_YEARS: '5' }, now, 10)).resolves.toBe(1);
    await expect(getPaymentStore(workerEnv).getPayment(sixYears.id)).resolves.toBeNull();
  });

  it('makes the self-check fail while an accounting copy is kept a day past its period', async () => {
    const old = await paid(workerEnv, yearsAgo(8, 2));
    const check = await checkRetention(workerEnv, now);
    expect(check.ok).toBe(false);
    expect(check.detail).toContain('payment receipts');
    await prunePayments(workerEnv, now, 10);
    await expect(getPaymentStore(workerEnv).getPayment(old.id)).resolves.toBeNull();
    expect((await checkRetention(workerEnv, now)).detail).not.toContain('payment receipts');
  });

  it(`forgets the tool's events after ${PAYMENT_EVENT_DAYS} days`, async () => {
    const store = getPaymentStore(workerEnv);
    await store.markEvent('evt_old', new Date(now - (PAYMENT_EVENT_DAYS + 1) * DAY).toISOString());
    await store.markEvent('evt_recent', new Date(now - (PAYMENT_EVENT_DAYS - 1) * DAY).toISOString());
    await prunePayments(workerEnv, now, 10);
    await expect(store.markEvent('evt_old', new Date(now).toISOString())).resolves.toBe(true);
    await expect(store.markEvent('evt_recent', new Date(now).toISOString())).resolves.toBe(false);
  });
});
