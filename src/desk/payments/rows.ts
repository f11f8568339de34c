import type { PaymentStore, PaymentRecord, RefundRecord } from '../../store/payments/payments';
import { REFUND_STATUSES, REQUEST_STATUSES } from '../../store/payments/payments';
import { TIME_ZONE } from '../../words/site';
import { csvCell } from '../export';
import { leadPath } from '../page';

/** Records of each kind read for one month at most: a coach's month holds far fewer. */
export const MONTH_LIMIT = 500;

/** What the list may be narrowed to: a request's status, a payment received, or a refund's status. */
export const ROW_STATUSES = [...REQUEST_STATUSES, 'received', ...REFUND_STATUSES.map((s) => `refund_${s}` as const)];
export type RowStatus = (typeof ROW_STATUSES)[number];

/** One line of /desk/payments and of its CSV. */
export interface PaymentRow {
  kind: 'request' | 'payment' | 'refund';
  id: string;
  at: string;
  status: RowStatus;
  amountPaise: number;
  program: string;
  description: string;
  /** The lead's page, while the person is not erased. */
  leadHref?: string;
  /** A payment's receipt number and page; a refund's payment's. */
  receipt?: { number: string; href: string };
  method: string;
  buyer: string;
}

/** `2026-11` as the instants its first and next month begin in the site's time zone; null when not a month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const [year, mon] = [Number(m[1]), Number(m[2])];
  const start = (y: number, mo: number) =>
    new Date(Date.UTC(y, mo - 1, 1) - TIME_ZONE.utcOffsetMinutes * 60_000).toISOString();
  return { from: start(year, mon), to: mon === 12 ? start(year + 1, 1) : start(year, mon + 1) };
}

/** The month an instant falls in, in the site's time zone (`2026-11`). */
export function monthOf(at: Date): string {
  return new Date(at.getTime() + TIME_ZONE.utcOffsetMinutes * 60_000).toISOString().slice(0, 7);
}

const receiptOf = (p: PaymentRecord) => ({
  number: p.receipt.number,
  href: `/desk/payments/${encodeURIComponent(p.id)}/receipt`,
});

/** A month's requests, payments and refunds, newest first, narrowed to `status` when given. */
export async function monthRows(
  store: PaymentStore,
  range: { from: string; to: string },
  status?: RowStatus,
): Promise<PaymentRow[]> {
  const [requests, payments, refunds] = await Promise.all([
    store.requestsBetween(range.from, range.to, MONTH_LIMIT),
    store.paymentsBetween(range.from, range.to, MONTH_LIMIT),
    store.refundsBetween(range.from, range.to, MONTH_LIMIT),
  ]);
  const rows: PaymentRow[] = [
    ...requests.map((r): PaymentRow => ({
      kind: 'request',
      id: r.id,
      at: r.createdAt,
      status: r.status,
      amountPaise: r.amountPaise,
      program: r.program ?? '',
      description: r.description,
      leadHref: leadPath(r.lead.kind, r.lead.id),
      method: '',
      buyer: '',
    })),
    ...payments.map((p): PaymentRow => ({
      kind: 'payment',
      id: p.id,
      at: p.paidAt,
      status: 'received',
      amountPaise: p.amountPaise,
      program: p.receipt.program ?? '',
      description: p.receipt.description,
      ...(p.lead && { leadHref: leadPath(p.lead.kind, p.lead.id) }),
      receipt: receiptOf(p),
      method: p.method,
      buyer: p.receipt.buyerName,
    })),
    ...(await Promise.all(refunds.map((r) => refundRow(store, r)))),
  ];
  return rows.filter((r) => !status || r.status === status).sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

async function refundRow(store: PaymentStore, r: RefundRecord): Promise<PaymentRow> {
  const payment = await store.paymentByProviderId(r.providerPaymentId);
  return {
    kind: 'refund',
    id: r.id,
    at: r.createdAt,
    status: `refund_${r.status}`,
    amountPaise: r.amountPaise,
    program: payment?.receipt.program ?? '',
    description: payment?.receipt.description ?? '',
    ...(payment?.lead && { leadHref: leadPath(payment.lead.kind, payment.lead.id) }),
    ...(payment && { receipt: receiptOf(payment) }),
    method: payment?.method ?? '',
    buyer: payment?.receipt.buyerName ?? '',
  };
}

const HEADERS = ['kind', 'id', 'at', 'status', 'amount_rupees', 'program', 'description', 'receipt', 'method', 'buyer'];

/** The rows as CSV (UTF-8 with a byte-order mark), every cell neutralised so a spreadsheet never runs one. */
export function rowsCsv(rows: readonly PaymentRow[]): string {
  const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  const body = rows.map((r) =>
    line([
      r.kind,
      r.id,
      r.at,
      r.status,
      (r.amountPaise / 100).toFixed(2),
      r.program,
      r.description,
      r.receipt?.number ?? '',
      r.method,
      r.buyer,
    ]),
  );
  return `\uFEFF${line(HEADERS)}${body.join('')}`;
}
