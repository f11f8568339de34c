import type {
  LeadRef,
  PaymentRecord,
  PaymentRequestRecord,
  PaymentStore,
  Receipt,
  RefundRecord,
  RefundStatus,
} from './payments';
import { pruneOldest, rowOf, rowsOf } from '../d1-read';
import type { LeadKind } from '../leads/lead';
import { present } from '../present';

interface RequestRow {
  request: string;
}

interface PaymentRow {
  id: string;
  provider: string;
  provider_payment_id: string;
  request_id: string;
  lead_kind: string | null;
  lead_id: string | null;
  amount_paise: number;
  method: string;
  paid_at: string;
  receipt_year: string;
  receipt_seq: number;
  receipt_number: string;
  receipt: string;
  erased_at: string | null;
}

interface RefundRow {
  id: string;
  provider_payment_id: string;
  amount_paise: number;
  status: string;
  requested_by: string | null;
  created_at: string;
  event_at: string | null;
}

const REQUESTS = 'SELECT request FROM payment_requests';
const PAYMENTS = 'SELECT * FROM payments';
const REFUNDS = 'SELECT * FROM refunds';
/** A lead's rows of `select`, newest first by their `time` column (a lead's requests, or its payments). */
const newestOfLead = (select: string, time: string) =>
  `${select} WHERE lead_kind = ? AND lead_id = ? ORDER BY ${time} DESC, id DESC`;
/** The rows of `select` whose `time` is in [from, to), newest first, `limit` at most (the desk's lists by month). */
const newestBetween = (select: string, time: string) =>
  `${select} WHERE ${time} >= ? AND ${time} < ? ORDER BY ${time} DESC, id DESC LIMIT ?`;

/**
 * Payments in D1 (migrations/0033_payments.sql). A payment and its receipt number are written in one batch (a D1
 * batch is one transaction, and batches on a database run one at a time), so a year's numbers have no gap and no
 * double however many payments arrive at once.
 */
export class D1PaymentStore implements PaymentStore {
  constructor(private readonly db: D1Database) {}

  async createRequest(r: PaymentRequestRecord): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO payment_requests (id, form_id, lead_kind, lead_id, link_id, created_at, request)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(r.id, r.formId, r.lead.kind, r.lead.id, r.linkId ?? null, r.createdAt, JSON.stringify(r))
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  getRequest(id: string): Promise<PaymentRequestRecord | null> {
    return rowOf(this.db.prepare(`${REQUESTS} WHERE id = ?`).bind(id), requestOf);
  }

  requestByForm(formId: string): Promise<PaymentRequestRecord | null> {
    return rowOf(this.db.prepare(`${REQUESTS} WHERE form_id = ?`).bind(formId), requestOf);
  }

  requestByLink(linkId: string): Promise<PaymentRequestRecord | null> {
    return rowOf(this.db.prepare(`${REQUESTS} WHERE link_id = ?`).bind(linkId), requestOf);
  }

