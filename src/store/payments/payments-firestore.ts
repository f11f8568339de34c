import type { LeadRef, PaymentRecord, PaymentRequestRecord, PaymentStore, Receipt, RefundRecord } from './payments';
import { FirestoreStore, type Document } from '../firestore/firestore-client';
import { createHashed, getHashed, guarded, hashedId, setHashed } from '../firestore/firestore-guard';
import { allOf, fieldFilter, inRange, oldestBefore, whereEqual } from '../firestore/firestore-queries';
import {
  leadKey,
  paymentFields,
  paymentOf,
  refundFields,
  refundOf,
  requestFields,
  requestOf,
} from './payments-firestore-documents';

/** One document per request; its id is the SHA-256 of the form id, so a second post of the form cannot make two. */
export const PAYMENT_REQUESTS_COLLECTION = 'payment_requests';
/** One document per tool payment; its id is the SHA-256 of the tool's payment id, so it is recorded once. */
export const PAYMENTS_COLLECTION = 'payments';
/** One document per refund; its id is the SHA-256 of the tool's refund id. */
export const REFUNDS_COLLECTION = 'refunds';
/** One document per tool event applied, created once: its id is the SHA-256 of the event id. */
export const PAYMENT_EVENTS_COLLECTION = 'payment_events';
/** One document per receipt number given, `<year>-<seq>` (2026-27-1), created with its payment in one commit. */
export const RECEIPT_NUMBERS_COLLECTION = 'receipt_numbers';

/** Tries at a number before giving up: each failed try means another payment took that number meanwhile. */
const MAX_CLAIMS = 20;
/** A receipt number's place in the order of all numbers: its year's first year times this, plus its seq. */
const YEAR_SPAN = 1_000_000;

/**
 * Payments in Firestore. A payment is created in one commit with the document of its receipt number, each only if
 * none has its id: a repeated tool payment finds its document, and two payments trying the same number cannot both
 * have it (the loser tries the next), so a year's numbers have no gap and no double. Every query is a single-field
 * equality or one range ordered on its own field, so no composite index is needed; the rest is sorted here.
 */
export class FirestorePaymentStore extends FirestoreStore implements PaymentStore {
  async createRequest(r: PaymentRequestRecord): Promise<boolean> {
    return guarded('store a payment request', async () => {
      if (await this.findRequest(r.id)) return false;
      return this.client.create(PAYMENT_REQUESTS_COLLECTION, await hashedId(r.formId), requestFields(r), []);
    });
  }

  async getRequest(id: string): Promise<PaymentRequestRecord | null> {
    return guarded('read a payment request', () => this.findRequest(id));
  }

  async requestByForm(formId: string): Promise<PaymentRequestRecord | null> {
    const doc = await getHashed(this.client, 'read a payment request', PAYMENT_REQUESTS_COLLECTION, formId);
    return doc ? requestOf(doc) : null;
  }

  async requestByLink(linkId: string): Promise<PaymentRequestRecord | null> {
    const [doc] = await this.equal('read a payment request', PAYMENT_REQUESTS_COLLECTION, 'linkId', linkId);
    return doc ? requestOf(doc) : null;
  }

  putRequest(r: PaymentRequestRecord): Promise<void> {
    return setHashed(this.client, 'store a payment request', PAYMENT_REQUESTS_COLLECTION, r.formId, requestFields(r));
  }

  requestsForLead(lead: LeadRef): Promise<PaymentRequestRecord[]> {
    return this.ofLead(
      'read a lead’s payment requests',
      PAYMENT_REQUESTS_COLLECTION,
      lead,
      requestOf,
      (r) => r.createdAt,
    );
  }

  async requestsBetween(from: string, to: string, limit: number): Promise<PaymentRequestRecord[]> {
    const docs = await this.range('read payment requests', PAYMENT_REQUESTS_COLLECTION, 'createdAt', from, to, limit);
    return docs.map(requestOf);
  }

  async markEvent(eventId: string, receivedAt: string): Promise<boolean> {
    const fields = { eventId, receivedAt: new Date(receivedAt) };
    return createHashed(this.client, 'mark a payment event seen', PAYMENT_EVENTS_COLLECTION, eventId, fields);
  }

