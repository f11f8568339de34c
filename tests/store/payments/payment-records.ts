/**
 * The payment store contract's adapters and records (tests/store/payments/*.contract.test.ts): D1 for real inside
 * workerd, and Firestore over REST against the stand-in, with service-account credentials and through
 * FIRESTORE_EMULATOR_HOST. Each test starts without payments.
 */
import { env } from 'cloudflare:test';
import type { Env } from '../../../src/env';
import type { PaymentRecord, PaymentRequestRecord, Receipt, RefundRecord } from '../../../src/store/payments/payments';
import { firestoreEnv } from '../../support/firestore';

const TABLES = ['payment_requests', 'payments', 'refunds', 'payment_events', 'receipt_counters'];

export const ADAPTERS: Array<[string, () => Promise<Env>]> = [
  [
    'D1',
    async () => {
      await env.DB.batch(TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
      return env;
    },
  ],
  ['Firestore (service account)', async () => (await firestoreEnv('credentials')).env],
  ['Firestore (emulator host)', async () => (await firestoreEnv('emulator')).env],
];

/** A time `h` hours after a fixed start, in the canonical `toISOString` form. */
export const at = (h: number) => new Date(Date.UTC(2030, 5, 1, 0, 0, 0) + h * 3_600_000).toISOString();

const randomId = () => crypto.randomUUID().replaceAll('-', '');

/** A request on quiz lead `leadId`, made at hour `h`. */
export function request(leadId: string, h: number, over: Partial<PaymentRequestRecord> = {}): PaymentRequestRecord {
  return {
    id: randomId(),
    formId: randomId(),
    lead: { kind: 'quiz', id: leadId },
    reference: `ref-${randomId().slice(0, 8)}`,
    provider: 'razorpay',
    program: 'inner-compass',
    description: 'Inner Compass, 8 weeks',
    amountPaise: 499_900,
    status: 'created',
    paidPaise: 0,
    expiresAt: at(h + 24 * 7),
    createdBy: 'priya@example.com',
    createdAt: at(h),
    ...over,
  };
}

export type NewPayment = Omit<PaymentRecord, 'receipt'> & { receipt: Omit<Receipt, 'number' | 'seq'> };

/** A payment of `paise` on `req`, paid at hour `h`, in financial year `year`. */
export function payment(req: PaymentRequestRecord, h: number, year = '2030-31', paise = 499_900): NewPayment {
  return {
    id: randomId(),
    provider: 'razorpay',
    providerPaymentId: `pay_${randomId().slice(0, 14)}`,
    requestId: req.id,
    lead: req.lead,
    amountPaise: paise,
    method: 'upi',
    paidAt: at(h),
    receipt: {
      year,
      issuerName: 'Priya Raman Coaching',
      issuerAddress: '12 MG Road, Pune 411001',
      buyerName: 'Asha Verma',
      program: 'inner-compass',
      description: 'Inner Compass, 8 weeks',
      gstin: '27ABCDE1234F1Z5',
      supplierState: '27',
      buyerState: '29',
      taxablePaise: 423_644,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76_256,
    },
  };
}

export function refund(providerPaymentId: string, h: number, over: Partial<RefundRecord> = {}): RefundRecord {
  return {
    id: `rfnd_${randomId().slice(0, 14)}`,
    providerPaymentId,
    amountPaise: 100_000,
    status: 'pending',
    requestedBy: 'priya@example.com',
    createdAt: at(h),
    ...over,
  };
}

export const newLeadId = randomId;