  async putRequest(r: PaymentRequestRecord): Promise<void> {
    await this.db
      .prepare(
        `INSERT OR REPLACE INTO payment_requests (id, form_id, lead_kind, lead_id, link_id, created_at, request)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(r.id, r.formId, r.lead.kind, r.lead.id, r.linkId ?? null, r.createdAt, JSON.stringify(r))
      .run();
  }

  requestsForLead(lead: LeadRef): Promise<PaymentRequestRecord[]> {
    return rowsOf(this.db.prepare(newestOfLead(REQUESTS, 'created_at')).bind(lead.kind, lead.id), requestOf);
  }

  requestsBetween(from: string, to: string, limit: number): Promise<PaymentRequestRecord[]> {
    return rowsOf(this.db.prepare(newestBetween(REQUESTS, 'created_at')).bind(from, to, limit), requestOf);
  }

  async markEvent(eventId: string, receivedAt: string): Promise<boolean> {
    const result = await this.db
      .prepare('INSERT INTO payment_events (event_id, received_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .bind(eventId, receivedAt)
      .run();
    return (result.meta.changes ?? 0) > 0;
  }

  async pruneEvents(before: string, limit: number): Promise<number> {
    const oldest = { table: 'payment_events', key: 'event_id', time: 'received_at' };
    const result = await pruneOldest(this.db, oldest, before, limit).run();
    return result.meta.changes ?? 0;
  }

  async recordPayment(
    p: Omit<PaymentRecord, 'receipt'> & { receipt: Omit<Receipt, 'number' | 'seq'> },
    prefix: string,
  ): Promise<{ payment: PaymentRecord; created: boolean }> {
    const { year, ...rest } = p.receipt;
    const absent = 'NOT EXISTS (SELECT 1 FROM payments WHERE provider_payment_id = ?)';
    // Both statements do nothing for a payment already recorded; otherwise the year's counter goes up by one and
    // the payment takes the new value, inside the batch's one transaction.
    const [, inserted] = await this.db.batch([
      this.db
        .prepare(
          `INSERT INTO receipt_counters (year, last) SELECT ?, 1 WHERE ${absent}
           ON CONFLICT (year) DO UPDATE SET last = last + 1`,
        )
        .bind(year, p.providerPaymentId),
      this.db
        .prepare(
          `INSERT INTO payments (id, provider, provider_payment_id, request_id, lead_kind, lead_id, amount_paise,
             method, paid_at, receipt_year, receipt_seq, receipt_number, receipt, erased_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, c.year, c.last, ? || '/' || c.year || '/' || printf('%04d', c.last), ?, ?
           FROM receipt_counters c WHERE c.year = ? AND ${absent}`,
        )
        .bind(
          p.id,
          p.provider,
          p.providerPaymentId,
          p.requestId,
          p.lead?.kind ?? null,
          p.lead?.id ?? null,
          p.amountPaise,
          p.method,
          p.paidAt,
          prefix,
          JSON.stringify(rest),
          p.erasedAt ?? null,
          year,
          p.providerPaymentId,
        ),
    ]);
    const payment = await this.paymentByProviderId(p.providerPaymentId);
    if (!payment) throw new Error('the payment was not stored');
    return { payment, created: (inserted?.meta.changes ?? 0) > 0 };
  }

  getPayment(id: string): Promise<PaymentRecord | null> {
    return rowOf(this.db.prepare(`${PAYMENTS} WHERE id = ?`).bind(id), paymentOf);
  }

  paymentByProviderId(providerPaymentId: string): Promise<PaymentRecord | null> {
    return rowOf(this.db.prepare(`${PAYMENTS} WHERE provider_payment_id = ?`).bind(providerPaymentId), paymentOf);
  }

  paymentsForLead(lead: LeadRef): Promise<PaymentRecord[]> {
    return rowsOf(this.db.prepare(newestOfLead(PAYMENTS, 'paid_at')).bind(lead.kind, lead.id), paymentOf);
  }

  paymentsBetween(from: string, to: string, limit: number): Promise<PaymentRecord[]> {
    return rowsOf(this.db.prepare(newestBetween(PAYMENTS, 'paid_at')).bind(from, to, limit), paymentOf);
  }

  getRefund(id: string): Promise<RefundRecord | null> {
    return rowOf(this.db.prepare(`${REFUNDS} WHERE id = ?`).bind(id), refundOf);
  }

  async putRefund(r: RefundRecord): Promise<void> {
    await this.db
      .prepare(
        `INSERT OR REPLACE INTO refunds (id, provider_payment_id, amount_paise, status, requested_by, created_at,
           event_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(r.id, r.providerPaymentId, r.amountPaise, r.status, r.requestedBy ?? null, r.createdAt, r.eventAt ?? null)
      .run();
  }

  refundsOf(providerPaymentId: string): Promise<RefundRecord[]> {
    const sql = `${REFUNDS} WHERE provider_payment_id = ? ORDER BY created_at, id`;
    return rowsOf(this.db.prepare(sql).bind(providerPaymentId), refundOf);
  }

  refundsBetween(from: string, to: string, limit: number): Promise<RefundRecord[]> {
    return rowsOf(this.db.prepare(newestBetween(REFUNDS, 'created_at')).bind(from, to, limit), refundOf);
  }

  async eraseLead(lead: LeadRef, at: string): Promise<{ requests: number; payments: number }> {
    const [requests, payments] = await this.db.batch([
      this.db.prepare('DELETE FROM payment_requests WHERE lead_kind = ? AND lead_id = ?').bind(lead.kind, lead.id),
      this.db
        .prepare(
          'UPDATE payments SET lead_kind = NULL, lead_id = NULL, erased_at = ? WHERE lead_kind = ? AND lead_id = ?',
        )
        .bind(at, lead.kind, lead.id),
    ]);
    return { requests: requests?.meta.changes ?? 0, payments: payments?.meta.changes ?? 0 };
  }

  expiredCopies(before: string, limit: number): Promise<PaymentRecord[]> {
    const sql = `${PAYMENTS} WHERE erased_at IS NOT NULL AND paid_at < ? ORDER BY paid_at, id LIMIT ?`;
    return rowsOf(this.db.prepare(sql).bind(before, limit), paymentOf);
  }

  async deletePayment(id: string): Promise<boolean> {
    const [, payment] = await this.db.batch([
      this.db
        .prepare(
          'DELETE FROM refunds WHERE provider_payment_id IN (SELECT provider_payment_id FROM payments WHERE id = ?)',
        )
        .bind(id),
      this.db.prepare('DELETE FROM payments WHERE id = ?').bind(id),
    ]);
    return (payment?.meta.changes ?? 0) > 0;
  }
}

const requestOf = (row: RequestRow) => JSON.parse(row.request) as PaymentRequestRecord;

function paymentOf(row: PaymentRow): PaymentRecord {
  const rest = JSON.parse(row.receipt) as Omit<Receipt, 'number' | 'year' | 'seq'>;
  return {
    id: row.id,
    provider: row.provider as PaymentRecord['provider'],
    providerPaymentId: row.provider_payment_id,
    requestId: row.request_id,
    ...(row.lead_kind !== null &&
      row.lead_id !== null && { lead: { kind: row.lead_kind as LeadKind, id: row.lead_id } }),
    amountPaise: row.amount_paise,
    method: row.method,
    paidAt: row.paid_at,
    receipt: { number: row.receipt_number, year: row.receipt_year, seq: row.receipt_seq, ...rest },
    ...present({ erasedAt: row.erased_at }),
  };
}

function refundOf(row: RefundRow): RefundRecord {
  return {
    id: row.id,
    providerPaymentId: row.provider_payment_id,
    amountPaise: row.amount_paise,
    status: row.status as RefundStatus,
    ...present({ requestedBy: row.requested_by }),
    createdAt: row.created_at,
    ...present({ eventAt: row.event_at }),
  };
}