  async pruneEvents(before: string, limit: number): Promise<number> {
    return guarded('forget old payment events', async () => {
      const docs = await this.client.query(oldestBefore(PAYMENT_EVENTS_COLLECTION, 'receivedAt', before, limit));
      let pruned = 0;
      for (const doc of docs) if (await this.client.delete(PAYMENT_EVENTS_COLLECTION, idOf(doc))) pruned += 1;
      return pruned;
    });
  }

  async recordPayment(
    p: Omit<PaymentRecord, 'receipt'> & { receipt: Omit<Receipt, 'number' | 'seq'> },
    prefix: string,
  ): Promise<{ payment: PaymentRecord; created: boolean }> {
    const { year } = p.receipt;
    if (!/^[0-9]{4}-[0-9]{2}$/.test(year)) throw new Error(`a receipt year is like 2026-27, not ${year}`);
    const first = Number(year.slice(0, 4)) * YEAR_SPAN;
    return guarded('record a payment', async () => {
      const id = await hashedId(p.providerPaymentId);
      for (let tries = 0; tries < MAX_CLAIMS; tries++) {
        const stored = await this.client.get(PAYMENTS_COLLECTION, id);
        if (stored) return { payment: paymentOf(stored), created: false };
        const seq = (await this.lastSeq(first)) + 1;
        const number = `${prefix}/${year}/${String(seq).padStart(4, '0')}`;
        const payment: PaymentRecord = { ...p, receipt: { ...p.receipt, number, seq } };
        const claimed = await this.client.createAll([
          { collection: PAYMENTS_COLLECTION, id, fields: paymentFields(payment) },
          {
            collection: RECEIPT_NUMBERS_COLLECTION,
            id: `${year}-${seq}`,
            fields: { year, seq, order: first + seq, paymentId: p.id },
          },
        ]);
        if (claimed) return { payment, created: true };
      }
      throw new Error(`no receipt number could be claimed in ${MAX_CLAIMS} tries`);
    });
  }

  async getPayment(id: string): Promise<PaymentRecord | null> {
    const [doc] = await this.equal('read a payment', PAYMENTS_COLLECTION, 'paymentId', id);
    return doc ? paymentOf(doc) : null;
  }

  async paymentByProviderId(providerPaymentId: string): Promise<PaymentRecord | null> {
    const doc = await getHashed(this.client, 'read a payment', PAYMENTS_COLLECTION, providerPaymentId);
    return doc ? paymentOf(doc) : null;
  }

  paymentsForLead(lead: LeadRef): Promise<PaymentRecord[]> {
    return this.ofLead('read a lead’s payments', PAYMENTS_COLLECTION, lead, paymentOf, (p) => p.paidAt);
  }

  async paymentsBetween(from: string, to: string, limit: number): Promise<PaymentRecord[]> {
    const docs = await this.range('read payments', PAYMENTS_COLLECTION, 'paidAt', from, to, limit);
    return docs.map(paymentOf);
  }

  async getRefund(id: string): Promise<RefundRecord | null> {
    const doc = await getHashed(this.client, 'read a refund', REFUNDS_COLLECTION, id);
    return doc ? refundOf(doc) : null;
  }

  putRefund(r: RefundRecord): Promise<void> {
    return setHashed(this.client, 'store a refund', REFUNDS_COLLECTION, r.id, refundFields(r));
  }

  async refundsOf(providerPaymentId: string): Promise<RefundRecord[]> {
    const docs = await this.equal(
      'read a payment’s refunds',
      REFUNDS_COLLECTION,
      'providerPaymentId',
      providerPaymentId,
    );
    return docs.map(refundOf).sort((a, b) => -newestFirst<RefundRecord>((r) => r.createdAt)(a, b));
  }

  async refundsBetween(from: string, to: string, limit: number): Promise<RefundRecord[]> {
    const docs = await this.range('read refunds', REFUNDS_COLLECTION, 'createdAt', from, to, limit);
    return docs.map(refundOf);
  }

