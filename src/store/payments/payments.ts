import type { PaymentProviderName } from '../../config/index';
import type { LeadKind } from '../leads/lead';

export type { PaymentProviderName };

/**
 * Payments (issue 54). Money is integer paise everywhere; rupees exist only in a form field and on a page.
 *
 * A payment request is what an owner asked for from a lead's page: one payment link at the tool. A payment is money
 * the tool says arrived on a link (a deposit, the rest, or the whole). A refund is money sent back on a payment.
 */

/** Where a request stands. `partially_paid` and `paid` are reached by payments; `expired`, `cancelled` close it. */
export const REQUEST_STATUSES = ['creating', 'created', 'partially_paid', 'paid', 'expired', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Where a refund stands: `processed` and `failed` are final. */
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The lead a request (and so its payments) belongs to. */
export interface LeadRef {
  kind: LeadKind;
  id: string;
}

export interface PaymentRequestRecord {
  /** The site's own id: 128 random bits, base64url (`/desk/payments/…` never carries the tool's ids or the lead's). */
  id: string;
  /** The request form's id: a second post of the same form finds this request instead of making a second link. */
  formId: string;
  lead: LeadRef;
  /** What the tool got as `reference_id`: the lead's booking reference, `-`, 8 random hex (unique per link). */
  reference: string;
  provider: PaymentProviderName;
  /** The program (slug) it is for, if any. */
  program?: string;
  description: string;
  amountPaise: number;
  /** The least first part the person may pay (partial payment on). */
  depositPaise?: number;
  /** The buyer's two-digit GST state code, asked on the form when GSTIN is set. */
  buyerState?: string;
  /** The tool's link id (`plink_…`) and its short address; absent while `creating` (the tool not yet answered). */
  linkId?: string;
  shortUrl?: string;
  status: RequestStatus;
  /** Paise paid on the link so far (the tool's `amount_paid`). */
  paidPaise: number;
  expiresAt: string;
  createdBy: string;
  createdAt: string;
  /** When the newest tool event applied to the request was made (ISO): an older one never overwrites it. */
  eventAt?: string;
  /** Who cancelled it from the desk, and when. */
  cancelledBy?: string;
}

/** What a receipt says, fixed when the payment is recorded (a later settings change never rewrites it). */
export interface Receipt {
  /** `R/2026-27/0001`: prefix, Indian financial year (April–March), counter, one unbroken series per year. */
  number: string;
  /** `2026-27`. */
  year: string;
  seq: number;
  issuerName: string;
  issuerAddress: string;
  /** The name on the receipt: the lead's name when the payment arrived. */
  buyerName: string;
  /** The program's title when the payment arrived (its slug if it was no longer published). */
  program?: string;
  description: string;
  /** With a GSTIN: a tax invoice. The taxable value plus the taxes equal the amount paid. */
  gstin?: string;
  supplierState?: string;
  buyerState?: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface RefundRecord {
  /** The tool's refund id (`rfnd_…`). */
  id: string;
  /** The tool's payment id (`pay_…`) it is a refund of: a refund may be heard of before its payment. */
  providerPaymentId: string;
  amountPaise: number;
  status: RefundStatus;
  /** The owner who asked for it from the desk (absent when made at the tool's dashboard). */
  requestedBy?: string;
  createdAt: string;
  /** When the newest tool event applied was made: `processed`/`failed` are final and never go back to pending. */
  eventAt?: string;
}

export interface PaymentRecord {
  /** The site's own id: 128 random bits, base64url (`/desk/payments/:id/receipt`). */
  id: string;
  provider: PaymentProviderName;
  /** The tool's payment id (`pay_…`): one payment record per tool payment, whatever is repeated. */
  providerPaymentId: string;
  requestId: string;
  /** Absent once the person is erased: only the accounting copy (the receipt) is kept. */
  lead?: LeadRef;
  amountPaise: number;
  /** `upi`, `card`, `netbanking`, `wallet`, … as the tool says. */
  method: string;
  paidAt: string;
  receipt: Receipt;
  /** Set when the person was erased: the record is the accounting copy, deleted PAYMENT_RECORD_YEARS after paidAt. */
  erasedAt?: string;
}

/**
 * The payments' port, on the lead store (D1 locally, Firestore in production); both adapters behave the same
 * (tests/store/payments/payment-store.contract.test.ts).
 */
export interface PaymentStore {
  /** Stores a new request; false when one with its formId (or id) exists (then nothing changes). */
  createRequest(request: PaymentRequestRecord): Promise<boolean>;
  getRequest(id: string): Promise<PaymentRequestRecord | null>;
  requestByForm(formId: string): Promise<PaymentRequestRecord | null>;
  requestByLink(linkId: string): Promise<PaymentRequestRecord | null>;
  /** Writes the request whole. */
  putRequest(request: PaymentRequestRecord): Promise<void>;
  /** A lead's requests, newest first. */
  requestsForLead(lead: LeadRef): Promise<PaymentRequestRecord[]>;
  /** Requests made in [from, to), newest first, at most `limit`: /desk/payments. */
  requestsBetween(from: string, to: string, limit: number): Promise<PaymentRequestRecord[]>;

  /** Marks a tool event seen by its id (X-Razorpay-Event-Id): false when seen before, which then changes nothing. */
  markEvent(eventId: string, receivedAt: string): Promise<boolean>;
  /** Forgets at most `limit` events received before `before`, oldest first (the tool retries for a day): how many. */
  pruneEvents(before: string, limit: number): Promise<number>;

  /**
   * Records a payment with the next receipt number of its year, once per providerPaymentId: answers the stored
   * payment and whether this call made it. Two payments at once get two consecutive numbers, none skipped.
   */
  recordPayment(
    payment: Omit<PaymentRecord, 'receipt'> & { receipt: Omit<Receipt, 'number' | 'seq'> },
    prefix: string,
  ): Promise<{ payment: PaymentRecord; created: boolean }>;
  getPayment(id: string): Promise<PaymentRecord | null>;
  paymentByProviderId(providerPaymentId: string): Promise<PaymentRecord | null>;
  paymentsForLead(lead: LeadRef): Promise<PaymentRecord[]>;
  /** Payments paid in [from, to), newest first, at most `limit`: /desk/payments, its CSV and revenue per source. */
  paymentsBetween(from: string, to: string, limit: number): Promise<PaymentRecord[]>;

  getRefund(id: string): Promise<RefundRecord | null>;
  /** Writes the refund whole. */
  putRefund(refund: RefundRecord): Promise<void>;
  /** The refunds of a tool payment, oldest first. */
  refundsOf(providerPaymentId: string): Promise<RefundRecord[]>;
  /** Refunds made in [from, to) (createdAt), newest first, at most `limit`: revenue by the day money went back. */
  refundsBetween(from: string, to: string, limit: number): Promise<RefundRecord[]>;

  /**
   * A person's erasure: deletes the lead's requests and turns each of its payments into the accounting copy (the lead
   * link removed, erasedAt set; the receipt kept). Answers how many of each.
   */
  eraseLead(lead: LeadRef, at: string): Promise<{ requests: number; payments: number }>;
  /** Accounting copies (erasedAt set) paid before `before`, oldest first, at most `limit`: retention. */
  expiredCopies(before: string, limit: number): Promise<PaymentRecord[]>;
  /** Deletes a payment and its refunds; false when there was none. */
  deletePayment(id: string): Promise<boolean>;
}