  async eraseLead(lead: LeadRef, at: string): Promise<{ requests: number; payments: number }> {
    const requests = await this.requestsForLead(lead);
    const payments = await this.paymentsForLead(lead);
    return guarded('erase a lead’s payments', async () => {
      let erased = 0;
      for (const r of requests) {
        if (await this.client.delete(PAYMENT_REQUESTS_COLLECTION, await hashedId(r.formId))) erased += 1;
      }
      // Each payment is written again as its accounting copy: no lead, the receipt kept, erasedAt set.
      for (const p of payments) {
        const { lead: _lead, ...copy } = p;
        await this.client.set(
          PAYMENTS_COLLECTION,
          await hashedId(p.providerPaymentId),
          paymentFields({ ...copy, erasedAt: at }),
        );
      }
      return { requests: erased, payments: payments.length };
    });
  }

  async expiredCopies(before: string, limit: number): Promise<PaymentRecord[]> {
    const docs = await guarded('read expired accounting copies', () =>
      this.client.query(oldestBefore(PAYMENTS_COLLECTION, 'copyPaidAt', before, limit)),
    );
    return docs.map(paymentOf);
  }

  async deletePayment(id: string): Promise<boolean> {
    const payment = await this.getPayment(id);
    if (!payment) return false;
    const refunds = await this.refundsOf(payment.providerPaymentId);
    return guarded('delete a payment', async () => {
      for (const r of refunds) await this.client.delete(REFUNDS_COLLECTION, await hashedId(r.id));
      // The receipt number's document stays: the number is never given again.
      return this.client.delete(PAYMENTS_COLLECTION, await hashedId(payment.providerPaymentId));
    });
  }

  /** The highest number claimed in the year whose numbers start after `first` (0 for none). */
  private async lastSeq(first: number): Promise<number> {
    const [doc] = await this.client.query({
      from: [{ collectionId: RECEIPT_NUMBERS_COLLECTION }],
      where: allOf(
        fieldFilter('order', 'GREATER_THAN', { integerValue: String(first) }),
        fieldFilter('order', 'LESS_THAN', { integerValue: String(first + YEAR_SPAN) }),
      ),
      orderBy: [{ field: { fieldPath: 'order' }, direction: 'DESCENDING' }],
      limit: 1,
    });
    return doc ? Number(doc.fields?.seq?.integerValue ?? 0) : 0;
  }

  private async findRequest(id: string): Promise<PaymentRequestRecord | null> {
    const [doc] = await this.client.query(whereEqual(PAYMENT_REQUESTS_COLLECTION, 'requestId', { stringValue: id }));
    return doc ? requestOf(doc) : null;
  }

  /** A lead's records in `collection` (each document holds its lead's key), newest first by their `time`. */
  private async ofLead<T extends { id: string }>(
    what: string,
    collection: string,
    lead: LeadRef,
    of: (doc: Document) => T,
    time: (record: T) => string,
  ): Promise<T[]> {
    const docs = await this.equal(what, collection, 'leadKey', leadKey(lead));
    return docs.map(of).sort(newestFirst(time));
  }

  private equal(what: string, collection: string, field: string, value: string): Promise<Document[]> {
    return guarded(what, () => this.client.query(whereEqual(collection, field, { stringValue: value })));
  }

  /** Documents whose time `field` is in [from, to), newest first, at most `limit` (one range on one field). */
  private range(what: string, collection: string, field: string, from: string, to: string, limit: number) {
    return guarded(what, () =>
      this.client.query({
        from: [{ collectionId: collection }],
        where: inRange(field, { timestampValue: from }, { timestampValue: to }),
        orderBy: [{ field: { fieldPath: field }, direction: 'DESCENDING' }],
        limit,
      }),
    );
  }
}

const idOf = (doc: Document) => doc.name.slice(doc.name.lastIndexOf('/') + 1);

/** Newest first by a time, then by id descending (so equal times keep one order, as D1's ORDER BY … id DESC). */
function newestFirst<T extends { id: string }>(time: (record: T) => string) {
  return (a: T, b: T) => Date.parse(time(b)) - Date.parse(time(a)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
